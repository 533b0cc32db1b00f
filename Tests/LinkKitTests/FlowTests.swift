import Testing
@testable import LinkKit

@Suite("The Plaid flow, event by event")
struct FlowTests {
    @Test("pass_good: consent, search, credentials, accounts, success, HANDOFF")
    func passGood() throws {
        let result = try records("""
            continue
            search first platypus
            select ins_109508
            credentials user_good pass_good
            accounts all
            continue
            """)
        #expect(result.map(summary) == [
            "load", "OPEN view=CONSENT", "TRANSITION_VIEW view=SELECT_INSTITUTION",
            "SEARCH_INSTITUTION q=first platypus", "SELECT_INSTITUTION", "TRANSITION_VIEW view=CREDENTIAL",
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=SELECT_ACCOUNT",
            "TRANSITION_VIEW view=CONNECTED", "success accounts=9", "HANDOFF",
        ])
        guard case .success(let success) = result[10] else { Issue.record("no success"); return }
        #expect(success.publicToken.hasPrefix("public-sandbox-"))
        #expect(LinkToken.isLowercaseUUID(ArraySlice(success.publicToken.dropFirst("public-sandbox-".count).utf8)))
        #expect(success.metadata.institution == Institution(id: "ins_109508", name: "First Platypus Bank"))
        #expect(success.metadata.accounts.map(\.name).prefix(3) == ["Plaid Checking", "Plaid Saving", "Plaid Credit Card"])
        #expect(success.metadata.accounts[0].mask == "0000")
        #expect(success.metadata.accounts[0].subtype == .depository(.checking))
        #expect(success.metadata.accounts[0].verificationStatus == nil)
        #expect(success.metadata.accounts.allSatisfy { $0.id.count == 37 })
        let all = events(result)
        #expect(Set(all.map(\.metadata.linkSessionID)) == [success.metadata.linkSessionID])
        #expect(all[0].metadata.isUpdateMode == "false")
        #expect(all[1...].allSatisfy { $0.metadata.isUpdateMode == nil })
        // from SELECT_INSTITUTION on, every event carries the institution
        #expect(all[3...].allSatisfy { $0.metadata.institutionID == "ins_109508" && $0.metadata.institutionName == "First Platypus Bank" })
        #expect(all[..<3].allSatisfy { $0.metadata.institutionID == nil })
    }

    @Test("the loading latency and debounce show in the timestamps")
    func timing() throws {
        var configuration = SessionConfiguration()
        configuration.latencyMillis = 1000
        let result = events(try records("""
            continue
            search tartan
            select ins_109511
            credentials user_good pass_good
            accounts 0
            continue
            """, configuration))
        let stamps = result.map(\.metadata.instant.iso8601)
        #expect(stamps[0] == "2026-01-01T00:00:00.000Z")
        #expect(stamps[2] == "2026-01-01T00:00:00.300Z")  // SEARCH_INSTITUTION after the 300 ms debounce
        #expect(result[7].metadata.viewName == .selectAccount)
        #expect(stamps[7] == "2026-01-01T00:00:01.300Z")  // LOADING lasted 1000 ms
    }

    @Test("mfa_device: pick a device, then code 1234")
    func mfaDevice() throws {
        #expect(try trace(toCredentials + """

            credentials user_good mfa_device
            mfa 1
            mfa 1234
            accounts 0 2
            continue
            """) == openToCredentials + [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=MFA mfa=device",
            "SUBMIT_MFA mfa=device", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=MFA mfa=code",
            "SUBMIT_MFA mfa=code", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=SELECT_ACCOUNT",
            "TRANSITION_VIEW view=CONNECTED", "success accounts=2", "HANDOFF",
        ])
    }

    @Test("a wrong code is INVALID_MFA, back to the code step")
    func wrongCode() throws {
        #expect(try trace(toCredentials + """

            credentials user_good mfa_device
            mfa 0
            mfa 9999
            mfa 1234
            wait 600
            quit
            """).suffix(9) == [
            "SUBMIT_MFA mfa=code", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_MFA",
            "TRANSITION_VIEW view=MFA mfa=code", "SUBMIT_MFA mfa=code", "TRANSITION_VIEW view=LOADING",
            "TRANSITION_VIEW view=SELECT_ACCOUNT", "EXIT err=INVALID_MFA status=requires_account_selection",
            "exit status=requires_account_selection err=INVALID_MFA",
        ])
    }

    @Test("mfa_questions_2_2: two rounds of two questions, a wrong round retried")
    func questions() throws {
        #expect(try trace(toCredentials + """

            credentials user_good mfa_questions_2_2
            mfa answer_0_0 | answer_0_1
            mfa answer_1_0 | wrong
            mfa answer_1_0 | answer_1_1
            accounts all
            continue
            """) == openToCredentials + [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=MFA mfa=questions",
            "SUBMIT_MFA mfa=questions", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=MFA mfa=questions",
            "SUBMIT_MFA mfa=questions", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_MFA",
            "TRANSITION_VIEW view=MFA mfa=questions",
            "SUBMIT_MFA mfa=questions", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=SELECT_ACCOUNT",
            "TRANSITION_VIEW view=CONNECTED", "success accounts=9", "HANDOFF",
        ])
    }

    @Test("mfa_questions_<n>_<m> has n rounds of m prompts", arguments: [(1, 1), (3, 2), (9, 9)])
    func questionShapes(rounds: Int, perRound: Int) throws {
        guard case .mfa(let plan) = SandboxCredentials.login(
            username: "user_good", password: Secret("mfa_questions_\(rounds)_\(perRound)"))
        else { Issue.record("no MFA"); return }
        #expect(plan.count == rounds)
        #expect(plan.allSatisfy { $0.prompts.count == perRound && $0.type == .questions })
        let answers = (0..<perRound).map { Secret("answer_\(rounds - 1)_\($0)") }
        #expect(plan[rounds - 1].isCorrect(.answers(answers)))
        #expect(!plan[0].isCorrect(.answers(answers)) || rounds == 1)
    }

    @Test("mfa_selections: one question, Yes is right; No is INVALID_MFA")
    func selections() throws {
        #expect(try trace(toCredentials + """

            credentials user_good mfa_selections
            mfa No
            mfa Yes
            accounts 0
            continue
            """).dropFirst(5) == [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=MFA mfa=selections",
            "SUBMIT_MFA mfa=selections", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_MFA",
            "TRANSITION_VIEW view=MFA mfa=selections", "SUBMIT_MFA mfa=selections", "TRANSITION_VIEW view=LOADING",
            "TRANSITION_VIEW view=SELECT_ACCOUNT", "TRANSITION_VIEW view=CONNECTED", "success accounts=1", "HANDOFF",
        ])
    }

    @Test("mfa_selections_2_2_3: two rounds, answers by text or by index")
    func selectionRounds() throws {
        let result = try trace(toCredentials + """

            credentials user_good mfa_selections_2_2_3
            mfa answer_0_0_0 | 0
            mfa 0 | answer_1_1_0
            accounts 1
            continue
            """)
        #expect(result.filter { $0.hasPrefix("SUBMIT_MFA") }.count == 2)
        #expect(!result.contains { $0.hasPrefix("ERROR") })
        #expect(result.suffix(2) == ["success accounts=1", "HANDOFF"])
        guard case .mfa(let plan) = SandboxCredentials.login(username: "user_good", password: Secret("mfa_selections_2_2_3"))
        else { Issue.record("no MFA"); return }
        #expect(plan[1].prompts[1].options == ["answer_1_1_0", "answer_1_1_1", "answer_1_1_2"])
    }

    @Test("malformed MFA passwords are wrong credentials",
          arguments: ["mfa_questions_0_1", "mfa_questions_1", "mfa_questions_10_1", "mfa_selections_1_1_1", "mfa_selections_x", "MFA_DEVICE", "pass_good ", ""])
    func malformedPasswords(password: String) {
        let outcome = SandboxCredentials.login(username: "user_good", password: Secret(password))
        #expect(outcome == .failed(SandboxErrorCatalog.invalidCredentials))
    }

    @Test("a username other than user_good is wrong credentials")
    func wrongUsername() {
        #expect(SandboxCredentials.login(username: "user_bad", password: Secret("pass_good"))
            == .failed(SandboxErrorCatalog.invalidCredentials))
    }

    @Test("two wrong passwords, then exit: ERROR twice, the exit carries the last error")
    func twoWrongThenExit() throws {
        let result = try records(toCredentials + """

            credentials user_good wrong1
            credentials user_good wrong2
            exit
            confirm
            """)
        #expect(result.map(summary) == openToCredentials + [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_CREDENTIALS",
            "TRANSITION_VIEW view=CREDENTIAL",
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_CREDENTIALS",
            "TRANSITION_VIEW view=CREDENTIAL", "TRANSITION_VIEW view=EXIT",
            "EXIT err=INVALID_CREDENTIALS status=requires_credentials",
            "exit status=requires_credentials err=INVALID_CREDENTIALS",
        ])
        let error = events(result).first { $0.eventName == .error }!
        #expect(error.metadata.errorCode == .itemError(.invalidCredentials))
        #expect(error.metadata.errorMessage == "the provided credentials were not correct")
        guard case .exit(let exit) = result.last! else { Issue.record("no exit"); return }
        #expect(exit.error?.displayMessage == "The provided credentials were not correct. Please try again.")
        #expect(exit.metadata.institution?.id == "ins_109508")
        #expect(exit.metadata.status == .requiresCredentials)
    }

    @Test("the third wrong answer in a row at one institution is ITEM_LOCKED")
    func lockout() throws {
        #expect(try trace(toCredentials + """

            credentials user_good bad
            credentials user_good bad
            credentials user_good bad
            continue
            quit
            """).dropFirst(5) == [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_CREDENTIALS",
            "TRANSITION_VIEW view=CREDENTIAL",
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INVALID_CREDENTIALS",
            "TRANSITION_VIEW view=CREDENTIAL",
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=ITEM_LOCKED",
            "TRANSITION_VIEW view=ERROR", "TRANSITION_VIEW view=SELECT_INSTITUTION",
            "EXIT err=ITEM_LOCKED status=institution_not_found", "exit status=institution_not_found err=ITEM_LOCKED",
        ])
    }

    @Test("wrong MFA answers count toward the same lockout; a right answer resets it")
    func lockoutAcrossMFA() throws {
        let result = try trace(toCredentials + """

            credentials user_good bad
            credentials user_good mfa_device
            mfa 0
            mfa 1111
            mfa 2222
            mfa 3333
            wait 600
            quit
            """)
        // the right credentials reset the count: 1111 and 2222 are INVALID_MFA, 3333 locks
        #expect(result.filter { $0.hasPrefix("ERROR") } == [
            "ERROR view=ERROR err=INVALID_CREDENTIALS", "ERROR view=ERROR err=INVALID_MFA", "ERROR view=ERROR err=INVALID_MFA",
            "ERROR view=ERROR err=ITEM_LOCKED",
        ])
        #expect(result.last == "exit status=requires_code err=ITEM_LOCKED")
    }

    @Test("error_INSTITUTION_DOWN: ERROR, the error pane, then institution select")
    func institutionDown() throws {
        let result = try records(toCredentials + """

            credentials user_good error_INSTITUTION_DOWN
            continue
            select ins_109509
            credentials user_good pass_good
            accounts 0
            continue
            """)
        #expect(result.map(summary).dropFirst(5) == [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=INSTITUTION_DOWN",
            "TRANSITION_VIEW view=ERROR", "TRANSITION_VIEW view=SELECT_INSTITUTION", "SELECT_INSTITUTION",
            "TRANSITION_VIEW view=CREDENTIAL", "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING",
            "TRANSITION_VIEW view=SELECT_ACCOUNT", "TRANSITION_VIEW view=CONNECTED", "success accounts=1", "HANDOFF",
        ])
        let error = events(result).first { $0.eventName == .error }!
        #expect(error.metadata.errorCode == .institutionError(.institutionDown))
        #expect(error.metadata.errorMessage == "this institution is not currently responding to this request. please try again soon")
        // back on institution select, no institution until the next selection
        let backToSearch = events(result).first { $0.metadata.viewName == .selectInstitution && $0.metadata.instant.millis > 0 }
        #expect(backToSearch?.metadata.institutionID == nil)
    }

    @Test("every error_<CODE> of the reference table", arguments: SandboxErrorCatalog.all)
    func everyErrorCode(entry: SandboxError) throws {
        let code = entry.error.errorCode.errorCode
        let result = try records(toCredentials + "\ncredentials user_good error_\(code)\nwait 600\nquit")
        let error = events(result).first { $0.eventName == .error }!
        #expect(error.metadata.errorCode == entry.error.errorCode)
        #expect(error.metadata.errorMessage == entry.error.errorMessage)
        let after = result.map(summary).dropFirst(5)
        let status = "requires_credentials"
        switch entry.next {
        case .samePane:
            #expect(Array(after) == [
                "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=\(code)",
                "TRANSITION_VIEW view=CREDENTIAL", "EXIT err=\(code) status=\(status)", "exit status=\(status) err=\(code)",
            ])
        default:
            #expect(Array(after) == [
                "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "ERROR view=ERROR err=\(code)",
                "TRANSITION_VIEW view=ERROR", "EXIT err=\(code) status=\(status)", "exit status=\(status) err=\(code)",
            ])
        }
        guard case .exit(let exit) = result.last! else { Issue.record("no exit"); return }
        #expect(exit.error == entry.error)
    }

    @Test("leaving the error pane goes where the reference says")
    func errorPaneDestinations() throws {
        // the scenario stops mid-flow, so play its steps one by one and look at the pane
        func paneAfter(_ code: String) throws -> Pane {
            let driver = SessionDriver(configuration: SessionConfiguration(), clock: ManualClock())
            let runner = ScenarioRunner(scenario: try Scenario(text: toCredentials + "\ncredentials user_good error_\(code)\ncontinue"))
            driver.start()
            for step in runner.scenario.steps { try runner.play(step, on: driver) }
            return driver.engine.pane
        }
        #expect(try paneAfter("NO_ACCOUNTS") == .selectInstitution)
        #expect(try paneAfter("ITEM_LOGIN_REQUIRED") == .credential)
        #expect(try paneAfter("INVALID_SEND_METHOD") == .finished)
        #expect(try trace(toCredentials + "\ncredentials user_good error_INVALID_SEND_METHOD\ncontinue").suffix(2) == [
            "EXIT err=INVALID_SEND_METHOD status=requires_credentials",
            "exit status=requires_credentials err=INVALID_SEND_METHOD",
        ])
    }

    @Test("the driver exposes the outcome: nil while the session goes on, then onSuccess or onExit, the same with records not kept")
    func outcome() throws {
        func play(_ text: String, keepsRecords: Bool = true) throws -> SessionDriver {
            let driver = SessionDriver(configuration: SessionConfiguration(), clock: ManualClock())
            driver.keepsRecords = keepsRecords
            driver.start()
            #expect(driver.outcome == nil)
            let runner = ScenarioRunner(scenario: try Scenario(text: text))
            for step in runner.scenario.steps { try runner.play(step, on: driver) }
            return driver
        }
        let linked = try play(toCredentials + "\ncredentials user_good pass_good\naccounts all\ncontinue", keepsRecords: false)
        guard case .success(let success)? = linked.outcome else { Issue.record("no onSuccess"); return }
        #expect(linked.outcome?.summary == "onSuccess public_token=\(success.publicToken) institution=ins_109508 accounts=9")
        let left = try play(toCredentials + "\ncredentials user_good error_INVALID_SEND_METHOD\ncontinue")
        #expect(left.outcome?.summary == "onExit status=requires_credentials error=ITEM_ERROR/INVALID_SEND_METHOD")
        #expect(left.outcome == left.records.lazy.compactMap(SessionOutcome.init).first)
    }

    @Test("an error code the sandbox does not know is INVALID_CREDENTIALS")
    func unknownErrorCode() throws {
        #expect(try trace(toCredentials + "\ncredentials user_good error_NOT_A_CODE\nwait 600\nquit").contains("ERROR view=ERROR err=INVALID_CREDENTIALS"))
    }

    @Test("account select modes: single allows one, disabled skips the pane")
    func accountModes() throws {
        var single = SessionConfiguration()
        single.accountSelection = .single
        #expect(throws: ScenarioError.self) {
            try records(toCredentials + "\ncredentials user_good pass_good\naccounts 0 1\ncontinue", single)
        }
        #expect(try trace(toCredentials + "\ncredentials user_good pass_good\naccounts 3\ncontinue", single).suffix(2)
            == ["success accounts=1", "HANDOFF"])
        var disabled = SessionConfiguration()
        disabled.accountSelection = .disabled
        #expect(try trace(toCredentials + "\ncredentials user_good pass_good\ncontinue", disabled).suffix(5) == [
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=CONNECTED",
            "success accounts=9", "HANDOFF",
        ])
    }

    @Test("account choices are checked: none, out of range, twice")
    func accountChoices() throws {
        let base = toCredentials + "\ncredentials user_good pass_good\n"
        for bad in ["accounts 9", "accounts 1 1"] {
            #expect(throws: ScenarioError.self) { try records(base + bad + "\ncontinue") }
        }
        let driver = SessionDriver(configuration: SessionConfiguration(), clock: ManualClock())
        driver.start()
        let runner = ScenarioRunner(scenario: try Scenario(text: base))
        for step in runner.scenario.steps { try runner.play(step, on: driver) }
        driver.settle()
        #expect(throws: ActionRejected("choose at least one account")) { try driver.send(.submitAccounts([])) }
    }

    @Test("update mode starts at the credentials of the institution, OPEN says so")
    func updateMode() throws {
        var configuration = SessionConfiguration()
        configuration.updateModeInstitutionID = "ins_109508"
        let result = try records("""
            credentials user_good pass_good
            accounts 0
            continue
            """, configuration)
        #expect(result.map(summary) == [
            "load", "OPEN view=CREDENTIAL", "SUBMIT_CREDENTIALS", "TRANSITION_VIEW view=LOADING",
            "TRANSITION_VIEW view=SELECT_ACCOUNT", "TRANSITION_VIEW view=CONNECTED", "success accounts=1", "HANDOFF",
        ])
        let open = events(result)[0]
        #expect(open.metadata.isUpdateMode == "true")
        #expect(open.metadata.institutionID == "ins_109508")
        // Esc on the credentials pane of update mode asks to exit (there is no search to go back to)
        #expect(try trace("back\nconfirm", configuration) == [
            "load", "OPEN view=CREDENTIAL", "TRANSITION_VIEW view=EXIT", "EXIT status=requires_credentials",
            "exit status=requires_credentials",
        ])
    }

    @Test("Esc on credentials goes back to search; on consent it exits at once")
    func back() throws {
        #expect(try trace(toCredentials + "\nback\nback\nconfirm") == openToCredentials + [
            "TRANSITION_VIEW view=SELECT_INSTITUTION", "TRANSITION_VIEW view=EXIT",
            "EXIT status=institution_not_found", "exit status=institution_not_found",
        ])
        #expect(try trace("back") == ["load", "OPEN view=CONSENT", "EXIT status=requires_credentials", "exit status=requires_credentials"])
    }

    @Test("stay returns to the pane under the exit confirmation")
    func stay() throws {
        #expect(try trace(toCredentials + "\nexit\nstay\nquit").suffix(4) == [
            "TRANSITION_VIEW view=EXIT", "TRANSITION_VIEW view=CREDENTIAL",
            "EXIT status=requires_credentials", "exit status=requires_credentials",
        ])
    }

    @Test("quit during LOADING exits with the status of the step submitted")
    func quitWhileLoading() throws {
        #expect(try trace(toCredentials + "\ncredentials user_good mfa_device\nmfa 0\nquit").suffix(4) == [
            "SUBMIT_MFA mfa=device", "TRANSITION_VIEW view=LOADING", "EXIT status=choose_device", "exit status=choose_device",
        ])
    }
}
