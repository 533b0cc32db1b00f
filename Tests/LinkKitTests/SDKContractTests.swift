import Foundation
import Testing
@testable import LinkKit

// Issue 29, "The SDK contract, second round": code written from the SDKs' documents behaves as
// documented. Each test quotes the sentence it checks.

private let sandboxToken = "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"

private struct PlaidSubmitData: SubmissionData {
    var phoneNumber: String?
}

/// The session `configuration` makes, run along the standard headless path to onSuccess: its
/// `OPEN` event's `link_session_id` and the `public_token`.
private func idsOfASession(_ configuration: LinkTokenConfiguration) throws -> (session: String, token: String) {
    var sessionID: String?
    var token: String?
    var configuration = configuration
    configuration.onEvent = { if $0.eventName == .open { sessionID = $0.metadata.linkSessionID } }
    configuration.onSuccess = { token = $0.publicToken }
    let session = try Plaid.createPlaidLinkSession(configuration: configuration)
    session.open(using: HeadlessPresentation(path: PlaidHeadlessSession.standardPath) { _ in })
    return (try #require(sessionID), try #require(token))
}

@Suite("Issue 29: each session its own ids, onLoad after create returns, Layer's submit, event details")
struct SDKContractTests {
    // seed 000: "The `link_session_id` is a unique identifier for a single session of Link."
    // seed 000: "a short lived, one-time use token that should be unique for each Link session"
    @Test("two sessions with default settings have different link_session_id and public_token; a seed given is honoured")
    func eachSessionItsOwnIDs() throws {
        let configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in })
        let first = try idsOfASession(configuration)
        let second = try idsOfASession(configuration)
        #expect(first.session != second.session)
        #expect(first.token != second.token)
        #expect(first.token.hasPrefix("public-sandbox-") && second.token.hasPrefix("public-sandbox-"))

        var seeded = configuration
        seeded.options.seed = 42
        let one = try idsOfASession(seeded)
        let again = try idsOfASession(seeded)
        #expect(one == again, "a seed given makes the same session")
        // a seed of 0, set, is a seed like any other (the old default)
        var zero = configuration
        zero.options.seed = 0
        #expect(try idsOfASession(zero) == idsOfASession(zero))
        // the options the command line gives whole keep their seed
        var whole = configuration
        whole.options = SessionOptions(engine: SessionConfiguration(seed: 7))
        #expect(try idsOfASession(whole) == idsOfASession(whole))
        // the session says which seed it drew
        let drawn = try Plaid.createPlaidLinkSession(configuration: configuration)
        #expect(drawn.configuration.options.seedIsGiven)
    }

    // seed 000: "You can optionally provide an `onLoad` … callback to know when Link has finished
    // preloading and is ready to be presented." — and its example "Automatically present Link
    // once it has loaded": `self.handler?.open(presentUsing: .viewController(self))` inside onLoad.
    @Test("onLoad is not called inside Plaid.create: it comes from the main queue once create has returned, once")
    @MainActor
    func onLoadAfterCreateReturns() async throws {
        var calls: [String] = []
        let configuration = LinkTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in calls.append("onSuccess") }, onLoad: { calls.append("onLoad") })
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        #expect(calls.isEmpty, "onLoad ran inside createPlaidLinkSession")
        for _ in 0..<100_000 where calls.isEmpty { await Task.yield() }
        #expect(calls == ["onLoad"])
        session.open(using: ScriptedPresentation(actions: [.quit]))
        for _ in 0..<1_000 { await Task.yield() }
        #expect(calls == ["onLoad"], "onLoad once")
    }

    @Test("seed 000's auto-open: handler?.open inside onLoad finds the handler the app kept, and Link opens")
    @MainActor
    func seedAutoOpenOnLoad() async throws {
        var handler: Handler?
        var events: [String] = []
        var handlerSeen: Bool?
        var configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in events.append("onSuccess") })
        configuration.onEvent = { events.append($0.eventName.description) }
        let result = Plaid.create(configuration, onLoad: {
            // Example: Automatically present Link once it has loaded
            handlerSeen = handler != nil
            handler?.open(presentUsing: HeadlessPresentation(path: PlaidHeadlessSession.standardPath) { _ in })
        })
        switch result {
        case .failure(let error): Issue.record("\(error)")
        case .success(let made): handler = made  // Retain the handler for the duration of the Link flow
        }
        #expect(handlerSeen == nil, "onLoad ran before create returned")
        for _ in 0..<100_000 where handlerSeen == nil { await Task.yield() }
        #expect(handlerSeen == true)
        #expect(events.first == "OPEN" && events.contains("onSuccess"), "\(events)")
    }

    @Test("open before the main queue has run: onLoad first (Link loaded), then OPEN; the main queue does not call it again")
    @MainActor
    func openBeforeTheRunLoop() async throws {
        var calls: [String] = []
        let configuration = LinkTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in }, onExit: { _ in calls.append("onExit") },
            onEvent: { calls.append($0.eventName.description) }, onLoad: { calls.append("onLoad") })
        let handler = try Plaid.create(configuration, onLoad: { calls.append("create onLoad") }).get()
        #expect(calls.isEmpty)
        handler.open(presentUsing: ScriptedPresentation(actions: [.quit]))
        #expect(Array(calls.prefix(3)) == ["onLoad", "create onLoad", "OPEN"], "\(calls)")
        for _ in 0..<1_000 { await Task.yield() }
        #expect(calls.filter { $0.hasSuffix("onLoad") }.count == 2, "each onLoad once: \(calls)")
    }

    // seed 000: "The `submit` function is currently only used in the Layer product."
    @Test("submit on a session that is not Layer emits nothing (no OPEN before open()) and says why")
    func submitOutsideLayer() throws {
        var events: [String] = []
        let configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in },
                                                   onEvent: { events.append($0.eventName.description) })
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        session.submit(data: PlaidSubmitData(phoneNumber: "14155550015"))
        #expect(events.isEmpty, "\(events)")
        #expect(session.submissionProblem == "submit(data:) is Layer's: this session's link token was not created for Layer")
        session.open(using: ScriptedPresentation(actions: [.quit]))
        #expect(events.first == "OPEN" && events.filter { $0 == "OPEN" }.count == 1)
    }

    // seed 000's Layer sample: `let data = PlaidSubmitData(phoneNumber: "14155550015")`;
    // "The user phone number passed to Link is eligible for Layer and `open()` may now be called."
    @Test("the seeds' Layer sample phone 14155550015 is eligible in the sandbox: LAYER_READY, then open() shows the profile")
    func seedLayerPhoneIsEligible() throws {
        var events: [String] = []
        var succeeded = false
        let configuration = LayerTokenConfiguration(token: sandboxToken, onSuccess: { _ in succeeded = true },
                                                    onEvent: { events.append($0.eventName.description) })
        let session = try Plaid.createPlaidLayerSession(configuration: configuration)
        session.submit(data: PlaidSubmitData(phoneNumber: "14155550015"))
        #expect(events == ["LAYER_READY"] && session.submissionProblem == nil)
        session.open(using: ScriptedPresentation(actions: [.primary]))
        #expect(events.dropFirst().first == "OPEN" && succeeded, "\(events)")

        // another phone still is not
        var other: [String] = []
        let refused = try Plaid.createPlaidLayerSession(configuration: LayerTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in }, onEvent: { other.append($0.eventName.description) }))
        refused.submit(data: PlaidSubmitData(phoneNumber: "14155550199"))
        #expect(other == ["LAYER_NOT_AVAILABLE"])
    }

    // the reference's "Docs example of an onEvent metadata object": `error_code:
    // 'INVALID_CREDENTIALS'`, … `view_name: 'ERROR'`
    @Test("ERROR events carry view_name ERROR, as the docs' example metadata object does")
    func errorEventViewName() throws {
        let driver = SessionDriver(configuration: SessionConfiguration(seed: 1, latencyMillis: 0), clock: ManualClock())
        driver.start()
        try driver.send(.primary)
        try driver.send(.selectInstitution(id: "ins_109508"))
        try driver.send(.submitCredentials(username: "user_good", password: Secret("wrong")))
        driver.settle()
        let errors = driver.records.compactMap { record -> LinkEvent? in
            if case .event(let event) = record, event.eventName == .error { return event }
            return nil
        }
        #expect(errors.count == 1)
        #expect(errors.first?.metadata.viewName == .error)
        #expect(errors.first?.metadata.errorCode?.errorCode == "INVALID_CREDENTIALS")
        #expect(errors.first.map { LinkKit.SessionRecord.event($0).jsonLine.contains(#""view_name":"ERROR""#) } == true)
    }

    // seed 000: MATCHED_SELECT_INSTITUTION "can be emitted … if the institution's `routing_number`
    // was provided when calling `/link/token/create`"; matchReason: "This will be either
    // `returning_user` or `routing_number` if emitted by: `MATCHED_SELECT_INSTITUTION`."
    @Test("a link token created with a routing number: choosing its institution is MATCHED_SELECT_INSTITUTION, match_reason routing_number")
    func routingNumberMatch() throws {
        var events: [LinkEvent] = []
        var configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in }, onEvent: { events.append($0) })
        configuration.options.routingNumber = "021000021"  // Houndstooth Bank's, the reference's Auth test table
        configuration.options.latencyMillis = 0
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        session.open(using: ScriptedPresentation(actions: [.primary, .selectInstitution(id: "ins_109512"), .quit]))
        let matched = try #require(events.first { $0.eventName == .matchedSelectInstitution })
        #expect(matched.metadata.matchReason == "routing_number" && matched.metadata.institutionID == "ins_109512")
        #expect(!events.contains { $0.eventName == .selectInstitution })

        // another institution is chosen as usual
        var plain: [EventName] = []
        var other = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in }, onEvent: { plain.append($0.eventName) })
        other.options.routingNumber = "021000021"
        try Plaid.createPlaidLinkSession(configuration: other)
            .open(using: ScriptedPresentation(actions: [.primary, .selectInstitution(id: "ins_109508"), .quit]))
        #expect(plain.contains(.selectInstitution) && !plain.contains(.matchedSelectInstitution))

        // a routing number that is not one is refused when the session is created
        var bad = configuration
        bad.options.routingNumber = "021000022"
        #expect(throws: ConfigurationError.self) { try Plaid.createPlaidLinkSession(configuration: bad) }
    }
}
