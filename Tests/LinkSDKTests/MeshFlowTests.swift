import Foundation
import Testing
@testable import LinkSDK

/// Plays actions on a Mesh engine with time moving only when told.
struct MeshHarness {
    var engine: MeshEngine
    var now = Timestamp(millis: 1_767_225_600_000)
    var records: [MeshRecord] = []

    init(transfer: Bool = false, latency: Int64 = 500) {
        engine = MeshEngine(configuration: MeshConfiguration(isTransferLink: transfer, latencyMillis: latency, seed: 7))
        records += engine.start(at: now)
    }

    /// Sends, then lets any request answer.
    mutating func send(_ action: MeshAction) throws {
        records += try engine.send(action, at: now)
        settle()
    }

    mutating func settle() {
        while let due = engine.nextDeadline {
            now = due
            records += engine.advance(to: now)
        }
    }

    var names: [String] { records.map(\.name) }

    /// The records since the last call.
    mutating func take() -> [String] {
        defer { records = [] }
        return names
    }
}

@Suite("Mesh flow: catalog, sign-in, MFA, accounts, connected, transfer, exit")
struct MeshFlowTests {
    func signIn(_ h: inout MeshHarness, _ integration: String, username: String = "Mesh") throws {
        try h.send(.selectIntegration(integration))
        try h.send(.submitCredentials(username: username, password: Secret("Pass123")))
    }

    @Test("connect with MFA: the iOS events in order, onIntegrationConnected, Done ends with done and onExit")
    func connectWithMFA() throws {
        var h = MeshHarness()
        #expect(h.take() == ["loaded"])
        try signIn(&h, "binanceInternationalDirect")
        #expect(h.take() == ["integrationSelected", "credentialsEntered", "integrationMfaRequired"])
        #expect(h.engine.pane == .mfa)
        try h.send(.submitCode(Secret("000000")))
        #expect(h.take() == ["integrationMfaEntered", "integrationConnectionError"])
        #expect(h.engine.pane == .mfa && h.engine.inlineError == "Invalid verification code")
        try h.send(.submitCode(Secret("123456")))
        let connected = h.records.last
        #expect(h.take() == ["integrationMfaEntered", "integration_connected"])
        guard case .integrationConnected(let payload)? = connected else { Issue.record("no payload"); return }
        #expect(payload["accessToken"]?["brokerType"] == .string("binanceInternationalDirect"))
        if case .array(let tokens)? = payload["accessToken"]?["accountTokens"] { #expect(tokens.count == 1) }
        try h.send(.primary)
        #expect(h.take() == ["done", "exit"])
        #expect(h.engine.isFinished)
        #expect(throws: ActionRejected.self) { try h.engine.send(.primary, at: h.now) }
    }

    @Test("a wrong password says so and stays; several accounts ask to choose; delayed auth; unavailable and declined")
    func signInCases() throws {
        var h = MeshHarness()
        _ = h.take()
        try h.send(.selectIntegration("Robinhood"))
        try h.send(.submitCredentials(username: "Mesh", password: Secret("nope")))
        #expect(h.take() == ["integrationSelected", "credentialsEntered", "integrationConnectionError"])
        #expect(h.engine.pane == .credentials && h.engine.inlineError == "Invalid username or password")
        try h.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")))
        #expect(h.take() == ["credentialsEntered", "integrationAccountSelectionRequired"])
        #expect(throws: ActionRejected.self) { try h.engine.send(.selectAccounts([7]), at: h.now) }
        try h.send(.selectAccounts([2, 0]))
        guard case .integrationConnected(let payload)? = h.records.last,
              case .array(let tokens)? = payload["accessToken"]?["accountTokens"] else { Issue.record("no payload"); return }
        #expect(tokens.map { $0["account"]?["accountName"] } == [.string("Individual"), .string("Roth IRA")])

        var d = MeshHarness()
        try signIn(&d, "gemini")
        guard case .integrationConnected(let delayed)? = d.records.last else { Issue.record("no payload"); return }
        #expect(delayed["delayedAuth"]?["refreshToken"] != nil && delayed["accessToken"] == nil)

        var u = MeshHarness()
        _ = u.take()
        try u.send(.selectIntegration("okx"))
        #expect(u.take() == ["integrationSelected", "connectionUnavailable"])
        try u.send(.selectIntegration("bybit"))
        #expect(u.take() == ["integrationSelected", "connectionDeclined"])
        #expect(u.engine.pane == .catalog && u.engine.inlineError == "Bybit is not available in your region")
    }

    @Test("a transfer: asset, network, amount, preview with fees, execute, transferFinished, Done")
    func transfer() throws {
        var h = MeshHarness(transfer: true)
        try h.send(.selectIntegration("coinbase"))
        try h.send(.oauth(approve: true))
        _ = h.take()
        try h.send(.primary)
        try h.send(.selectAsset("usdc"))
        try h.send(.selectNetwork("Solana"))
        try h.send(.enterAmount(100))
        #expect(h.take() == ["transferStarted", "transferAssetSelected", "transferNetworkSelected", "transferAmountEntered",
                             "transferPreviewed"])
        let preview = try #require(h.engine.preview)
        #expect(preview["networkId"] == .string("0291810a-5947-424d-9a59-e88bb33e999d"))
        #expect(preview["estimatedNetworkGasFee"]?["feeCurrency"] == .string("SOL"))
        #expect(preview["amountInFiat"] == .number(100))
        try h.send(.primary)
        #expect(h.take() == ["transferInitiated", "transferExecuted", "transferFinished", "transfer_finished"])
        #expect(h.engine.pane == .transferSuccess)
        try h.send(.primary)
        #expect(h.take() == ["done", "exit"])
    }

    @Test("transfer sandbox amounts: 13 fails the preview, 666 the execution, $1,000 or more asks for a code; more than held is refused")
    func transferErrors() throws {
        func atAmount() throws -> MeshHarness {
            var h = MeshHarness(transfer: true)
            try h.send(.selectIntegration("coinbase"))
            try h.send(.oauth(approve: true))
            try h.send(.primary)
            try h.send(.selectAsset("USDC"))
            try h.send(.selectNetwork("Ethereum"))
            _ = h.take()
            return h
        }
        var h = try atAmount()
        try h.send(.enterAmount(13))
        #expect(h.take() == ["transferAmountEntered", "transferPreviewError"])
        #expect(h.engine.pane == .amount && h.engine.inlineError?.contains("below the minimum") == true)
        try h.send(.enterAmount(5_000))
        #expect(h.take().isEmpty && h.engine.inlineError == "You have 2500 USDC")
        try h.send(.enterAmount(666))
        try h.send(.primary)
        #expect(h.take() == ["transferAmountEntered", "transferPreviewed", "transferInitiated", "transferExecutionError",
                             "transferFinished", "transfer_finished"])
        guard case .transferError = h.engine.pane else { Issue.record("not on the error pane"); return }

        var m = try atAmount()
        try m.send(.enterAmount(1_500))
        try m.send(.primary)
        #expect(m.take() == ["transferAmountEntered", "transferPreviewed", "transferInitiated", "transferMfaRequired"])
        try m.send(.submitCode(Secret("111111")))
        #expect(m.engine.pane == .transferMFA && m.engine.inlineError == "Invalid verification code")
        try m.send(.submitCode(Secret("123456")))
        #expect(m.take() == ["transferMfaEntered", "transferMfaEntered", "transferExecuted", "transferFinished", "transfer_finished"])
    }

    @Test("exit: the dialog, No continue returns, Yes exit sends close with the page, then onExit; quit during a request")
    func exits() throws {
        var h = MeshHarness()
        try h.send(.selectIntegration("kraken"))
        try h.send(.requestExit)
        #expect(h.engine.pane == .exitConfirmation(returnTo: .credentials))
        try h.send(.cancelExit)
        #expect(h.engine.pane == .credentials)
        try h.send(.requestExit)
        _ = h.take()
        try h.send(.confirmExit)
        guard case .event("close", let summary?) = h.records.first else { Issue.record("no close"); return }
        #expect(summary["page"] == .string("credentialsPage"))
        #expect(summary["selectedIntegration"]?["integrationName"] == .string("Kraken"))
        #expect(h.take() == ["close", "exit"])

        var q = MeshHarness()
        try q.send(.selectIntegration("kraken"))
        q.records += try q.engine.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")), at: q.now)
        guard case .loading = q.engine.pane else { Issue.record("not loading"); return }
        #expect(throws: ActionRejected.self) { try q.engine.send(.primary, at: q.now) }
        q.records += try q.engine.send(.quit, at: q.now)
        q.settle()
        #expect(q.names.suffix(2) == ["close", "exit"] && q.engine.nextDeadline == nil)
    }

    @Test("an integration handed back (LinkSettings.accessTokens) reconnects without signing in; others still sign in")
    func reconnect() throws {
        var h = MeshHarness()
        h.engine = MeshEngine(configuration: MeshConfiguration(latencyMillis: 0, seed: 7, connectedIntegrations: ["kraken"]))
        h.records = h.engine.start(at: h.now)
        _ = h.take()
        try h.send(.selectIntegration("Kraken"))
        guard case .integrationConnected(let payload)? = h.records.last else { Issue.record("not connected"); return }
        #expect(h.take() == ["integrationSelected", "integration_connected"])
        #expect(MeshExpectation.text(at: "accessToken.accountTokens.0.account.isReconnected", in: payload) == "true")
        try h.send(.linkAnother)
        try h.send(.selectIntegration("binanceInternationalDirect"))
        #expect(h.engine.pane == .credentials)
    }

    @Test("the events file lines: event dictionaries and callbacks as the issue gives them")
    func lines() {
        #expect(MeshRecord.event(type: "loaded", payload: nil).jsonLine == #"{"type":"event","event":{"type":"loaded"}}"#)
        #expect(MeshRecord.event(type: "transferAssetSelected", payload: .object(["symbol": .string("USDC")])).jsonLine
                == #"{"type":"event","event":{"payload":{"symbol":"USDC"},"type":"transferAssetSelected"}}"#)
        #expect(MeshRecord.exit.jsonLine == #"{"type":"exit"}"#)
        #expect(MeshRecord.transferFinished(.object(["status": .string("error"), "errorMessage": .string("x")])).jsonLine
                == #"{"type":"transfer_finished","payload":{"errorMessage":"x","status":"error"}}"#)
    }

    @Test("random actions: a refused action changes nothing, one onExit at the end, nothing after it")
    func randomActions() throws {
        var rng = IDGenerator(seed: 99)
        let actions: [MeshAction] = [
            .primary, .back, .requestExit, .confirmExit, .cancelExit, .setQuery("coin"), .selectIntegration("coinbase"),
            .selectIntegration("kraken"), .selectIntegration("robinhood"), .selectIntegration("okx"), .oauth(approve: true),
            .oauth(approve: false), .selectAccounts([0]), .linkAnother, .selectAsset("USDC"), .selectAsset("ETH"),
            .selectNetwork("Ethereum"), .selectNetwork("Base"), .enterAmount(1), .enterAmount(13), .enterAmount(666),
            .enterAmount(1_500),
        ]
        for session in 0..<300 {
            var h = MeshHarness(transfer: session % 2 == 0, latency: Int64(session % 3) * 300)
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                var action = actions.randomElement(using: &rng)!
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    action = .submitCredentials(username: "Mesh", password: Secret(Bool.random(using: &rng) ? "Pass123" : "x"))
                } else if Int.random(in: 0..<10, using: &rng) == 0 {
                    action = .submitCode(Secret(Bool.random(using: &rng) ? "123456" : "1"))
                }
                let before = h.engine.pane
                let count = h.records.count
                do {
                    try h.send(action)
                } catch {
                    #expect(h.engine.pane == before && h.records.count == count, "session \(session): a refusal changed the session")
                }
                if h.engine.isFinished { break }
            }
            if !h.engine.isFinished { try h.send(.quit) }
            #expect(h.names.filter { $0 == "exit" }.count == 1 && h.names.last == "exit", "session \(session): \(h.names)")
            #expect(throws: ActionRejected.self) { try h.engine.send(.quit, at: h.now) }
        }
    }
}

@Suite("Mesh scenarios: the library plays, and a password or code never reaches a record")
struct MeshScenarioLibraryTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    static var meshNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).filter { $0.hasPrefix("mesh_") }.sorted()
    }

    @Test("every mesh_*.txt names its flavor, plays to onExit with its expectations met, and leaks no secret",
          arguments: meshNames)
    func plays(name: String) throws {
        let text = try String(contentsOfFile: Self.library.appendingPathComponent(name).path, encoding: .utf8)
        #expect(MeshScenario.namesMesh(text))
        var lines: [String] = []
        try MeshScenarioRunner(scenario: try MeshScenario(text: text, file: name)).run { lines.append($0.jsonLine) }
        #expect(lines.last == #"{"type":"exit"}"#)
        for line in lines {
            #expect(!line.contains("Pass123") && !line.contains("123456") && !line.contains("wrong"), "\(name): \(line)")
        }
    }

    @Test("a Mesh file is known by its option lines however its lines end; a Plaid file by its first step")
    func namesMeshReadsLinesAsTheReaderDoes() {
        #expect(MeshScenario.namesMesh("# a comment\noption flavor mesh\ncontinue\n"))
        #expect(MeshScenario.namesMesh("option flavor mesh\r\ncontinue\r\n"), "CRLF, as the reader splits it")
        #expect(MeshScenario.namesMesh("\n\t\noption   flavor\tmesh"), "blank lines, tabs, no newline at the end")
        #expect(!MeshScenario.namesMesh("continue\noption flavor mesh\n"), "after the first step it is not an option line")
        #expect(!MeshScenario.namesMesh("option flavor plaid\n"))
        #expect(!MeshScenario.namesMesh(""))
    }

    @Test("malformed Mesh scenarios name the line")
    func malformed() {
        for (text, message) in [("option flavor mesh\nfly\n", "unknown step"), ("option flavor mesh\namount -3\n", "amount takes a decimal number"),
                                ("option flavor mesh\nfly\namount 1e-22\n", "unknown step"),
                                ("option flavor mesh\namount 1e-22\n", "m.txt:2: amount takes a decimal number"),
                                ("option flavor mesh\namount 1e308\n", "m.txt:2: amount takes a decimal number"),
                                ("option flavor mesh\namount 0.000000001\n", "m.txt:2: amount \"0.000000001\": the sandbox counts at most 8 decimal places"),
                                ("option flavor mesh\namount 2000000000\n", "m.txt:2: amount \"2000000000\": an amount is a number from 0.00000001 to 1000000000"),
                                ("option flavor mesh\ncontinue\noption transfer\n", "before the first step"),
                                ("option flavor mesh\nexpect\n", "needs a record type"),
                                ("option flavor mesh\noauth maybe\n", "approve or cancel")] {
            do {
                _ = try MeshScenario(text: text, file: "m.txt")
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description.contains(message) && error.isMalformed, "\(error)")
            }
        }
    }
}

@Suite("The Mesh sandbox as documented")
struct MeshSandboxDocumentationTests {
    @Test("the README's Mesh sandbox table has the rows F1 shows, in order")
    func readmeTable() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let rows = MeshSandbox.documented.map { "| \($0.input) | \($0.outcome) |" }
        var from = readme.startIndex
        for row in rows {
            guard let found = readme.range(of: row, range: from..<readme.endIndex) else {
                Issue.record("README: no row (or out of order) \(row)")
                return
            }
            from = found.upperBound
        }
    }
}
