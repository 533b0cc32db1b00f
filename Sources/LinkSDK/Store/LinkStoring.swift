/// LinkStoring: what keeps connected integrations between sessions (LinkSDK v2's protocol).
public protocol LinkStoring {
    /// The connected integrations.
    var accessTokens: [AccessTokenPayload] { get }
    /// Adds (or, with the same ``AccessTokenPayload/id``, replaces) an integration and saves.
    func add(accessToken: AccessTokenPayload)
    /// Removes an integration (call Mesh's Remove connection API first) and saves.
    func remove(accessToken: AccessTokenPayload)
    /// Saves the integrations as they are now (after changing one's fields).
    func saveAccessTokens()
}
