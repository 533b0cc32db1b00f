import Testing
@testable import LinkKit
@testable import LinkSDK
@testable import LinkUI

@Suite("The log panel shows Mesh records: the event type and what tells it apart, callbacks marked, tokens masked")
struct MeshLogTests {
    @Test("a Mesh connect and transfer, as log lines and details")
    func meshEntries() throws {
        var engine = MeshEngine(configuration: MeshConfiguration(isTransferLink: true, latencyMillis: 0, seed: 1))
        var panel = LogPanel()
        let time = Timestamp(millis: 45_296_789)  // 12:34:56.789
        var records = engine.start(at: time)
        records += try engine.send(.selectIntegration("coinbase"), at: time)
        records += try engine.send(.oauth(approve: true), at: time)
        records += try engine.send(.primary, at: time)
        records += try engine.send(.selectAsset("USDC"), at: time)
        records += try engine.send(.selectNetwork("Base"), at: time)
        records += try engine.send(.enterAmount(100), at: time)
        for record in records { panel.append(record, at: time) }
        let lines = panel.entries.map(\.text)
        #expect(lines[0] == "12:34:56.789 loaded")
        #expect(lines[1] == "12:34:56.789 integrationSelected Coinbase")
        #expect(lines.contains("12:34:56.789 ◆ onIntegrationConnected Coinbase"))
        #expect(lines.contains("12:34:56.789 transferNetworkSelected Base"))
        #expect(lines.contains("12:34:56.789 transferPreviewed USDC · 100"))
        let connected = try #require(panel.entries.first { $0.name == "onIntegrationConnected" })
        #expect(connected.isCallback)
        let fields = connected.details.map(\.text)
        #expect(fields.first == "callback: onIntegrationConnected")
        let token = try #require(fields.first { $0.hasPrefix("accessToken.accountTokens.0.accessToken: ") })
        #expect(token == "accessToken.accountTokens.0.accessToken: mesh-at-…", "the access token is masked: \(token)")
        #expect(!fields.contains { $0.contains("mesh-rt-") && !$0.hasSuffix("…") })
    }

    @Test("text from a payload is sanitized before it reaches the terminal")
    func sanitized() {
        let entry = LogEntry(record: .event(type: "x\u{1b}[2J", payload: .object(["integrationName": .string("Evil\u{1b}]0;pwn\u{7}Bank")])),
                             at: Timestamp(millis: 0))
        #expect(!entry.text.contains("\u{1b}") && entry.text.contains("EvilBank"))
    }
}
