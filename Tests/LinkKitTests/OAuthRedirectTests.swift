import Foundation
import Testing
@testable import LinkKit

@Suite("OAuth redirect: https only, the redirect resumes the session, continue(from:) from another thread")
struct OAuthRedirectTests {
    @Test("redirect URIs: https with a host, nothing else")
    func uris() {
        #expect(OAuthRedirect.problem(with: "https://example.com/oauth") == nil)
        #expect(OAuthRedirect.problem(with: "https://example.com:8443/a/b") == nil)
        #expect(OAuthRedirect.problem(with: "myapp://oauth")?.hasPrefix("the redirect URI must use https (\"myapp://\" is refused") == true)
        #expect(OAuthRedirect.problem(with: "http://example.com/oauth")?.hasPrefix("the redirect URI must use https") == true)
        #expect(OAuthRedirect.problem(with: "https:///oauth") == "the redirect URI \"https:///oauth\" has no host; e.g. https://example.com/oauth")
        #expect(OAuthRedirect.problem(with: "https://example.com/oauth?x=1") == "the redirect URI \"https://example.com/oauth?x=1\" must have no query or fragment")
        #expect(OAuthRedirect.problem(with: "not a url")?.contains("is not a URL") == true)
    }

    @Test("createPlaidLinkSession refuses a custom scheme with a clear error")
    func refused() {
        var configuration = LinkTokenConfiguration(token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", onSuccess: { _ in })
        configuration.options.redirectURI = "myapp://oauth"
        #expect(throws: ConfigurationError.self) { try Plaid.createPlaidLinkSession(configuration: configuration) }
    }

    @Test("continue(from:): a stray URL is ignored; the redirect, handed over from another thread,, the redirect resumes the session")
    func continueFromURL() throws {
        var configuration = LinkTokenConfiguration(token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", onSuccess: { _ in })
        configuration.options.redirectURI = "https://example.com/oauth"
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        let driver = session.makeDriver()
        driver.start()
        for action: UserAction in [.primary, .selectInstitution(id: "ins_127287"), .primary, .oauth(.approve)] {
            try driver.send(action)
        }
        #expect(driver.engine.pane == .oauth(.redirected))
        let redirect = try #require(driver.engine.redirectURL.flatMap(URL.init(string:)))
        #expect(redirect.absoluteString.hasPrefix("https://example.com/oauth?oauth_state_id="))
        let before = driver.records.count
        session.continue(from: URL(string: "https://example.com/elsewhere?oauth_state_id=1")!)
        driver.tick()
        #expect(driver.engine.pane == .oauth(.redirected))
        #expect(driver.records.count == before)
        let continuation = session.continuation
        let posted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            continuation.continue(from: redirect)
            posted.signal()
        }
        posted.wait()
        driver.tick()
        #expect(driver.engine.pane == .loading(from: .oauth(.redirected)))
        driver.settle()
        #expect(driver.engine.pane == .selectAccount)
    }
}
