/// DelayedAuthPayload: an integration that finishes authorising later: the refresh token to
/// complete it with, and its brand.
public struct DelayedAuthPayload: Codable {
    /// Seconds until the refresh token expires, if it does.
    public var refreshTokenExpiresInSeconds: Int?
    /// The integration's type.
    public var brokerType: String
    /// The token to complete the authorisation with.
    public var refreshToken: String
    /// The integration's name.
    public var brokerName: String
    /// The integration's logo and colour.
    public var brokerBrandInfo: BrandInfo
}
