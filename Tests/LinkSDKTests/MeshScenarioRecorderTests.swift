import Testing
@testable import LinkSDK

@Suite("--flavor mesh --save-scenario: what a person did, as a Mesh scenario that plays back to the same records, with no secret in it")
struct MeshScenarioRecorderTests {
    /// Records a session with `configuration` driven by `steps`, plays the scenario written back
    /// with ``MeshScenarioRunner``; both must give the same records, ids included. Returns the steps written.
    @discardableResult
    func roundTrip(_ configuration: MeshConfiguration = MeshConfiguration(latencyMillis: 200, seed: 3),
                   _ steps: (MeshDriver, ManualClock) throws -> Void) throws -> MeshScenarioRecorder {
        let clock = ManualClock()
        let driver = MeshDriver(configuration: configuration, clock: clock)
        let recorder = MeshScenarioRecorder(configuration: configuration)
        recorder.attach(to: driver)
        driver.start()
        try steps(driver, clock)
        #expect(driver.engine.isFinished, "the session ended")
        #expect(MeshScenario.namesMesh(recorder.text), "replay knows it as a Mesh scenario")
        let scenario = try MeshScenario(text: recorder.text, file: "saved")
        var expected = configuration  // an integration connected before counts once, and only the catalog's
        expected.connectedIntegrations = ["coinbase"].filter(configuration.connectedIntegrations.contains)
        #expect(scenario.configuration == expected, "\(recorder.text)")
        var replayed: [String] = []
        try MeshScenarioRunner(scenario: scenario).run { replayed.append($0.jsonLine) }
        #expect(replayed == driver.records.map(\.jsonLine), "\(recorder.text)")
        return recorder
    }

    /// Lets the request in flight answer, as the terminal's ticks do.
    func settle(_ driver: MeshDriver, _ clock: ManualClock) {
        if let due = driver.engine.nextDeadline { clock.advance(to: due) }
        driver.tick()
    }

    @Test("a search, a wrong password, a wrong code, then the right ones: written as the sandbox's, never as typed")
    func signInWithMFA() throws {
        let recorder = try roundTrip { driver, clock in
            for text in ["b", "bi", "bin"] { try driver.send(.setQuery(text)) }
            #expect(throws: ActionRejected.self) { try driver.send(.selectAccounts([0])) }  // refused: not written
            try driver.send(.selectIntegration("binanceInternationalDirect"))
            try driver.send(.submitCredentials(username: "Mesh", password: Secret("hunter2-canary")))
            settle(driver, clock)
            try driver.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")))
            settle(driver, clock)
            try driver.send(.submitCode(Secret("999111")))
            settle(driver, clock)
            try driver.send(.submitCode(Secret("123456")))
            settle(driver, clock)
            try driver.send(.primary)
        }
        #expect(recorder.steps == [
            "search bin", "integration binanceInternationalDirect", "credentials Mesh wrong_password", "credentials Mesh Pass123",
            "mfa 000000", "mfa 123456", "done",
        ])
        #expect(!recorder.text.contains("canary") && !recorder.text.contains("hunter2") && !recorder.text.contains("999111"))
        #expect(recorder.text.hasPrefix("# saved by linkterm --save-scenario"))
        #expect(recorder.text.contains("\noption flavor mesh\noption latency 200\noption seed 3\n"))
    }

    @Test("a username of one's own is written as another than the sandbox's: the small portfolio, the same records")
    func otherUsername() throws {
        let recorder = try roundTrip(MeshConfiguration(isTransferLink: true, latencyMillis: 0, seed: 8)) { driver, _ in
            try driver.send(.selectIntegration("alpaca"))
            try driver.send(.submitCredentials(username: "jane.doe@example.com", password: Secret("Pass123")))
            try driver.send(.primary)  // transfer: the asset
            try driver.send(.selectAsset("usdc"))
            try driver.send(.selectNetwork("aa883b03-120d-477c-a588-37c2afd3ca71"))
            try driver.send(.enterAmount(30))  // more than held: the error inline, no request
            try driver.send(.enterAmount(12.5))
            try driver.send(.back)  // the preview: back to the amount
            try driver.send(.enterAmount(0.000005))
            try driver.send(.primary)
            try driver.send(.primary)
        }
        #expect(recorder.steps == [
            "integration alpaca", "credentials someone_else Pass123", "continue", "asset USDC", "network Base", "amount 30",
            "amount 12.5", "back", "amount 0.000005", "execute", "done",
        ])
        #expect(!recorder.text.contains("jane"))
        #expect(recorder.text.contains("\noption transfer\n"))
    }

    @Test("a transfer of a single destination past the MFA threshold, with an integration connected before")
    func transferToOneDestination() throws {
        let destination = MeshDestination(symbol: "USDC", networkId: "0291810a-5947-424d-9a59-e88bb33e999d")
        let configuration = MeshConfiguration(isTransferLink: true, latencyMillis: 150, seed: 11,
                                              connectedIntegrations: ["coinbase", "coinbase", "notInTheCatalog"], destination: destination)
        let recorder = try roundTrip(configuration) { driver, clock in
            try driver.send(.selectIntegration("Coinbase"))  // reconnected: no sign-in
            try driver.send(.primary)  // the amount: asset and network given
            try driver.send(.enterAmount(1_500))
            settle(driver, clock)
            try driver.send(.primary)  // execute: the transfer's MFA
            try driver.send(.submitCode(Secret("000001")))
            try driver.send(.submitCode(Secret("123456")))
            settle(driver, clock)
            try driver.send(.back)  // Esc on the result: done
        }
        #expect(recorder.text.contains("\noption destination USDC Solana\noption connected coinbase\noption latency 150\n"))
        #expect(!recorder.text.contains("notInTheCatalog"))
        #expect(recorder.steps == ["integration coinbase", "continue", "amount 1500", "execute", "mfa 000000", "mfa 123456", "back"])
    }

    @Test("OAuth cancelled then approved, several accounts, link another, the exit dialog left and confirmed")
    func oauthAccountsAndExit() throws {
        let recorder = try roundTrip { driver, clock in
            try driver.send(.selectIntegration("deFiWallet"))
            try driver.send(.oauth(approve: false))
            try driver.send(.selectIntegration("coinbase"))
            try driver.send(.oauth(approve: true))
            settle(driver, clock)
            try driver.send(.linkAnother)
            try driver.send(.selectIntegration("robinhood"))
            try driver.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")))
            settle(driver, clock)
            try driver.send(.selectAccounts([2, 0, 2]))
            try driver.send(.requestExit)
            try driver.send(.cancelExit)
            try driver.send(.back)  // the exit dialog again
            try driver.send(.primary)  // Enter in it: leave
        }
        #expect(recorder.steps == [
            "integration deFiWallet", "oauth cancel", "integration coinbase", "oauth approve", "link-another", "integration robinhood",
            "credentials Mesh Pass123", "accounts 0 2", "exit", "stay", "back", "confirm",
        ])
    }

    @Test("the search as it stands at each choice: kept across a visit, emptied by hand, only spaces")
    func searches() throws {
        let recorder = try roundTrip { driver, _ in
            try driver.send(.setQuery("coin"))
            try driver.send(.selectIntegration("coinbase"))
            try driver.send(.oauth(approve: false))  // back on the catalog, the search kept
            try driver.send(.setQuery("coi"))
            try driver.send(.setQuery("coin"))  // typed back to what it was: no step
            try driver.send(.selectIntegration("coinbase"))
            try driver.send(.oauth(approve: false))
            try driver.send(.setQuery(""))  // emptied by hand (Ctrl-U): userSearched false
            try driver.send(.selectIntegration("deFiWallet"))
            try driver.send(.oauth(approve: false))
            try driver.send(.setQuery("  "))  // only spaces: every row listed, userSearched true
            try driver.send(.selectIntegration("okx"))  // unavailable: the error inline
            try driver.send(.quit)
        }
        #expect(recorder.steps == [
            "search coin", "integration coinbase", "oauth cancel", "integration coinbase", "oauth cancel", #"search """#,
            "integration deFiWallet", "oauth cancel", #"search " ""#, "integration okx", "quit",
        ])
    }

    @Test("quit while signing in, and quit after the answer: a wait puts each where it came")
    func quitTimed() throws {
        let slow = MeshConfiguration(latencyMillis: 60_000, seed: 1)
        let cut = try roundTrip(slow) { driver, clock in
            try driver.send(.selectIntegration("kraken"))
            try driver.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")))
            clock.advance(by: 2_500)
            try driver.send(.quit)  // during the loading: close on its page
        }
        #expect(cut.steps.suffix(2) == ["wait 2500", "quit"])
        let answered = try roundTrip(slow) { driver, clock in
            try driver.send(.selectIntegration("kraken"))
            try driver.send(.submitCredentials(username: "Mesh", password: Secret("Pass123")))
            clock.advance(by: 61_000)
            try driver.send(.quit)  // the answer (the MFA) came first, though no tick showed it
        }
        #expect(answered.steps.suffix(2) == ["wait 61000", "quit"])
    }

    @Test("a search in quotes is typed as written: nothing, or spaces")
    func quotedSearch() throws {
        let scenario = try MeshScenario(text: "option flavor mesh\nsearch \"\"\nsearch \" \"\nsearch coin base\n", file: "q")
        #expect(scenario.steps.map(\.command) == [.action(.setQuery("")), .action(.setQuery(" ")), .action(.setQuery("coin base"))])
    }
}
