import Testing
@testable import LinkKit

@Suite("Institutions that are not plain: degraded, down, unsupported, OAuth")
struct InstitutionKindTests {
    let open = ["load", "OPEN view=CONSENT", "TRANSITION_VIEW view=SELECT_INSTITUTION"]

    @Test("degraded: SELECT_DEGRADED_INSTITUTION, a warning, continue anyway to credentials")
    func degraded() throws {
        // not on the popular list: `select` searches for its id first, as a person (and the autopilot) would
        #expect(try trace("continue\nselect ins_132363\ncontinue\nquit") == open + [
            "SEARCH_INSTITUTION q=ins_132363", "SELECT_INSTITUTION", "SELECT_DEGRADED_INSTITUTION", "TRANSITION_VIEW view=CREDENTIAL",
            "EXIT status=requires_credentials", "exit status=requires_credentials",
        ])
        #expect(try trace("continue\nselect ins_132363\nback\nquit") == open + [
            "SEARCH_INSTITUTION q=ins_132363", "SELECT_INSTITUTION", "SELECT_DEGRADED_INSTITUTION", "EXIT status=institution_not_found",
            "exit status=institution_not_found",
        ])
    }

    @Test("down: SELECT_DOWN_INSTITUTION, a message, back to search")
    func down() throws {
        let result = try records("continue\nselect ins_132361\ncontinue\nselect ins_109508\nquit")
        #expect(result.map(summary) == open + [
            "SEARCH_INSTITUTION q=ins_132361", "SELECT_INSTITUTION", "SELECT_DOWN_INSTITUTION", "SELECT_INSTITUTION",
            "TRANSITION_VIEW view=CREDENTIAL",
            "EXIT status=requires_credentials", "exit status=requires_credentials",
        ])
        let all = events(result)
        #expect(all[3].metadata.institutionID == "ins_132361")
        #expect(all[4].metadata.institutionName == "Unhealthy Platypus Bank - Down")
        #expect(all[5].metadata.institutionID == "ins_109508")
    }

    @Test("unsupported: a message; exiting there is institution_not_supported")
    func unsupported() throws {
        #expect(try trace("continue\nselect ins_133402\nexit\nconfirm") == open + [
            "SEARCH_INSTITUTION q=ins_133402", "SELECT_INSTITUTION", "TRANSITION_VIEW view=EXIT", "EXIT status=institution_not_supported",
            "exit status=institution_not_supported",
        ])
        #expect(try trace("continue\nselect ins_133402\ncontinue\nquit").suffix(2) == [
            "EXIT status=institution_not_found", "exit status=institution_not_found",
        ])
    }

    @Test("OAuth approve: OAUTH, OPEN_OAUTH, the bank page, then account select")
    func oauthApprove() throws {
        #expect(try trace("continue\nsearch oauth\nselect ins_127287\ncontinue\noauth approve\naccounts 0\ncontinue") == open + [
            "SEARCH_INSTITUTION q=oauth", "SELECT_INSTITUTION", "TRANSITION_VIEW view=OAUTH", "OPEN_OAUTH",
            "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=SELECT_ACCOUNT", "TRANSITION_VIEW view=CONNECTED",
            "success accounts=1", "HANDOFF",
        ])
    }

    @Test("OAuth cancel: CLOSE_OAUTH and back to the OAUTH pane")
    func oauthCancel() throws {
        #expect(try trace("continue\nselect ins_127287\ncontinue\noauth cancel\nexit\nconfirm") == open + [
            "SELECT_INSTITUTION", "TRANSITION_VIEW view=OAUTH", "OPEN_OAUTH", "CLOSE_OAUTH",
            "TRANSITION_VIEW view=EXIT", "EXIT status=requires_oauth", "exit status=requires_oauth",
        ])
    }

    @Test("OAuth fail: FAIL_OAUTH, ERROR, the error pane, back to OAUTH")
    func oauthFail() throws {
        let result = try records("continue\nselect ins_127287\ncontinue\noauth fail\ncontinue\nquit")
        #expect(result.map(summary) == open + [
            "SELECT_INSTITUTION", "TRANSITION_VIEW view=OAUTH", "OPEN_OAUTH", "FAIL_OAUTH",
            "ERROR view=ERROR err=INSUFFICIENT_CREDENTIALS", "TRANSITION_VIEW view=ERROR", "TRANSITION_VIEW view=OAUTH",
            "EXIT err=INSUFFICIENT_CREDENTIALS status=requires_oauth",
            "exit status=requires_oauth err=INSUFFICIENT_CREDENTIALS",
        ])
    }

    @Test("Esc on the bank page is a cancel; Esc on the OAUTH pane goes back to search")
    func oauthBack() throws {
        #expect(try trace("continue\nselect ins_127287\ncontinue\nback\nback\nquit") == open + [
            "SELECT_INSTITUTION", "TRANSITION_VIEW view=OAUTH", "OPEN_OAUTH", "CLOSE_OAUTH",
            "TRANSITION_VIEW view=SELECT_INSTITUTION", "EXIT status=institution_not_found",
            "exit status=institution_not_found",
        ])
    }

    @Test("an unknown institution id is refused with its id named")
    func unknownInstitution() throws {
        #expect(throws: ScenarioError(file: "test", line: 2, message: "select: there is no institution ins_0 in the directory", isMalformed: false)) {
            try records("continue\nselect ins_0")
        }
    }

    @Test("the sandbox directory holds every institution of the reference, with its behaviour")
    func directory() {
        let directory = InstitutionDirectory.sandbox
        for id in ["ins_109508", "ins_130016", "ins_109509", "ins_109510", "ins_109511", "ins_109512", "ins_43",
                   "ins_116834", "ins_117650", "ins_127287", "ins_132241", "ins_117181", "ins_135858", "ins_132363",
                   "ins_132361", "ins_133402", "ins_133502", "ins_133503"] {
            #expect(directory[id] != nil, "missing \(id)")
        }
        #expect(directory["ins_109508"]?.name == "First Platypus Bank")
        #expect(directory["ins_127287"]?.oauth == true)
        #expect(directory["ins_109508"]?.oauth == false)
        #expect(directory["ins_132363"]?.status == .degraded)
        #expect(directory["ins_132361"]?.status == .down)
        #expect(directory["ins_133402"]?.supported == false)
        #expect(!directory.popular.isEmpty)
    }
}

@Suite("Exit from every pane, with its exit status")
struct ExitStatusTests {
    static let cases: [(String, String)] = [
        ("", "requires_credentials"),  // CONSENT
        ("continue", "institution_not_found"),  // SELECT_INSTITUTION
        ("continue\nselect ins_132363", "institution_not_found"),  // degraded notice
        ("continue\nselect ins_133402", "institution_not_supported"),
        ("continue\nselect ins_127287", "requires_oauth"),
        ("continue\nselect ins_109508", "requires_credentials"),
        ("continue\nselect ins_109508\ncredentials user_good mfa_device", "choose_device"),
        ("continue\nselect ins_109508\ncredentials user_good mfa_device\nmfa 0", "requires_code"),
        ("continue\nselect ins_109508\ncredentials user_good mfa_questions_1_1", "requires_questions"),
        ("continue\nselect ins_109508\ncredentials user_good mfa_selections", "requires_selections"),
        ("continue\nselect ins_109508\ncredentials user_good pass_good", "requires_account_selection"),
        ("continue\nselect ins_109508\ncredentials user_good error_NO_ACCOUNTS", "requires_credentials"),  // error pane
    ]

    @Test("leaving CONNECTED (exit, quit, back) is finishing: onSuccess then HANDOFF, never onExit",
          arguments: ["exit", "quit", "back"])
    func leavingConnected(step: String) throws {
        let result = try trace("continue\nselect ins_109508\ncredentials user_good pass_good\naccounts 0\nwait 600\n" + step)
        #expect(result.suffix(2) == ["success accounts=1", "HANDOFF"])
        #expect(!result.contains { $0.hasPrefix("EXIT") || $0.hasPrefix("exit") || $0 == "TRANSITION_VIEW view=EXIT" })
    }

    @Test("exit and confirm: TRANSITION_VIEW(EXIT), then EXIT with the pane's status", arguments: cases)
    func exitConfirmed(prefix: String, status: String) throws {
        let result = try trace(prefix + "\nexit\nconfirm")
        #expect(result.suffix(3).first == "TRANSITION_VIEW view=EXIT")
        #expect(result.suffix(2).first?.hasPrefix("EXIT") == true)
        #expect(result.suffix(2).first?.hasSuffix("status=\(status)") == true)
        #expect(result.last?.hasPrefix("exit status=\(status)") == true)
        #expect(result.filter { $0.hasPrefix("exit") || $0.hasPrefix("success") }.count == 1)
    }

    @Test("quit (Ctrl-C): EXIT at once, the same status, no confirmation", arguments: cases)
    func quit(prefix: String, status: String) throws {
        let result = try trace(prefix + (prefix.isEmpty ? "" : "\nwait 600") + "\nquit")
        #expect(!result.contains("TRANSITION_VIEW view=EXIT"))
        #expect(result.last?.hasPrefix("exit status=\(status)") == true)
    }
}

@Suite("SEARCH_INSTITUTION: once per settled query")
struct SearchReportingTests {
    func run(_ body: (SessionDriver, ManualClock) throws -> Void) rethrows -> [String] {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: SessionConfiguration(), clock: clock)
        driver.start()
        try! driver.send(.primary)
        try body(driver, clock)
        return driver.records.map(summary).filter { $0.hasPrefix("SEARCH") || $0.hasPrefix("SELECT") }
    }

    @Test("typing quickly reports only the query the user paused on")
    func debounce() throws {
        let reported = try run { driver, clock in
            for prefix in ["f", "fi", "fir", "firs", "first"] {
                try driver.send(.setQuery(prefix))
                clock.advance(by: 120)
            }
            clock.advance(by: 300)
            driver.tick()
        }
        #expect(reported == ["SEARCH_INSTITUTION q=first"])
    }

    @Test("never for an empty or blank query, never twice in a row for the same query")
    func emptyAndRepeated() throws {
        let reported = try run { driver, clock in
            try driver.send(.setQuery("   "))
            clock.advance(by: 1000); driver.tick()
            try driver.send(.setQuery("tartan"))
            clock.advance(by: 1000); driver.tick()
            try driver.send(.setQuery("tartanx"))
            try driver.send(.setQuery("tartan"))
            clock.advance(by: 1000); driver.tick()
            try driver.send(.setQuery(""))
            clock.advance(by: 1000); driver.tick()
        }
        #expect(reported == ["SEARCH_INSTITUTION q=tartan"])
    }

    @Test("a query of whitespace of any kind is blank; one with a visible character is not", arguments: [
        ("\t\n\u{0B}\u{0C}\r ", false), ("\r\n", false), ("\u{00A0}", false), ("\u{3000}\u{2003}", false),
        ("\u{85}\u{2028}", false), (" \u{0301}", false), ("a", true), ("a\u{0301}", true), (" a", true),
        ("\u{00A0}é", true), ("\u{0301}", true), ("é ", true), ("\u{7F}", true), ("\u{1F3E6}", true),
    ])
    func blankQueries(query: String, reported: Bool) throws {
        let records = try run { driver, clock in
            try driver.send(.setQuery(query))
            clock.advance(by: 1000); driver.tick()
        }
        #expect(records == (reported ? ["SEARCH_INSTITUTION q=\(query)"] : []))
    }

    @Test("a query not yet reported is reported right before the selection")
    func flushBeforeSelect() throws {
        let reported = try run { driver, clock in
            try driver.send(.setQuery("gingham"))
            clock.advance(by: 100)
            try driver.send(.selectInstitution(id: "ins_109509"))
            clock.advance(by: 1000); driver.tick()
        }
        #expect(reported == ["SEARCH_INSTITUTION q=gingham", "SELECT_INSTITUTION"])
    }

    @Test("selecting from the popular list without typing reports no search")
    func noQuery() throws {
        let reported = try run { driver, _ in try driver.send(.selectInstitution(id: "ins_109509")) }
        #expect(reported == ["SELECT_INSTITUTION"])
    }

    @Test("typing outside the search pane is refused")
    func typingElsewhere() {
        let driver = SessionDriver(configuration: SessionConfiguration(), clock: ManualClock())
        driver.start()
        #expect(throws: ActionRejected("typing a search does not fit the CONSENT pane")) { try driver.send(.setQuery("x")) }
    }
}

@Suite("Link token rules")
struct TokenTests {
    @Test("a sandbox token with a lowercase UUID opens")
    func valid() throws {
        #expect(LinkToken.problem(with: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176") == nil)
        var configuration = SessionConfiguration()
        configuration.token = "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"
        #expect(try trace("quit", configuration) == ["load", "OPEN view=CONSENT", "EXIT status=requires_credentials", "exit status=requires_credentials"])
    }

    @Test("each rule refuses its token", arguments: [
        ("", LinkToken.Problem.empty),
        ("sandbox-af1a0311-da53-4636-b754-dd15cc058176", .missingPrefix),
        ("link-staging-af1a0311-da53-4636-b754-dd15cc058176", .unknownEnvironment),
        ("link-sandbox", .unknownEnvironment),
        ("link-sandbox-AF1A0311-DA53-4636-B754-DD15CC058176", .malformedUUID),
        ("link-sandbox-af1a0311da534636b754dd15cc058176", .malformedUUID),
        ("link-sandbox-af1a0311-da53-4636-b754-dd15cc05817", .malformedUUID),
        ("link-sandbox-zf1a0311-da53-4636-b754-dd15cc058176", .malformedUUID),
        ("link-production-b41e8ed3-0874-4c64-b07d-a77088979d5f", .notSandbox("production")),
        ("link-development-7805a359-c980-4a6c-ad87-e032d624b797", .notSandbox("development")),
        (" link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", .missingPrefix),
        ("link-sandbox-af1a0311-da53-4636-b754-dd15cc058176\n", .malformedUUID),
        ("0123456789abcdef0123456789abcd", .publicKey),
        ("0123456789ABCDEF0123456789ABCD", .missingPrefix),
        ("0123456789abcdef0123456789abc", .missingPrefix),
        ("link-", .missingPrefix),
        ("Link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", .missingPrefix),
        ("link--af1a0311-da53-4636-b754-dd15cc058176", .unknownEnvironment),
        ("link-sandboxx-af1a0311-da53-4636-b754-dd15cc058176", .unknownEnvironment),
        ("link-sañdbox-af1a0311-da53-4636-b754-dd15cc058176", .unknownEnvironment),
        ("link-sandbox-", .malformedUUID),
        ("link-sandbox-af1a0311-da53-4636-b754-dd15cc05817é", .malformedUUID),
        ("link-production-b41e8ed3-0874-4c64-b07d-a77088979d5", .malformedUUID),
    ])
    func refused(token: String, problem: LinkToken.Problem) throws {
        #expect(LinkToken.problem(with: token) == problem)
        var configuration = SessionConfiguration()
        configuration.token = token
        let driver = SessionDriver(configuration: configuration, clock: ManualClock())
        driver.start()
        // onExit with INVALID_INPUT / INVALID_LINK_TOKEN, an EXIT event, no OPEN and no onLoad
        #expect(driver.records.map(summary) == ["EXIT err=INVALID_LINK_TOKEN", "exit err=INVALID_LINK_TOKEN"])
        guard case .exit(let exit) = driver.records.last! else { Issue.record("no exit"); return }
        #expect(exit.error?.errorCode == .invalidInput(.invalidLinkToken))
        #expect(exit.error?.errorCode.errorType == "INVALID_INPUT")
        #expect(exit.error?.errorMessage == "invalid link_token provided")
        #expect(exit.error?.displayMessage == nil)
        #expect(driver.engine.isFinished)
    }

    @Test("no token: a fresh sandbox token from the seed")
    func generated() {
        let engine = LinkEngine(configuration: SessionConfiguration(seed: 7))
        #expect(engine.token.hasPrefix("link-sandbox-"))
        #expect(LinkToken.problem(with: engine.token) == nil)
        #expect(LinkEngine(configuration: SessionConfiguration(seed: 7)).token == engine.token)
        #expect(LinkEngine(configuration: SessionConfiguration(seed: 8)).token != engine.token)
    }
}
