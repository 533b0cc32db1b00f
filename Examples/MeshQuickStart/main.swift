// MeshQuickStart: a Swift program that embeds Mesh Link the way Mesh's iOS README embeds LinkSDK v2
// (seed 003): a LinkConfiguration with the link token and the callbacks, createHandler(), then
// handler.present(in:) — here the terminal host, `TerminalLinkHost()`, instead of the view
// controller `self` (a host with no terminal calls onExit at once, and says why). It prints each callback as it fires and the outcome at the end. The token
// is the sandbox's (an app gets it from its server, POST /api/v1/linktoken).
import Foundation
import LinkSDK
import LinkUI

final class ConnectAccount {
    private let linkToken = MeshLinkToken.sandbox(transfer: false)
    var lines: [String] = []

    func connectButtonTapped() {
        let configuration = LinkConfiguration(
            linkToken: linkToken,
            settings: nil,
            onIntegrationConnected: { [unowned self] linkPayload in
                switch linkPayload {
                case .accessToken(let accessTokenPayload):
                    lines.append("onIntegrationConnected accessToken \(accessTokenPayload.brokerName) accounts=\(accessTokenPayload.accountTokens.count)")
                case .delayedAuth(let delayedAuthPayload):
                    lines.append("onIntegrationConnected delayedAuth \(delayedAuthPayload.brokerName)")
                }
            },
            onTransferFinished: { [unowned self] _ in
                lines.append("onTransferFinished")
            },
            onEvent: { [unowned self] event in
                lines.append("onEvent \(event?["type"] as? String ?? "?")")
            },
            onExit: { [unowned self] in
                lines.append("onExit")
            })
        let result = configuration.createHandler()
        switch result {
        case .failure(let error):
            lines.append("error: \(error)")
        case .success(let handler):
            let host = TerminalLinkHost()
            handler.present(in: host)
            // no terminal to show Link in: onExit was called; the host says why
            if let problem = host.problem { lines.append("no terminal: \(problem)") }
        }
    }
}

let app = ConnectAccount()
app.connectButtonTapped()
for line in app.lines { print(line) }
exit(app.lines.contains { $0.hasPrefix("onIntegrationConnected") } ? 0 : 1)
