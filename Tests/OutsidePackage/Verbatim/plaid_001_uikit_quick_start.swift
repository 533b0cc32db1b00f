// seed 001, lines 135-169: Opening Link, Standard Link, UIKit (line 135 begins with the SwiftUI
// sample's closing brace, and line 169 ends with the Objective-C sample's start: both left out). Verbatim otherwise: Tests/pty/test_outside_package.py type-checks
// it with only the import changed and counts what compiles.
import LinkKit
import UIKit
final class ConnectBankViewController: UIViewController {
private var linkSession: PlaidLinkSession?
private let linkToken: String = "<#LINK_TOKEN_FROM_SERVER#>"
override func viewDidLoad() {
super.viewDidLoad()
createSession()
}
private func createSession() {
let configuration = LinkTokenConfiguration(
token: linkToken,
onSuccess: { success in
// Send success.publicToken to your app server.
},
onExit: { exit in
// Optionally handle exit data.
},
onEvent: { event in
// Optionally handle Link events.
},
onLoad: { [weak self] in
// Enable your "Connect account" button.
}
)
do {
linkSession = try Plaid.createPlaidLinkSession(configuration: configuration)
} catch {
// Handle the error.
}
}
@objc private func connectButtonTapped() {
linkSession?.open(using: .viewController(self))
}
}
