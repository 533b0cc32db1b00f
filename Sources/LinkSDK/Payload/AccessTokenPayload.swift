/// AccessTokenPayload: a connected integration: its accounts with their tokens, its brand, when
/// the tokens expire. Fields as LinkSDK 2.0.4 declares them, decoded from the same JSON keys.
public struct AccessTokenPayload: Codable {
    /// The identity LinkStore de-duplicates by: the MD5 hex of `brokerType` followed by the first
    /// account's `accountId` (empty when there is none), as LinkSDK computes it.
    public var id: String {
        MD5.hex((brokerType + (accountTokens.first?.account.accountId ?? "")).utf8)
    }
    /// The accounts connected, each with its access token.
    public var accountTokens: [AccountToken]
    /// The integration's logo and colour.
    public var brokerBrandInfo: BrandInfo
    /// Seconds until the access tokens expire, if they do.
    public var expiresInSeconds: Int?
    /// Seconds until the refresh tokens expire, if they do.
    public var refreshTokenExpiresInSeconds: Int?
    /// The integration's type, e.g. `coinbase`.
    public var brokerType: String
    /// The integration's name, e.g. `Coinbase`.
    public var brokerName: String

    /// The token a host passes back in `LinkSettings.accessTokens` for `accountToken`.
    public func integrationAccessToken(accountToken: AccountToken) -> IntegrationAccessToken {
        IntegrationAccessToken(accountId: accountToken.account.accountId, accountName: accountToken.account.accountName,
                               accessToken: accountToken.accessToken, brokerType: brokerType, brokerName: brokerName)
    }
}
