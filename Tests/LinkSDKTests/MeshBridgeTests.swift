import Foundation
import Testing
@testable import LinkSDK

@Suite("A Mesh session through the LinkSDK API: the app's callbacks get typed payloads, the store keeps the connection")
final class MeshBridgeTests {
    var events: [String] = []
    var connected: [LinkPayload] = []
    var transfers: [TransferFinishedPayload] = []
    var exits = 0

    func configuration(transfer: Bool, storage: Bool) -> LinkConfiguration {
        LinkConfiguration(
            linkToken: MeshLinkToken.sandbox(transfer: transfer),
            settings: LinkSettings(useSecureOnDeviceStorage: storage),
            onIntegrationConnected: { self.connected.append($0) },
            onTransferFinished: { self.transfers.append($0) },
            onEvent: { self.events.append(($0?["type"] as? String) ?? "?") },
            onExit: { self.exits += 1 })
    }

    func session(_ configuration: LinkConfiguration) throws -> LinkSession {
        guard case .success(let handler) = configuration.createHandler() else { throw ActionRejected("createHandler failed") }
        return handler.create()
    }

    @Test("connect at Kraken with MFA, storage on: AccessTokenPayload decoded, added to LinkStore once, onExit after Done")
    func connectAndStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-bridge-\(UUID().uuidString)").path
        let session = try session(configuration(transfer: false, storage: true))
        session.store = LinkStore(folder: folder)
        var time = Timestamp(millis: 0)
        session.start(at: time, latencyMillis: 100, seed: 3)
        try session.send(.selectIntegration("kraken"), at: time)
        try session.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")), at: time)
        time = time.adding(millis: 100)
        session.advance(to: time)
        try session.send(.submitCode(Secret("123456")), at: time)
        time = time.adding(millis: 100)
        session.advance(to: time)
        guard case .accessToken(let token)? = connected.first else { Issue.record("no access token payload"); return }
        #expect(token.brokerType == "kraken" && token.brokerName == "Kraken")
        #expect(token.accountTokens.count == 1 && token.accountTokens[0].accessToken.hasPrefix("mesh-at-"))
        #expect(token.expiresInSeconds == 3_600 && token.brokerBrandInfo.brokerPrimaryColor == "#5741D9")
        #expect(LinkStore(folder: folder).accessTokens.map(\.id) == [token.id])
        try session.send(.primary, at: time)
        // reference §5: "`showClose`, `close`, `done` | Calls `onExit`." (not forwarded to onEvent)
        #expect(events == ["loaded", "integrationSelected", "credentialsEntered", "integrationMfaRequired", "integrationMfaEntered"])
        #expect(exits == 1 && transfers.isEmpty)
    }

    @Test("a transfer: onTransferFinished(.success) with the network id and amount; iOS never gets integrationConnected")
    func transfer() throws {
        let session = try session(configuration(transfer: true, storage: false))
        #expect(session.isTransferLink)
        let time = Timestamp(millis: 0)
        session.start(at: time, latencyMillis: 0)
        try session.send(.selectIntegration("coinbase"), at: time)
        try session.send(.oauth(approve: true), at: time)
        try session.send(.primary, at: time)
        try session.send(.selectAsset("ETH"), at: time)
        try session.send(.selectNetwork("Base"), at: time)
        try session.send(.enterAmount(0.1), at: time)
        try session.send(.primary, at: time)
        guard case .success(let done)? = transfers.first else { Issue.record("no success payload"); return }
        #expect(done.symbol == "ETH" && done.amount == 0.1 && done.networkId == "aa883b03-120d-477c-a588-37c2afd3ca71")
        #expect(done.txId?.hasPrefix("0x") == true)
        #expect(events.contains("transferFinished") && !events.contains("integrationConnected"))
    }
}
