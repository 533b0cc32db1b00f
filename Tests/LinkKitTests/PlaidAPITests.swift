import Testing
@testable import LinkKit

/// A presentation without a screen: plays a few actions on a manual clock.
struct ScriptedPresentation: LinkPresentation {
    var actions: [UserAction]
    let clock = ManualClock()

    func makeClock() -> any SessionClock { clock }

    func present(_ driver: SessionDriver) {
        driver.start()
        for action in actions where !driver.engine.isFinished {
            try? driver.send(action)
            driver.settle()
        }
    }
}

// On the main actor: onLoad is queued on the main queue when create returns, so a test off the main
// thread raced it (the queue could deliver onLoad between create and the test's next line).
@MainActor
@Suite("The LinkKit API: preloading, onLoad after create returns, the callbacks in order")
struct PlaidAPITests {
    @Test("createPlaidLinkSession does not call onLoad before it returns; open calls it first, then OPEN …, onLoad once")
    func preloads() throws {
        var calls: [String] = []
        let configuration = LinkTokenConfiguration(
            token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
            onSuccess: { _ in calls.append("onSuccess") }, onExit: { _ in calls.append("onExit") },
            onEvent: { calls.append("onEvent " + $0.eventName.description) }, onLoad: { calls.append("onLoad") })
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        #expect(calls.isEmpty, "onLoad comes after create returns (the main queue, or open)")
        session.open(using: ScriptedPresentation(actions: [.quit]))
        #expect(calls.first == "onLoad" && calls.filter { $0 == "onLoad" }.count == 1)
        #expect(calls.dropFirst().first == "onEvent OPEN")
        #expect(calls.last == "onExit")
    }

    @Test("Plaid.create(_:onLoad:) (LinkKit 4–6) calls its onLoad and the configuration's after it returns, before OPEN; a refused token never loads")
    func handlerOnLoad() throws {
        var calls: [String] = []
        let configuration = LinkTokenConfiguration(token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
                                                   onSuccess: { _ in }, onLoad: { calls.append("configuration") })
        let handler = try Plaid.create(configuration, onLoad: { calls.append("create") }).get()
        #expect(calls.isEmpty)
        handler.open(presentUsing: ScriptedPresentation(actions: [.quit]))
        #expect(calls == ["configuration", "create"])

        var loads = 0
        var exits = 0
        let refused = LinkTokenConfiguration(token: "link-production-b41e8ed3-0874-4c64-b07d-a77088979d5f",
                                             onSuccess: { _ in }, onExit: { _ in exits += 1 }, onLoad: { loads += 1 })
        let session = try Plaid.createPlaidLinkSession(configuration: refused)
        session.open(using: ScriptedPresentation(actions: []))
        #expect(loads == 0 && exits == 1 && !session.preloaded)
    }

    @Test("metadataJSON: each callback's metadata as the JSON the events file writes for it")
    func metadataJSON() throws {
        let driver = SessionDriver(configuration: SessionConfiguration(seed: 3), clock: ManualClock())
        driver.start()
        try driver.send(.primary)
        try driver.send(.quit)
        for record in driver.records {
            let line = record.jsonLine
            switch record {
            case .event(let event): #expect(line.contains(#""metadata":"# + event.metadata.metadataJSON + "}"))
            case .exit(let exit): #expect(line.hasSuffix(#""metadata":"# + exit.metadata.metadataJSON + "}"))
            case .success(let success): #expect(line.hasSuffix(#""metadata":"# + success.metadata.metadataJSON + "}"))
            case .load: break
            }
        }
        #expect(driver.records.contains { if case .exit = $0 { true } else { false } })
    }

    @Test("the seeds' spellings compile and mean LinkKit's cases: layerAutofillNotAvailable, matchedMfa")
    func seedSpellings() {
        let event: EventName = .layerAutofillNotAvailable
        switch event {
        case .layerAutofillNotAvailable: break  // as a seed's switch writes it
        default: Issue.record("the alias is another case")
        }
        #expect(event.description == "LAYER_AUTOFILL_NOT_AVAILABLE")
        #expect(ViewName.matchedMfa == .matchedMFA && ViewName.matchedMfa.description == "MATCHED_MFA")
    }
}
