// Seed 001 ("Opening Link", Standard Link, UIKit), copied. Changed: `import UIKit` is `import
// LinkUI`; the class adopts nothing (no UIViewController: no `override`, `super.viewDidLoad()` or
// `@objc`); the token placeholder is a sandbox token; `.viewController(self)` is `.terminal`; each
// callback's comment is followed by one line that logs it with NSLog (the app's own code: standard
// error is held while Link is on screen and written, in order, once the terminal is restored).
import Foundation
import LinkKit
import LinkUI

final class ConnectBankViewController {
private var linkSession: PlaidLinkSession?
private let linkToken: String = "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"
func viewDidLoad() {
createSession()
}
private func createSession() {
let configuration = LinkTokenConfiguration(
token: linkToken,
onSuccess: { success in
// Send success.publicToken to your app server.
NSLog("onSuccess \(success.publicToken)")
},
onExit: { exit in
// Optionally handle exit data.
NSLog("onExit \(exit.metadata.status?.description ?? "null")")
},
onEvent: { event in
// Optionally handle Link events.
NSLog("onEvent \(event.eventName)")
},
onLoad: { [weak self] in
// Enable your "Connect account" button.
NSLog("onLoad \(self != nil)")
}
)
do {
linkSession = try Plaid.createPlaidLinkSession(configuration: configuration)
} catch {
// Handle the error.
NSLog("error \(error)")
}
}
func connectButtonTapped() {
linkSession?.open(using: .terminal)
}
}
