/// LinkSettings: how Link treats connected accounts: whether LinkStore keeps them, and the
/// tokens of accounts connected before that Link may use.
public struct LinkSettings {
    /// Whether accounts connected in Link are added to `LinkStore` (the keychain on iOS). Storage
    /// is off when a configuration has no settings.
    public var useSecureOnDeviceStorage: Bool
    /// Accounts connected before, which Link may use without connecting them again.
    public var accessTokens: [IntegrationAccessToken]?
    /// Accounts connected before, which Link offers as the destination of a transfer.
    public var transferDestinationTokens: [IntegrationAccessToken]?

    /// Settings with storage on or off and, optionally, accounts connected before.
    public init(useSecureOnDeviceStorage: Bool, accessTokens: [IntegrationAccessToken]? = nil,
                transferDestinationTokens: [IntegrationAccessToken]? = nil) {
        self.useSecureOnDeviceStorage = useSecureOnDeviceStorage
        self.accessTokens = accessTokens
        self.transferDestinationTokens = transferDestinationTokens
    }
}
