import Foundation
import Testing
@testable import LinkSDK

// Issue 29, "The SDK contract, second round", Mesh's side: each test quotes the sentence it checks.

@Suite("Issue 29 (Mesh): done and close are onExit only; each session its own ids; a host that cannot show Link calls onExit")
final class MeshSDKContractTests {
    var events: [String] = []
    var connected: [LinkPayload] = []
    var exits = 0

    func session() throws -> LinkSession {
        let configuration = LinkConfiguration(
            linkToken: MeshLinkToken.sandbox(transfer: false),
            onIntegrationConnected: { self.connected.append($0) },
            onEvent: { self.events.append(($0?["type"] as? String) ?? "?") },
            onExit: { self.exits += 1 })
        guard case .success(let handler) = configuration.createHandler() else { throw ActionRejected("createHandler failed") }
        return handler.create()
    }

    // reference (mesh-connect.md) §5, iOS: "| `showClose`, `close`, `done` | Calls `onExit`. …" while
    // only "| anything else | Forwarded unchanged to `onEvent` as the whole `[String: Any]` message."
    @Test("Done after connecting: the session's done message calls onExit and never reaches onEvent")
    func doneIsNotAnEvent() throws {
        let session = try session()
        var recorded: [String] = []
        session.observe { recorded.append($0.name) }
        let time = Timestamp(millis: 0)
        session.start(at: time, latencyMillis: 0, seed: 5)
        try session.send(.selectIntegration("coinbase"), at: time)
        try session.send(.oauth(approve: true), at: time)
        try session.send(.primary, at: time)
        #expect(connected.count == 1)
        #expect(recorded.contains("done"), "the session itself says done (the events file keeps it): \(recorded)")
        #expect(!events.contains("done") && exits == 1, "\(events)")
    }

    @Test("leaving (Ctrl-C, or exit confirmed): close calls onExit and never reaches onEvent")
    func closeIsNotAnEvent() throws {
        let quit = try session()
        let time = Timestamp(millis: 0)
        quit.start(at: time, latencyMillis: 0, seed: 5)
        try quit.send(.quit, at: time)
        #expect(events == ["loaded"] && exits == 1, "\(events)")

        let confirmed = try session()
        confirmed.start(at: time, latencyMillis: 0, seed: 5)
        try confirmed.send(.requestExit, at: time)
        try confirmed.send(.confirmExit, at: time)
        #expect(!events.contains("close") && exits == 2, "\(events)")
    }

    // issue 29: "Two sessions created through the API with default settings have different session ids and
    // tokens; a seed is still honoured when given."
    @Test("two sessions started without a seed connect with different access tokens; the same seed gives the same")
    func eachSessionItsOwnIDs() throws {
        func accessToken(seed: UInt64?) throws -> String {
            connected = []
            let session = try session()
            let time = Timestamp(millis: 0)
            session.start(at: time, latencyMillis: 0, seed: seed)
            try session.send(.selectIntegration("coinbase"), at: time)
            try session.send(.oauth(approve: true), at: time)
            guard case .accessToken(let token)? = connected.first else { throw ActionRejected("no access token") }
            return token.accountTokens[0].accessToken
        }
        #expect(try accessToken(seed: nil) != accessToken(seed: nil))
        #expect(try accessToken(seed: 9) == accessToken(seed: 9))
    }

    @Test("exitUnshown: a host that cannot show Link ends the session with the app's onExit, once")
    func exitUnshown() throws {
        let session = try session()
        session.exitUnshown()
        session.exitUnshown()
        #expect(exits == 1 && events.isEmpty && session.exited)
    }
}
