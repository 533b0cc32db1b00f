import Foundation

/// OAuthRedirect: the redirect URI rules (https only, as Plaid requires of a registered redirect
/// URI) and the matching of the URL an app hands back.
public enum OAuthRedirect {
    /// Why `uri` cannot be a redirect URI, or `nil`.
    public static func problem(with uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased() else {
            return "the redirect URI \(UntrustedText.quoted(uri)) is not a URL; give an https URL, e.g. https://example.com/oauth"
        }
        guard scheme == "https" else {
            return "the redirect URI must use https (\(UntrustedText.quoted(scheme + "://")) is refused: Plaid does not "
                + "accept custom schemes; use a universal link such as https://example.com/oauth)"
        }
        guard let host = components.host, !host.isEmpty else {
            return "the redirect URI \(UntrustedText.quoted(uri)) has no host; e.g. https://example.com/oauth"
        }
        guard components.queryItems == nil, components.fragment == nil else {
            return "the redirect URI \(UntrustedText.quoted(uri)) must have no query or fragment"
        }
        return nil
    }

    /// The URL the bank redirects to: the redirect URI with `oauth_state_id`.
    static func url(redirectURI: String, stateID: String) -> String {
        redirectURI + "?oauth_state_id=" + stateID
    }

    /// Whether `url` is the redirect: the same scheme, host, port and path as the redirect URI,
    /// and the session's `oauth_state_id`.
    static func matches(_ url: String, redirectURI: String, stateID: String) -> Bool {
        guard let given = URLComponents(string: url), let expected = URLComponents(string: redirectURI) else { return false }
        return given.scheme?.lowercased() == expected.scheme?.lowercased() && given.host?.lowercased() == expected.host?.lowercased()
            && given.port == expected.port && given.path == expected.path
            && given.queryItems?.first(where: { $0.name == "oauth_state_id" })?.value == stateID
    }
}

extension LinkEngine {
    /// The bank approved: it redirects to the app's URI; the session waits for the app.
    mutating func redirectToApp() {
        guard let uri = configuration.redirectURI else { return }
        newRequest()
        redirectURL = OAuthRedirect.url(redirectURI: uri, stateID: ids.uuid())
        pane = .oauth(.redirected)
    }

    /// The app hands a URL back: the redirect resumes the session (LOADING, then account
    /// select); any other URL is ignored (nothing happens, nothing is emitted).
    mutating func resume(from url: String) throws(ActionRejected) {
        guard pane == .oauth(.redirected), let expected = redirectURL, let uri = configuration.redirectURI else {
            throw misfit("a redirect")
        }
        let stateID = String(expected.dropFirst(uri.count + "?oauth_state_id=".count))
        guard OAuthRedirect.matches(url, redirectURI: uri, stateID: stateID) else { return }
        redirectURL = nil
        newRequest()
        startLoading(.oauthApproved)
    }
}
