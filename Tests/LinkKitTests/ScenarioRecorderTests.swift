import Testing
@testable import LinkKit

@Suite("--save-scenario: what a person did, as a scenario that plays back to the same events, with no secret in it")
struct ScenarioRecorderTests {
    /// Every record but its timestamp (a replay starts its clock elsewhere).
    func untimed(_ records: [SessionRecord]) -> [String] {
        records.map { $0.jsonLine.replacing(/"timestamp":"[^"]*"/, with: "") }
    }

    /// A session (seed 7, latency 300 ms) on a manual clock, started, with a recorder attached.
    func recordedSession() -> (ManualClock, SessionDriver, ScenarioRecorder) {
        let configuration = SessionConfiguration(seed: 7, latencyMillis: 300)
        let clock = ManualClock()
        let driver = SessionDriver(configuration: configuration, clock: clock)
        let recorder = ScenarioRecorder(configuration: configuration)
        recorder.attach(to: driver)
        driver.start()
        return (clock, driver, recorder)
    }

    @Test("a search typed with a pause, a wrong password, security questions with a wrong answer, then right, some accounts")
    func playsBackToTheSameEvents() throws {
        let (clock, driver, recorder) = recordedSession()
        try driver.send(.primary)
        for text in ["f", "fi", "fir"] { try driver.send(.setQuery(text)) }
        clock.advance(by: 400)
        driver.tick()  // SEARCH_INSTITUTION "fir", reported by the pause
        for text in ["firs", "first", "first ", "first plat"] { try driver.send(.setQuery(text)) }
        try driver.send(.selectInstitution(id: "ins_109508"))  // "first plat" reported by the choice
        #expect(throws: ActionRejected.self) { try driver.send(.submitAccounts([0])) }  // refused: not written
        try driver.send(.submitCredentials(username: "user_good", password: Secret("hunter2-canary")))
        driver.settle()  // back on the credentials, the error inline
        try driver.send(.submitCredentials(username: "user_good", password: Secret("mfa_questions_1_2")))
        driver.settle()
        try driver.send(.submitMFA(.answers([Secret("answer_0_0"), Secret("canary-answer")])))
        driver.settle()
        try driver.send(.submitMFA(.answers([Secret("answer_0_0"), Secret("answer_0_1")])))
        driver.settle()
        try driver.send(.submitAccounts([0, 2]))
        driver.settle()
        try driver.send(.primary)
        #expect(recorder.steps == [
            "continue", "search fir", "search first plat", "select ins_109508", "credentials user_good wrong_password",
            "credentials user_good mfa_questions_1_2", "mfa answer_0_0 | wrong_answer", "mfa answer_0_0 | answer_0_1", "accounts 0 2", "continue",
        ])
        #expect(!recorder.text.contains("canary") && !recorder.text.contains("hunter2"))
        #expect(recorder.text.hasPrefix("# saved by linkterm --save-scenario"))
        #expect(recorder.text.contains("\noption seed 7\noption latency 300\n"))
        // played back: the same records, ids included
        let scenario = try Scenario(text: recorder.text, file: "saved")
        var replayed = SessionConfiguration()
        _ = scenario.apply(to: &replayed)
        let replay = SessionDriver(configuration: replayed, clock: ManualClock())
        try ScenarioRunner(scenario: scenario).run(on: replay)
        #expect(untimed(replay.records) == untimed(driver.records))
    }

    /// Plays `steps` on a recorded session, then the scenario written; both must give the same records.
    func roundTrip(_ configuration: SessionConfiguration = SessionConfiguration(seed: 3),
                   _ steps: (SessionDriver, ManualClock) throws -> Void) throws -> [String] {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: configuration, clock: clock)
        let recorder = ScenarioRecorder(configuration: configuration)
        recorder.attach(to: driver)
        driver.start()
        try steps(driver, clock)
        let scenario = try Scenario(text: recorder.text, file: "saved")
        var replayed = SessionConfiguration()
        _ = scenario.apply(to: &replayed)
        let replay = SessionDriver(configuration: replayed, clock: ManualClock())
        try ScenarioRunner(scenario: scenario).run(on: replay)
        #expect(untimed(replay.records) == untimed(driver.records), "\(recorder.text)")
        return recorder.steps
    }

    @Test("a quit after a long pause waits that long, at most the day a scenario's wait allows, and the file plays")
    func quitAfterALongPause() throws {
        for (pause, written) in [(Int64(5_000), Int64(5_000)), (Scenario.maximumWaitMillis + 3_600_000, Scenario.maximumWaitMillis)] {
            let (clock, driver, recorder) = recordedSession()
            try driver.send(.primary)
            clock.advance(by: pause)
            try driver.send(.quit)
            #expect(recorder.steps == ["continue", "wait \(written)", "quit"])
            #expect(throws: Never.self) { try Scenario(text: recorder.text, file: "saved.txt") }
        }
    }

    @Test("searches as the engine reported them: the same query again after a new visit, one emptied by hand, one dropped by Esc")
    func searches() throws {
        let steps = try roundTrip { driver, clock in
            try driver.send(.primary)
            try driver.send(.setQuery("tartan"))
            clock.advance(by: 400)
            driver.tick()  // reported
            try driver.send(.selectInstitution(id: "ins_109511"))
            try driver.send(.back)  // credentials → a new search
            try driver.send(.setQuery("tartan"))
            clock.advance(by: 400)
            driver.tick()  // reported again
            try driver.send(.setQuery(""))  // emptied by hand
            try driver.send(.selectInstitution(id: "ins_109508"))  // a popular one
            try driver.send(.back)
            try driver.send(.setQuery("gin"))
            try driver.send(.back)  // Esc empties a query never reported
            try driver.send(.setQuery("houndstooth"))
            try driver.send(.selectInstitution(id: "ins_109512"))  // reported by the choice
            try driver.send(.quit)
        }
        #expect(steps == ["continue", "search tartan", "select ins_109511", "back", "search tartan", "back",
                          "select ins_109508", "back", "search houndstooth", "select ins_109512", "quit"])
    }

    @Test("Identity Verification's SMS code: the right one (11111) written as itself, a wrong one as 000000; the file replays")
    func identityVerificationCode() throws {
        var configuration = SessionConfiguration(seed: 6)
        configuration.products = [.identityVerification]
        let steps = try roundTrip(configuration) { driver, _ in
            try driver.send(.primary)  // terms
            driver.settle()
            try driver.send(.submitPhone("+1 234-567-8909"))
            driver.settle()
            try driver.send(.submitOTP(Secret("99999")))  // wrong: asked again
            driver.settle()
            try driver.send(.submitOTP(Secret("11111")))
            driver.settle()
            try driver.send(.submitIdentity(IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "1975-01-18",
                                                            ssn: Secret("123-45-6789"))))
            driver.settle()
            try driver.send(.quit)
        }
        #expect(steps.contains("otp 000000") && steps.contains("otp 11111"), "\(steps)")
    }

    @Test("the sandbox's options that shape the events are written: Identity Match, a returning user with the phone known")
    func options() throws {
        var configuration = SessionConfiguration(seed: 4, savedProfile: .sandbox)
        configuration.phoneKnown = true
        configuration.identityMatchName = "Leslie Knope"
        let recorder = ScenarioRecorder(configuration: configuration)
        #expect(recorder.text.contains("\noption returning-user auto-submit\n"))
        #expect(recorder.text.contains("\noption identity-match Leslie Knope\n"))
        _ = try roundTrip(configuration) { driver, _ in
            try driver.send(.primary)
            driver.settle()
            try driver.send(.submitOTP(Secret("123456")))
            driver.settle()
            try driver.send(.quit)
        }
    }

    @Test("passwords as the sandbox's own: each outcome's documented password")
    func sandboxPasswords() {
        for password in ["pass_good", "mfa_device", "mfa_selections", "mfa_questions_3_2", "mfa_selections_2_3_4",
                         "error_ITEM_LOCKED", "microdeposits_good", #"{"recaptcha":"bad"}"#] {
            let outcome = SandboxCredentials.login(username: "user_good", password: Secret(password))
            #expect(ScenarioRecorder.sandboxPassword(for: outcome) == password)
        }
        let wrong = SandboxCredentials.login(username: "user_good", password: Secret("my real password"))
        #expect(ScenarioRecorder.sandboxPassword(for: wrong) == "wrong_password")
    }

    @Test("account numbers keep their last four digits only; codes and SSNs are the sandbox's or wrong ones")
    func otherSecrets() throws {
        let recorder = ScenarioRecorder(configuration: SessionConfiguration())
        let engine = LinkEngine(configuration: SessionConfiguration())
        #expect(recorder.step(for: .submitAccountNumber("9876543210", .checking), engine: engine) == "numbers 0 0000003210 checking")
        #expect(recorder.step(for: .submitDepositCode(Secret("abc")), engine: engine) == "code ABC")
        #expect(recorder.step(for: .submitDepositCode(Secret("QQQ")), engine: engine) == "code XYZ")
        #expect(recorder.step(for: .submitOTP(Secret("999999")), engine: engine) == "otp 000000")
        let details = IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "1975-01-18", ssn: Secret("987-65-4321"))
        #expect(recorder.step(for: .submitIdentity(details), engine: engine) == "kyc Leslie Knope 1975-01-18 000-00-0000")
        #expect(recorder.step(for: .selectBrand("Bank\nof America"), engine: engine) == "brand Bank of America")
    }
}
