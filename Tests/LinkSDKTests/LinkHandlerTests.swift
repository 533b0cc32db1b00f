import Testing
@testable import LinkSDK

@Suite("LinkHandler: present(in:) hands the handler to its host; create() gives a session")
struct LinkHandlerTests {
    /// A host that keeps what it was asked to present.
    final class Host: LinkPresenting {
        var presented: [LinkHandler] = []
        func present(_ handler: LinkHandler) { presented.append(handler) }
    }

    @Test("present(in:) calls host.present with the handler, once; the callbacks stay on the configuration")
    func present() {
        var exits = 0
        let configuration = LinkConfiguration(linkToken: MeshLinkToken.sandbox(transfer: false),
                                              onIntegrationConnected: { _ in }, onExit: { exits += 1 })
        guard case .success(let handler) = configuration.createHandler() else {
            Issue.record("no handler for the sandbox token")
            return
        }
        let host = Host()
        handler.present(in: host)
        #expect(host.presented.count == 1 && host.presented.first === handler)
        #expect(exits == 0)
        handler.configuration.onExit?()
        #expect(exits == 1)
    }

    @Test("create() gives a new session each time, for the same configuration")
    func create() {
        let configuration = LinkConfiguration(linkToken: MeshLinkToken.sandbox(transfer: false),
                                              onIntegrationConnected: { _ in })
        guard case .success(let handler) = configuration.createHandler() else {
            Issue.record("no handler for the sandbox token")
            return
        }
        let first = handler.create(), second = handler.create()
        #expect(first !== second)
        #expect(first.configuration === configuration && second.configuration === configuration)
        #expect(first.url.host == "web.meshconnect.com" && !first.isTransferLink)
    }
}
