// EngineFuzzTests.swift: property tests of LinkEngine under random actions at random times.
//
// Seeded and bounded: the same seed gives the same sessions, so a failure names the session
// (seed and index) that reproduces it. Every session is checked against the invariants of the
// documented record stream; every rejected action must leave the engine exactly as it was.

import Foundation
import Testing
@testable import LinkKit

/// SplitMix64 (LinkKit's seeded id generator): every run plays the same sequences.
private typealias SplitMix64 = IDGenerator

extension IDGenerator {
    fileprivate mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    fileprivate mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// Everything about an engine that an action could change, for "a rejected action changes nothing".
/// ``covered`` names every stored property the snapshot accounts for; a test checks it against the
/// engine's stored properties by reflection, so a property added later cannot be missed.
private struct EngineSnapshot: Equatable {
    /// The engine's stored properties, as the snapshot accounts for them: copied below, or
    /// constants (`let`) that no action can change.
    static let covered = [
        "configuration", "pane", "linkSessionID", "token", "matchedSignIn", "requestID", "institution", "query", "inlineError",
        "lastError", "mfaPlan", "mfaIndex", "accounts", "sharedAccounts", "started", "authFlow", "routingNumber",
        "numbersAfterAccountSelect", "numbersOrigin", "depositCodeAttempts", "typedPhone", "verifiedPhone", "otpAttempts",
        "redirectURL", "captchaWord", "captchaGood", "identityOutcome", "ids", "productBits", "lastReportedQuery",
        "embeddedSelectionTaken",        "searchDeadline", "loadingDeadline", "pendingResult", "wrongAttempts", "now", "outbox",
    ]

    var pane: Pane
    var requestID: String?
    var institution: InstitutionRecord?
    var query: String
    var inlineError: ExitError?
    var lastError: ExitError?
    var mfaPlan: [MFAChallenge]
    var mfaIndex: Int
    var accounts: [Account]
    var sharedAccounts: [Account]
    var started: Bool
    var ids: IDGenerator
    var lastReportedQuery: String?
    var embeddedSelectionTaken: Bool
    var searchDeadline: Timestamp?
    var loadingDeadline: Timestamp?
    var pendingResult: LinkEngine.PendingResult?
    var wrongAttempts: [String: Int]
    var now: Timestamp
    var outboxCount: Int
    var authFlow: AuthFlow?
    var routingNumber: String?
    var numbersAfterAccountSelect: AuthFlow?
    var numbersOrigin: Pane
    var depositCodeAttempts: Int
    var typedPhone: String?
    var verifiedPhone: String?
    var otpAttempts: Int
    var identityOutcome: IdentityOutcome?
    var captchaWord: String?
    var captchaGood: Bool
    var redirectURL: String?
    var matchedSignIn: Bool

    init(_ engine: LinkEngine) {
        matchedSignIn = engine.matchedSignIn
        redirectURL = engine.redirectURL
        captchaWord = engine.captchaWord
        captchaGood = engine.captchaGood
        identityOutcome = engine.identityOutcome
        typedPhone = engine.typedPhone
        verifiedPhone = engine.verifiedPhone
        otpAttempts = engine.otpAttempts
        authFlow = engine.authFlow
        routingNumber = engine.routingNumber
        numbersAfterAccountSelect = engine.numbersAfterAccountSelect
        numbersOrigin = engine.numbersOrigin
        depositCodeAttempts = engine.depositCodeAttempts
        pane = engine.pane
        requestID = engine.requestID
        institution = engine.institution
        query = engine.query
        inlineError = engine.inlineError
        lastError = engine.lastError
        mfaPlan = engine.mfaPlan
        mfaIndex = engine.mfaIndex
        accounts = engine.accounts
        sharedAccounts = engine.sharedAccounts
        started = engine.started
        ids = engine.ids
        lastReportedQuery = engine.lastReportedQuery
        embeddedSelectionTaken = engine.embeddedSelectionTaken
        searchDeadline = engine.searchDeadline
        loadingDeadline = engine.loadingDeadline
        pendingResult = engine.pendingResult
        wrongAttempts = engine.wrongAttempts
        now = engine.now
        outboxCount = engine.outbox.count
    }
}

/// One step of a random session.
private enum FuzzStep {
    case send(UserAction, at: Timestamp)
    case advance(to: Timestamp)
}

/// Passwords that must never appear in any record (they lead to INVALID_CREDENTIALS).
private let canaryPasswords = ["canary-pw-7Qx9", "canary-pw-\u{1B}[31mred", "canary-pw-日本語"]
/// MFA answers (and micro-deposit codes) that must never appear in any record.
private let canaryAnswers = ["canary-mfa-K2v8", "canary-code-55501"]
/// An SSN that must never appear in any record.
private let canarySSN = "555-01-9999"
/// Account numbers: only their last 4 digits may appear (`account_number_mask`), never the number.
private let canaryAccountNumbers = ["55501234567890123", "4445556667"]

/// Builds random actions, roughly half of them fitting the engine's current pane.
private struct ActionGenerator {
    var rng: SplitMix64
    let directoryIDs = InstitutionDirectory.sandbox.records.map(\.id)

    mutating func randomString(maxLength: Int = 40) -> String {
        let length = rng.int(0...maxLength)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            switch rng.int(0...9) {
            case 0: scalars.append(Unicode.Scalar(UInt8(rng.int(0...31))))  // C0 controls, NUL, ESC, CR, LF
            case 1: scalars.append(Unicode.Scalar(UInt32(rng.int(0x7F...0x9F)))!)  // DEL and C1
            case 2: scalars.append(rng.pick(["\u{202E}", "\u{2066}", "\u{200F}", "\u{301}", "\u{FE0F}", "\u{200D}"]))
            case 3: scalars.append(rng.pick(["日", "😀", "é", "ß", "Ω", "\u{FFFD}", "\u{10FFFF}"]))
            default: scalars.append(Unicode.Scalar(UInt8(rng.int(0x20...0x7E))))
            }
        }
        return String(scalars)
    }

    mutating func query() -> String {
        switch rng.int(0...19) {
        case 0: return ""
        case 1: return "   \t "
        case 2: return "first platypus"
        case 3: return "\u{1B}[2J\u{1B}]0;title\u{07}platypus"
        case 4 where rng.chance(0.05): return String(repeating: "q", count: 1 << 20)  // 1 MiB
        case 5: return String(repeating: "platypus ", count: rng.int(100...5000))
        case 6, 7: return rng.pick(["plat", "chase", "tartan", "bank", "Platypus OAuth", "zzz", "日本"])
        default: return randomString()
        }
    }

    mutating func institutionID() -> String {
        switch rng.int(0...9) {
        case 0: return ""
        case 1: return "ins_unknown_\(rng.int(0...999))"
        case 2: return randomString(maxLength: 20)
        case 3: return rng.pick(["ins_109508", "ins_127287", "ins_132363", "ins_132361", "ins_133402", "ins_109512", "ins_135858"])
        default: return rng.pick(directoryIDs)
        }
    }

    mutating func password() -> Secret {
        let codes = SandboxErrorCatalog.all.map(\.error.errorCode.errorCode)
        let value: String = switch rng.int(0...11) {
        case 0: "pass_good"
        case 1: "mfa_device"
        case 2: "mfa_questions_\(rng.int(0...10))_\(rng.int(0...10))"
        case 3: "mfa_selections"
        case 4: "mfa_selections_\(rng.int(0...10))_\(rng.int(0...10))_\(rng.int(0...10))"
        case 5, 6: "error_" + rng.pick(codes)
        case 7: "error_" + randomString(maxLength: 10)
        case 8: ""
        case 9: rng.pick(canaryPasswords)
        case 10: rng.pick(["mfa_questions_1_1_1", "microdeposits_good", #"{"recaptcha":"good"}"#, #"{"recaptcha":"bad"}"#])
        default: randomString()
        }
        return Secret(value)
    }

    mutating func username() -> String {
        switch rng.int(0...5) {
        case 0: return ""
        case 1: return randomString(maxLength: 12)
        case 2: return "user_bad"
        default: return "user_good"
        }
    }

    mutating func indexList(count: Int) -> [Int] {
        switch rng.int(0...5) {
        case 0: return []
        case 1: return [rng.int(-3...(count + 3))]
        case 2: return (0..<rng.int(1...12)).map { _ in rng.int(-2...(count + 2)) }
        case 3: return [Int.min, Int.max]
        default:
            guard count > 0 else { return [0] }
            let all = Array(0..<count).shuffled(using: &rng)
            return Array(all.prefix(rng.int(1...count)))
        }
    }

    /// An answer to `challenge`: right, wrong or malformed.
    mutating func mfaResponse(for challenge: MFAChallenge?) -> MFAResponse {
        let right = rng.chance(0.6)
        switch rng.int(0...5) {
        case 0: return .device(rng.pick([-1, 0, 1, 2, 3, Int.max, Int.min]))
        case 1:
            let canary = rng.pick(canaryAnswers)
            let garbage = randomString(maxLength: 8)
            return .code(Secret(rng.pick(["", "1234", "0000", canary, garbage])))
        case 2:
            return .answers((0..<rng.int(0...4)).map { _ in
                let canary = rng.pick(canaryAnswers)
                return Secret(rng.pick(["", "answer_0_0", canary]))
            })
        case 3: return .selections((0..<rng.int(0...4)).map { _ in rng.int(-1...4) })
        default:
            guard let challenge else { return .device(0) }
            switch challenge.type {
            case .device: return .device(right ? rng.int(0...2) : rng.int(-1...5))
            case .code: return .code(Secret(right ? "1234" : rng.pick(canaryAnswers)))
            case .questions:
                return .answers(challenge.prompts.indices.map { index in
                    Secret(right ? "answer_\(challenge.round)_\(index)" : rng.pick(canaryAnswers))
                })
            case .selections:
                return .selections(challenge.prompts.enumerated().map { index, prompt in
                    guard right else { return rng.int(-1...prompt.options.count) }
                    if case .option(let wanted) = challenge.expected[index] { return wanted }
                    return 0
                })
            }
        }
    }

    /// A random action; about half the time one meant for `engine`'s pane.
    mutating func action(for engine: LinkEngine) -> UserAction {
        if rng.chance(0.5) {
            switch engine.pane {
            case .consent: return rng.chance(0.2) ? rng.pick([.viewDataTypes, .openMyPlaid]) : rng.chance(0.9) ? .primary : .back
            case .selectInstitution where rng.chance(0.1):
                return .selectBrand(rng.pick(["Flexible Platypus Open Banking", randomString(maxLength: 10)]))
            case .selectInstitution:
                return rng.chance(0.5) ? .setQuery(query()) : .selectInstitution(id: institutionID())
            case .credential:
                return .submitCredentials(username: rng.chance(0.8) ? "user_good" : username(), password: password())
            case .mfa: return .submitMFA(mfaResponse(for: engine.currentChallenge))
            case .selectAccount: return .submitAccounts(indexList(count: engine.accounts.count))
            case .oauth(.signIn): return .oauth(rng.pick(OAuthResult.allCases))
            case .exitConfirmation: return rng.chance(0.8) ? .cancelExit : .confirmExit
            case .selectAuthType: return .chooseAuthType(rng.pick(AuthTypeSelection.allCases))
            case .numbers(.routing): return .submitRoutingNumber(routingNumber())
            case .numbers(.account): return .submitAccountNumber(accountNumber(), rng.pick(DepositAccountType.allCases))
            case .submitPhone:
                return rng.chance(0.2) ? .skipPhone : .submitPhone(rng.pick(["4155550010", "415-555-0199", "555", randomString(maxLength: 14)]))
            case .verifyPhone: return .submitOTP(Secret(rng.pick(["123456", "000000", "", rng.pick(canaryAnswers)])))
            case .selectSavedInstitution:
                return rng.chance(0.2) ? .connectNewInstitution : .selectInstitution(id: rng.pick(["ins_109508", "ins_109511", institutionID()]))
            case .selectSavedAccount:
                return rng.chance(0.1) ? .connectNewInstitution : .submitAccounts(indexList(count: engine.accounts.count))
            case .matchedVerifyMethod: return .chooseVerifyMethod(rng.pick(VerifyMethod.allCases))
            case .identity(.verifySMS(codeSent: false)): return .submitPhone(rng.pick(["2345678909", "12"]))
            case .identity(.verifySMS(codeSent: true)): return .submitOTP(Secret(rng.pick(["11111", rng.pick(canaryAnswers)])))
            case .identity(.kycCheck):
                return .submitIdentity(IdentityDetails(firstName: rng.pick(["Leslie", "Ann", ""]), lastName: "Knope",
                                                       dateOfBirth: rng.pick(["1975-01-18", "x"]),
                                                       ssn: Secret(rng.pick(["123-45-6789", canarySSN]))))
            case .identity(.documentaryVerification): return .submitDocument(rng.pick(IdentityDocument.allCases))
            case .selectBrand: return .selectInstitution(id: rng.pick(["ins_116834", "ins_117181", institutionID()]))
            case .oauth(.redirected):
                return .redirect(rng.pick([engine.redirectURL ?? "", "https://example.com/oauth?oauth_state_id=x", randomString()]))
            case .recaptcha: return .submitCaptcha(rng.pick(LinkEngine.captchaWords + ["", randomString(maxLength: 8)]))
            case .layerWaiting:
                return .submitLayerData(phone: rng.pick(["415-555-0010", "2125550100", "x"]),
                                        dateOfBirth: rng.pick([nil, "1975-01-18", "2010-06-01", "bad"]))
            case .uploadDocuments:
                return .submitDocuments(rng.pick([["a.pdf"], ["a.pdf", "b.png"], [], [randomString(maxLength: 12)]]))
            case .numbersSelectInstitution: return .chooseAuthType(rng.pick(AuthTypeSelection.allCases))
            case .microdepositVerification, .sameDayVerification:
                return .submitDepositCode(Secret(rng.pick(["ABC", "abc", "", "AB", rng.pick(canaryAnswers)])))
            case .institutionNotice: return rng.chance(0.3) ? .followIssue : rng.chance(0.8) ? .primary : .back
            default: return rng.chance(0.8) ? .primary : .back
            }
        }
        switch rng.int(0...29) {
        case 0, 1: return .primary
        case 2, 3: return .setQuery(query())
        case 4, 5: return .selectInstitution(id: institutionID())
        case 6, 7: return .submitCredentials(username: username(), password: password())
        case 8, 9: return .submitMFA(mfaResponse(for: engine.currentChallenge))
        case 10, 11: return .submitAccounts(indexList(count: engine.accounts.count))
        case 12: return .oauth(rng.pick(OAuthResult.allCases))
        case 13, 14: return .back
        case 15: return .requestExit
        case 16: return .confirmExit
        case 17: return .cancelExit
        case 18 where rng.chance(0.1): return .quit
        case 19: return .chooseAuthType(rng.pick(AuthTypeSelection.allCases))
        case 20: return .submitRoutingNumber(routingNumber())
        case 21: return .submitAccountNumber(accountNumber(), rng.pick(DepositAccountType.allCases))
        case 22: return .submitDepositCode(Secret(rng.pick(["ABC", rng.pick(canaryAnswers)])))
        case 23: return .submitPhone(rng.pick(["4155550010", randomString(maxLength: 14)]))
        case 24: return .submitOTP(Secret(rng.pick(["123456", rng.pick(canaryAnswers)])))
        case 25: return rng.pick([.skipPhone, .connectNewInstitution])
        case 26: return .chooseVerifyMethod(rng.pick(VerifyMethod.allCases))
        default: return .primary
        }
    }

    mutating func routingNumber() -> String {
        switch rng.int(0...5) {
        case 0: return randomString(maxLength: 12)
        case 1: return "123456789"
        default: return rng.pick(SandboxAuth.testRoutingNumbers)
        }
    }

    mutating func accountNumber() -> String {
        switch rng.int(0...5) {
        case 0: return randomString(maxLength: 20)
        case 1: return rng.pick(["", "123", "1234", "123456789012345678"])
        case 2: return rng.pick(canaryAccountNumbers)
        default: return rng.pick(SandboxAuth.testAccountNumbers)
        }
    }

    /// The next time: mostly small steps, sometimes none, sometimes a long wait.
    mutating func later(than time: Timestamp) -> Timestamp {
        switch rng.int(0...9) {
        case 0, 1: return time
        case 2: return time.adding(millis: Int64(rng.int(0...86_400_000)))
        default: return time.adding(millis: Int64(rng.int(0...1_500)))
        }
    }

    /// A random configuration: token, seed, latency, debounce, account mode, update mode.
    mutating func configuration() -> SessionConfiguration {
        let token: String? = switch rng.int(0...9) {
        case 0: ""
        case 1: "link-production-8f3c1c6e-2f0d-4b8e-9a51-6a2b1c0d9e7f"
        case 2: "link-sandbox-NOT-A-UUID"
        case 3: "link-sandbox-8F3C1C6E-2F0D-4B8E-9A51-6A2B1C0D9E7F"
        case 4: "link-sandbox-8f3c1c6e-2f0d-4b8e-9a51-6a2b1c0d9e7f"
        default: nil
        }
        let update: String? = rng.chance(0.15) ? institutionID() : nil
        return SessionConfiguration(
            token: token, seed: rng.next(), latencyMillis: Int64(rng.pick([0, 1, 600, 5_000])),
            searchDebounceMillis: Int64(rng.pick([0, 1, 300, 2_000])),
            accountSelection: rng.pick(AccountSelectionMode.allCases), updateModeInstitutionID: update,
            products: rng.pick([[.auth], [.transactions], [.identityVerification], [.assets], [.transactions, .auth], [.incomeVerification], [.layer]]), rememberMe: rng.chance(0.3),
            savedProfile: rng.chance(0.3) ? .sandbox : nil).with(\.redirectURI, rng.chance(0.3) ? "https://example.com/oauth" : nil)
            .with(\.verifiesDeposits, rng.chance(0.05)).with(\.phoneKnown, rng.chance(0.2))
            .with(\.identityMatchName, rng.chance(0.2) ? rng.pick(["Alberta Charleson", "Leslie Knope", "x"]) : nil)
            .with(\.resumesIdentity, rng.chance(0.2))
            .with(\.embeddedInstitutionID, rng.chance(0.15) ? institutionID() : nil)
    }
}

/// The invariants every finished session's records hold (`SessionInvariants`), and no secret in them.
private func checkSession(_ records: [SessionRecord], sessionID: String, context: String) {
    #expect(SessionInvariants.violations(of: records, sessionID: sessionID) == [], "\(context)")
    for record in records {
        let line = record.jsonLine
        for secret in canaryPasswords + canaryAnswers + canaryAccountNumbers + [canarySSN] where line.contains(secret) {
            Issue.record("\(context): a secret reached the record \(line.prefix(200))")
        }
    }
}

/// `record` with every timestamp set to zero.
private func withoutTime(_ record: SessionRecord) -> SessionRecord {
    guard case .event(var event) = record else { return record }
    event.metadata.instant = Timestamp(millis: 0)
    return .event(event)
}

@Suite("Engine property tests (random sessions)")
struct EngineFuzzTests {
    /// Bounded in the suite; `LINKTERM_FUZZ_SCALE=N` plays N times as many (the long run, README).
    static let sessions = 2_000 * max(1, ProcessInfo.processInfo.environment["LINKTERM_FUZZ_SCALE"].flatMap { Int($0) } ?? 1)
    static let maxSteps = 200

    /// Plays one random session; returns the records and the steps the engine accepted.
    private static func play(_ generator: inout ActionGenerator, configuration: SessionConfiguration, context: String)
        -> (records: [SessionRecord], accepted: [FuzzStep], engine: LinkEngine, start: Timestamp) {
        var engine = LinkEngine(configuration: configuration)
        var time = ManualClock.defaultStart.adding(millis: Int64(generator.rng.int(-5_000...5_000)))
        let start = time
        var records = engine.start(at: time)
        #expect(engine.start(at: time).isEmpty, "\(context): a second start emits nothing")
        var accepted: [FuzzStep] = []
        let steps = generator.rng.int(0...maxSteps)
        for _ in 0..<steps {
            time = generator.later(than: time)
            if generator.rng.chance(0.3) {
                let wasFinished = engine.isFinished
                let batch = engine.advance(to: time)
                #expect(!wasFinished || batch.isEmpty, "\(context): advance emitted after the end")
                records += batch
                accepted.append(.advance(to: time))
                continue
            }
            let action = generator.action(for: engine)
            let kept = action.copy()  // the engine wipes the secrets it is sent; the replay needs them
            let before = EngineSnapshot(engine)
            let wasFinished = engine.isFinished
            do {
                let batch = try engine.send(action, at: time)
                #expect(!wasFinished, "\(context): an action was accepted after the end")
                records += batch
                accepted.append(.send(kept, at: time))
            } catch {
                #expect(!error.reason.isEmpty)
                #expect(EngineSnapshot(engine) == before, "\(context): rejected \(action) changed the engine")
            }
        }
        if !engine.isFinished {
            time = generator.later(than: time)
            records += (try? engine.send(.quit, at: time)) ?? []
            accepted.append(.send(.quit, at: time))
        }
        #expect(engine.isFinished, "\(context): quit ends the session")
        // nothing after the end
        let late = generator.later(than: time)
        #expect(engine.advance(to: late.adding(millis: 1_000_000)).isEmpty, "\(context): advance after the end")
        for action in [UserAction.primary, .quit, .back, .setQuery("x")] {
            #expect(throws: ActionRejected.self, "\(context): \(action) after the end") { _ = try engine.send(action, at: late) }
        }
        #expect(engine.nextDeadline == nil || engine.isFinished)
        return (records, accepted, engine, start)
    }

    @Test("the snapshot of a rejected action covers every stored property of the engine")
    func snapshotCoversTheEngine() throws {
        let engine = LinkEngine(configuration: SessionConfiguration())
        let stored = Mirror(reflecting: engine).children.map { $0.label ?? "?" }
        #expect(stored == EngineSnapshot.covered, "add the new property to EngineSnapshot")
    }

    @Test("2,000 random sessions keep every invariant", arguments: [UInt64(0x5EED_0001), 0x5EED_0002])
    func randomSessions(seed: UInt64) {
        var generator = ActionGenerator(rng: SplitMix64(seed: seed))
        var successes = 0
        for index in 0..<(Self.sessions / 2) {
            let context = "seed \(seed) session \(index)"
            let configuration = generator.configuration()
            let (records, _, engine, _) = Self.play(&generator, configuration: configuration, context: context)
            checkSession(records, sessionID: engine.linkSessionID, context: context)
            if records.contains(where: { if case .success = $0 { true } else { false } }) { successes += 1 }
        }
        // the generator reaches the end of the flow, not only its first panes
        #expect(successes > Self.sessions / 40, "only \(successes) sessions reached onSuccess")
    }

    /// Replaying only the accepted steps on a fresh engine gives the same records: a rejected
    /// action leaves no trace in what follows.
    ///
    /// Timestamps included: a rejected action does not move the engine's clock, so a timer
    /// already due still fires stamped with its own deadline.
    @Test("rejected actions leave no trace in what follows")
    func rejectedActionsLeaveNoTrace() {
        var generator = ActionGenerator(rng: SplitMix64(seed: 0x7ACE))
        var differing: [Int] = []
        var differingBeyondTime: [Int] = []
        for index in 0..<300 {
            let configuration = generator.configuration()
            let first = Self.play(&generator, configuration: configuration, context: "trace session \(index)")
            var engine = LinkEngine(configuration: configuration)
            var records = engine.start(at: first.start)
            for step in first.accepted {
                switch step {
                case .advance(let time): records += engine.advance(to: time)
                case .send(let action, let time): records += (try? engine.send(action, at: time)) ?? []
                }
            }
            if records != first.records { differing.append(index) }
            if records.map(withoutTime) != first.records.map(withoutTime) { differingBeyondTime.append(index) }
        }
        #expect(differingBeyondTime.isEmpty,
                "sessions whose records changed without their rejected actions: \(differingBeyondTime.prefix(10))")
        #expect(differing.isEmpty, "sessions whose timestamps changed without their rejected actions: \(differing.prefix(10))")
    }

    /// The same rejection through `SessionDriver`, which advances before every action: no trace at all.
    @Test("through SessionDriver, a rejected action changes no timestamp")
    func driverHidesTheClockIssue() throws {
        func run(withRejection: Bool) throws -> [SessionRecord] {
            let clock = ManualClock()
            let driver = SessionDriver(configuration: SessionConfiguration(latencyMillis: 600), clock: clock)
            driver.start()
            try driver.send(.primary)
            try driver.send(.selectInstitution(id: "ins_109508"))
            try driver.send(.submitCredentials(username: "user_good", password: Secret("pass_good")))
            clock.advance(by: 1_000)
            if withRejection { #expect(throws: ActionRejected.self) { try driver.send(.primary) } }
            driver.tick()
            return driver.records
        }
        #expect(try run(withRejection: true) == run(withRejection: false))
    }

    /// The same through the engine API, no driver: the timer keeps its deadline.
    @Test("engine API: a timer due before a rejected action keeps its deadline as timestamp")
    func engineClockReproducer() throws {
        var engine = LinkEngine(configuration: SessionConfiguration(latencyMillis: 600))
        let t0 = ManualClock.defaultStart
        _ = engine.start(at: t0)
        _ = try engine.send(.primary, at: t0)
        _ = try engine.send(.selectInstitution(id: "ins_109508"), at: t0)
        _ = try engine.send(.submitCredentials(username: "user_good", password: Secret("pass_good")), at: t0)
        // LOADING is due at t0 + 600; an action that does not fit LOADING comes at t0 + 1000
        #expect(throws: ActionRejected.self) { _ = try engine.send(.primary, at: t0.adding(millis: 1_000)) }
        let fired = engine.advance(to: t0.adding(millis: 1_000))
        guard case .event(let event)? = fired.first else { Issue.record("LOADING did not end"); return }
        #expect(event.metadata.viewName == .selectAccount)
        #expect(event.metadata.instant == t0.adding(millis: 600))
    }

    @Test("a session opened with a refused token ends at once with INVALID_LINK_TOKEN")
    func refusedTokens() throws {
        let tokens = ["", " ", "link-", "link-sandbox-", "link-staging-8f3c1c6e-2f0d-4b8e-9a51-6a2b1c0d9e7f",
                      "link-sandbox-8f3c1c6e-2f0d-4b8e-9a51-6a2b1c0d9e7", "\u{1B}[31mlink-sandbox\u{07}",
                      String(repeating: "x", count: 1_000_000), "link-sandbox-8f3c1c6e\u{0}2f0d-4b8e-9a51-6a2b1c0d9e7f"]
        for token in tokens {
            var engine = LinkEngine(configuration: SessionConfiguration(token: token))
            let records = engine.start(at: ManualClock.defaultStart)
            #expect(engine.isFinished)
            checkSession(records, sessionID: engine.linkSessionID, context: "token \(token.prefix(20).debugDescription)")
            guard case .exit(let exit)? = records.last else { Issue.record("no onExit"); continue }
            #expect(exit.error?.errorCode.errorCode == "INVALID_LINK_TOKEN")
            for record in records { #expect(token.count < 5 || !record.jsonLine.contains(token)) }
        }
    }
}
