// QuickStart: a Swift program that embeds linkterm the way Plaid's iOS quick start embeds
// LinkKit (seed 001, "ConnectBankViewController"): a LinkTokenConfiguration with callbacks,
// Plaid.createPlaidLinkSession, then open(using:) — here `.terminal` instead of
// `.viewController(self)`. It prints each callback as it fires and the outcome at the end.
import Foundation
import LinkKit
import LinkUI

final class ConnectBank {
    private var linkSession: PlaidLinkSession?
    private let linkToken: String = "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"
    var lines: [String] = []

    func createSession() {
        let configuration = LinkTokenConfiguration(
            token: linkToken,
            onSuccess: { [unowned self] success in
                // Send success.publicToken to your app server.
                lines.append("onSuccess public_token=\(success.publicToken) accounts=\(success.metadata.accounts.count)")
            },
            onExit: { [unowned self] exit in
                var line = "onExit status=\(exit.metadata.status?.description ?? "null")"
                if let error = exit.error { line += " error=\(error.errorCode.errorType)/\(error.errorCode.errorCode): \(error.errorMessage)" }
                lines.append(line)
            },
            onEvent: { [unowned self] event in
                lines.append("onEvent \(event.eventName)")
            },
            onLoad: { [unowned self] in
                lines.append("onLoad")
            }
        )
        do {
            linkSession = try Plaid.createPlaidLinkSession(configuration: configuration)
        } catch {
            lines.append("error: \(error)")
        }
    }

    func connectButtonTapped() {
        linkSession?.open(using: .terminal)
    }
}

let app = ConnectBank()
app.createSession()
app.connectButtonTapped()
for line in app.lines { print(line) }
exit(app.lines.contains { $0.hasPrefix("onSuccess") } ? 0 : 1)
