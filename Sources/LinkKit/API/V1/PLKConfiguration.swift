import Foundation

/// PLKConfiguration: how LinkKit v1 opened Link: the link token and the optional OAuth settings
/// (seed 004). A `public_key` configuration no longer opens Link (see
/// ``init(key:env:product:)``).
public final class PLKConfiguration {
    /// The link token (`link-sandbox-<uuid>`).
    public let linkToken: String
    /// The OAuth redirect URI (https): the bank page ends by redirecting there.
    public var oauthRedirectUri: URL?
    /// A nonce of at least 16 characters, unique per login (a UUID), for OAuth.
    public var oauthNonce: String?
    /// Deprecated in v1 (the Dashboard decides): whether the user picks one account.
    public var selectAccount = false
    /// linkterm's sandbox and session settings.
    public var options = SessionOptions()

    /// A configuration with `linkToken` (v1's `initWithLinkToken:`).
    public init(linkToken: String) {
        self.linkToken = linkToken
    }

    /// The `public_key` initializer of LinkKit v1 before link tokens: refused, with the way on.
    @available(*, unavailable, message: "public_key integrations no longer open Link: create a link_token on your server with /link/token/create and use PLKConfiguration(linkToken:) (Plaid's link-token migration guide: plaid.com/docs/link/link-token-migration-guide)")
    public init(key: String, env: String, product: String) {
        self.linkToken = key
    }

    /// The `public_key` initializer as v1's sample apps call it (`env: .sandbox, product: .auth`):
    /// refused with the same migration message, not a type error.
    @available(*, unavailable, message: "public_key integrations no longer open Link: create a link_token on your server with /link/token/create and use PLKConfiguration(linkToken:) (Plaid's link-token migration guide: plaid.com/docs/link/link-token-migration-guide)")
    public init(key: String, env: PLKEnvironment, product: PLKProduct) {
        self.linkToken = key
    }

    /// v1's `oauthStateId` item ("An oauthStateId is required to support OAuth authentication
    /// flows when re-launching Link"): the state id of the redirect (``PLKOAuthStateIdFromURL(_:)``)
    /// this configuration re-launches Link with. ``PLKPlaidLinkViewController``'s
    /// `init(linkToken:oauthStateId:configuration:delegate:)` takes it too.
    public var oauthStateId: String?

    /// Why the configuration cannot open a session, if it cannot: a nonce shorter than 16
    /// characters, a redirect URI that is not https.
    public var problem: String? {
        if let nonce = oauthNonce, nonce.count < 16 {
            return "oauthNonce must be at least 16 characters (a UUID, unique for each login)"
        }
        if let uri = oauthRedirectUri, uri.scheme?.lowercased() != "https" {
            return "oauthRedirectUri must be an https universal link; custom URI schemes are not supported"
        }
        return nil
    }
}

/// The `oauth_state_id` of the URL Link redirected to after an OAuth bank (v1's
/// `PLKOAuthStateIdFromURL`); `nil` when the URL has none.
public func PLKOAuthStateIdFromURL(url: String) -> String? {
    guard let components = URLComponents(string: url) else { return nil }
    return components.queryItems?.first { $0.name == "oauth_state_id" }?.value.flatMap { $0.isEmpty ? nil : $0 }
}

/// v1's unlabelled spelling of ``PLKOAuthStateIdFromURL(url:)``.
public func PLKOAuthStateIdFromURL(_ url: String) -> String? {
    PLKOAuthStateIdFromURL(url: url)
}

/// PLKEnvironment: the environments of v1's `public_key` configuration (only the refused
/// `PLKConfiguration(key:env:product:)` takes one).
public enum PLKEnvironment: Sendable {
    case development, sandbox, production
}

/// PLKProduct: the products of v1's `public_key` configuration (only the refused
/// `PLKConfiguration(key:env:product:)` takes them).
public struct PLKProduct: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let auth = PLKProduct(rawValue: 1 << 0)
    public static let transactions = PLKProduct(rawValue: 1 << 1)
    public static let identity = PLKProduct(rawValue: 1 << 2)
    public static let income = PLKProduct(rawValue: 1 << 3)
    public static let assets = PLKProduct(rawValue: 1 << 4)
    public static let investments = PLKProduct(rawValue: 1 << 5)
    public static let liabilities = PLKProduct(rawValue: 1 << 6)
}
