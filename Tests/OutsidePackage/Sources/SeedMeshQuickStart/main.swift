// Seed 003 (Mesh Connect's iOS LinkSDK v2 README), its calls copied. Changed: the placeholders are
// filled (the sandbox link token; each callback logs one line with NSLog: standard error is held
// while Link is on screen and written once the terminal is restored), and `handler.present(in: self)`
// presents in the terminal host, `TerminalLinkHost()`, LinkUI's public answer to the view
// controller. Nothing else: only the public API of the LinkSDK and LinkUI products.
import Foundation
import LinkSDK
import LinkUI

let linkToken = MeshLinkToken.sandbox(transfer: false)

let onIntegrationConnected: (LinkPayload)->() = { linkPayload in
    switch linkPayload {
    case .accessToken(let accessTokenPayload):
        NSLog("onIntegrationConnected accessToken \(accessTokenPayload.brokerName)")
    case .delayedAuth(let delayedAuthPayload):
        NSLog("onIntegrationConnected delayedAuth \(delayedAuthPayload.brokerName)")
    }
}
let onTransferFinished: (TransferFinishedPayload)->() = { _ in NSLog("onTransferFinished") }
let onEvent: ([String: Any]?)->() = { event in NSLog("onEvent \(event?["type"] as? String ?? "?")") }
let onExit: ()->() = { NSLog("onExit") }

let settings = LinkSettings(useSecureOnDeviceStorage: false)
let configuration = LinkConfiguration(
    linkToken: linkToken,
    settings: settings,
    onIntegrationConnected: onIntegrationConnected,
    onTransferFinished: onTransferFinished,
    onEvent: onEvent,
    onExit: onExit)

let result = configuration.createHandler()
switch result {
case .failure(let error):
    NSLog("error \(error)")
case .success(let handler):
    handler.present(in: TerminalLinkHost())
}
