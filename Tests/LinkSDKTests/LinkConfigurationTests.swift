import Foundation
import Testing
@testable import LinkSDK

@Suite("LinkConfiguration.createHandler: callbacks first, then the link token, as LinkSDK 2.0.4 checks them")
struct LinkConfigurationTests {
    static let callbacksMessage = "Either 'onIntegrationConnected' or 'onTransferFinished' callback must be provided"
    static let tokenMessage = "Invalid linkToken"

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// Valid in standard base64; `+` in it (`~~~` encodes to `fn5+fg==`).
    static let plusToken = base64("https://web.meshconnect.com/?q=~~~")
    /// Valid in standard base64; `/` in it (`???` encodes to `Pz8/Pw==`).
    static let slashToken = base64("https://web.meshconnect.com/?q=???")

    /// Tokens LinkSDK accepts, each with what it is.
    static let validTokens: [(String, String)] = [
        (MeshLinkToken.sandbox(transfer: false), "the sandbox token"),
        (MeshLinkToken.sandbox(transfer: true), "the sandbox transfer token"),
        (plusToken, "standard base64 with +"),
        (slashToken, "standard base64 with /"),
        (base64("http://localhost:8080/link"), "http, a host and a port"),
        (base64("HTTPS://WEB.MESHCONNECT.COM/"), "the scheme in capitals"),
    ]

    /// Tokens LinkSDK answers "Invalid linkToken" to, each with why.
    static let invalidTokens: [(String, String)] = [
        ("===", "not base64 (LinkSDKTests' own invalid token)"),
        ("", "empty"),
        (base64("hello"), "base64 of a relative URL"),
        (base64("transfer_token"), "base64 of a relative URL mentioning transfer_token"),
        (plusToken.replacingOccurrences(of: "+", with: "-"), "base64url's - for +"),
        (slashToken.replacingOccurrences(of: "/", with: "_"), "base64url's _ for /"),
        (plusToken.replacingOccurrences(of: "=", with: ""), "padding missing"),
        (slashToken.replacingOccurrences(of: "=", with: ""), "padding missing (again)"),
        (newlineInside(MeshLinkToken.sandbox(transfer: false)), "a newline inside"),
        (MeshLinkToken.sandbox(transfer: false) + "\n", "a newline at the end"),
        (" " + MeshLinkToken.sandbox(transfer: false), "a space in front"),
        ("/w==", "bytes that are not UTF-8"),
        (base64("ftp://web.meshconnect.com/"), "a scheme other than http or https"),
        (base64("https:///b2b-iframe"), "no host"),
        (base64("https://web mesh.com/"), "not a URL (a space in the host)"),
    ]

    /// `token` with a line break after its 76th character, as base64 encoders wrap lines.
    static func newlineInside(_ token: String) -> String {
        String(token.prefix(76)) + "\n" + String(token.dropFirst(76))
    }

    /// The failure's message, or nil for a handler.
    static func failure(_ result: LinkResult) -> String? {
        switch result {
        case .failure(let message): message
        case .success: nil
        }
    }

    @Test("the tokens the invalid cases are made from have what the cases take out: +, /, padding")
    func invalidCasesChangeSomething() {
        #expect(Self.plusToken.contains("+") && Self.plusToken.hasSuffix("=="))
        #expect(Self.slashToken.contains("/") && Self.slashToken.hasSuffix("=="))
        #expect(MeshLinkToken.sandbox(transfer: false).count > 76)
    }

    @Test("no callbacks: the callbacks message, before the token is looked at (bad or good)")
    func callbacksFirst() {
        for token in ["===", Self.base64("hello"), MeshLinkToken.sandbox(transfer: false)] {
            let onlyExitAndEvents = LinkConfiguration(linkToken: token, onEvent: { _ in }, onExit: {})
            #expect(Self.failure(onlyExitAndEvents.createHandler()) == Self.callbacksMessage)
            #expect(Self.failure(LinkConfiguration(linkToken: token).createHandler()) == Self.callbacksMessage)
        }
    }

    @Test("a token that is not base64 of an openable http(s) URL: Invalid linkToken, with either callback",
          arguments: invalidTokens)
    func invalidToken(token: String, why: String) {
        let connect = LinkConfiguration(linkToken: token, onIntegrationConnected: { _ in })
        let transfer = LinkConfiguration(linkToken: token, onTransferFinished: { _ in })
        #expect(Self.failure(connect.createHandler()) == Self.tokenMessage, "\(why)")
        #expect(Self.failure(transfer.createHandler()) == Self.tokenMessage, "\(why)")
        #expect(!connect.isLinkTokenValid && !connect.isTransferLink, "\(why)")
        #expect(MeshLinkToken(token) == nil, "\(why)")
    }

    @Test("a valid token gives a handler holding its configuration", arguments: validTokens)
    func validToken(token: String, what: String) throws {
        let configuration = LinkConfiguration(linkToken: token, onTransferFinished: { _ in })
        #expect(configuration.isLinkTokenValid, "\(what)")
        guard case .success(let handler) = configuration.createHandler() else {
            Issue.record("no handler for \(what)")
            return
        }
        #expect(handler.configuration === configuration)
        let data = try #require(Data(base64Encoded: token))
        let decoded = try #require(String(data: data, encoding: .utf8))
        #expect(handler.create().url == URL(string: decoded))
    }

    @Test("isLinkTokenValid agrees with createHandler for every token, with callbacks given")
    func validityAgrees() {
        for (token, why) in Self.validTokens + Self.invalidTokens {
            let configuration = LinkConfiguration(linkToken: token, onIntegrationConnected: { _ in },
                                                  onTransferFinished: { _ in })
            let handled = Self.failure(configuration.createHandler()) == nil
            #expect(configuration.isLinkTokenValid == handled, "\(why)")
        }
    }

    @Test("isTransferLink: only a valid token whose URL contains transfer_token")
    func transferLink() {
        let transfer = MeshLinkToken.sandbox(transfer: true)
        #expect(LinkConfiguration(linkToken: transfer).isTransferLink)
        #expect(MeshLinkToken(transfer)?.url.query?.contains("transfer_token=") == true)
        for (token, why) in Self.validTokens + Self.invalidTokens where token != transfer {
            #expect(!LinkConfiguration(linkToken: token).isTransferLink, "\(why)")
        }
        guard case .success(let handler) = LinkConfiguration(linkToken: transfer, onTransferFinished: { _ in })
            .createHandler() else {
            Issue.record("no handler for the sandbox transfer token")
            return
        }
        #expect(handler.create().isTransferLink)
    }

    @Test("the sandbox token: padded standard base64 of Mesh's example shape, the same every time")
    func sandboxToken() throws {
        let token = MeshLinkToken.sandbox(transfer: false)
        #expect(token == MeshLinkToken.sandbox(transfer: false))
        #expect(token.count % 4 == 0)
        let url = try #require(MeshLinkToken(token)?.url)
        #expect(url.absoluteString == "https://web.meshconnect.com/b2b-iframe/6c696e6b-7465-726d-2073-616e64626f78"
            + "/broker-connect?auth_code=linkterm-sandbox")
        let transferURL = try #require(MeshLinkToken(MeshLinkToken.sandbox(transfer: true))?.url)
        #expect(transferURL.absoluteString == url.absoluteString + "&transfer_token=linkterm-sandbox-transfer")
    }
}
