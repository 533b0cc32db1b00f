/// AccountToken: one connected account and the tokens that reach it.
public struct AccountToken: Codable {
    /// The account.
    public var account: Account
    /// The access token for the account.
    public var accessToken: String
    /// The refresh token, where the integration gives one.
    public var refreshToken: String?
}

/// Account: an account at an integration, with its balances where known.
public struct Account: Codable {
    /// The integration's id for the account.
    public var accountId: String
    /// The account's name.
    public var accountName: String
    /// Mesh's id for the account, where it has one.
    public var frontAccountId: String?
    /// The account's fund balance.
    public var fund: Double?
    /// The account's cash balance.
    public var cash: Double?
    /// Whether the account was connected before and has been reconnected.
    public var isReconnected: Bool?
}

/// BrandInfo: an integration's logo (a base64 image or a URL) and primary colour.
public struct BrandInfo: Codable {
    /// The logo.
    public var brokerLogo: String
    /// The primary colour, e.g. `#0052FF`.
    public var brokerPrimaryColor: String?
}

/// IntegrationAccessToken: a token a host passes back to Link (`LinkSettings.accessTokens`,
/// `transferDestinationTokens`) for an account connected before.
public struct IntegrationAccessToken: Codable {
    /// The account's id.
    public var accountId: String
    /// The account's name.
    public var accountName: String
    /// The access token.
    public var accessToken: String
    /// The integration's type.
    public var brokerType: String
    /// The integration's name.
    public var brokerName: String
}
