import Testing
@testable import LinkKit

@Suite("Auth: the auth-type choice, the NUMBERS pane, micro-deposits")
struct AuthFlowTests {
    let auth = SessionConfiguration(products: [.auth])

    /// A session with Auth, started and on the auth-type choice.
    func onAuthType() throws -> SessionDriver {
        let driver = SessionDriver(configuration: auth, clock: ManualClock())
        driver.start()
        try driver.send(.primary)
        #expect(driver.engine.pane == .selectAuthType)
        return driver
    }

    @Test("routing numbers: 9 digits whose ABA checksum holds; every test routing number passes")
    func routingNumbers() {
        for number in SandboxAuth.testRoutingNumbers { #expect(SandboxAuth.routingNumberProblem(number) == nil, "\(number)") }
        #expect(SandboxAuth.routingNumberProblem("123456789") == "That is not a routing number (its check digit is wrong)")
        #expect(SandboxAuth.routingNumberProblem("11000000") == "A routing number has 9 digits; this has 8")
        #expect(SandboxAuth.routingNumberProblem("1100000000") == "A routing number has 9 digits; this has 10")
        #expect(SandboxAuth.routingNumberProblem("11000000x") == "A routing number has digits only")
        #expect(SandboxAuth.routingNumberProblem("١١٠٠٠٠٠٠٠") == "A routing number has digits only")
        #expect(SandboxAuth.routingNumberProblem("") == "A routing number has 9 digits; this has 0")
    }

    @Test("account numbers: 4 to 17 digits; the mask is the last 4, empty for a 4-digit number")
    func accountNumbers() {
        #expect(SandboxAuth.accountNumberProblem("1234") == nil)
        #expect(SandboxAuth.accountNumberProblem("12345678901234567") == nil)
        #expect(SandboxAuth.accountNumberProblem("123") == "An account number has 4 to 17 digits; this has 3")
        #expect(SandboxAuth.accountNumberProblem("123456789012345678") == "An account number has 4 to 17 digits; this has 18")
        #expect(SandboxAuth.accountNumberProblem("12 34") == "An account number has digits only")
        #expect(SandboxAuth.accountNumberProblem("") == "An account number has digits only")
        #expect(SandboxAuth.mask(of: "1234") == "")
        #expect(SandboxAuth.mask(of: "1111222233330000") == "0000")
    }

    @Test("a refused number changes nothing and emits nothing")
    func refusedNumbers() throws {
        let driver = try onAuthType()
        try driver.send(.chooseAuthType(.manual))
        let before = driver.records.count
        #expect(throws: ActionRejected.self) { try driver.send(.submitRoutingNumber("123456789")) }
        #expect(throws: ActionRejected.self) { try driver.send(.submitAccountNumber("1234", .checking)) }
        try driver.send(.submitRoutingNumber("110000000"))
        #expect(throws: ActionRejected.self) { try driver.send(.submitAccountNumber("12", .checking)) }
        #expect(driver.records.count == before + 1)
        #expect(driver.engine.pane == .numbers(.account))
    }

    @Test("Esc: the account number back to the routing number (kept, no event), then back to the auth-type choice")
    func back() throws {
        let driver = try onAuthType()
        try driver.send(.chooseAuthType(.manual))
        try driver.send(.submitRoutingNumber("110000000"))
        let before = driver.records.count
        try driver.send(.back)
        #expect(driver.engine.pane == .numbers(.routing))
        #expect(driver.engine.routingNumber == "110000000")
        #expect(driver.records.count == before)
        try driver.send(.back)
        #expect(driver.engine.pane == .selectAuthType)
        #expect(driver.records.map(summary).last == "TRANSITION_VIEW view=SELECT_AUTH_TYPE")
        try driver.send(.back)
        #expect(driver.engine.pane == .exitConfirmation(returnTo: .selectAuthType))
        try driver.send(.confirmExit)
        #expect(driver.records.map(summary).last == "exit status=requires_credentials")
    }

    @Test("from a search, numbers go back to the search; without Auth, account numbers are refused")
    func fromSearch() throws {
        #expect(try trace("option product auth\ncontinue\nauth instant\nsearch zzz\nauth manual\nback\nquit").suffix(4) == [
            "TRANSITION_VIEW view=NUMBERS", "TRANSITION_VIEW view=SELECT_INSTITUTION",
            "EXIT status=institution_not_found", "exit status=institution_not_found",
        ])
        #expect(throws: ScenarioError.self) { try trace("continue\nsearch zzz\nauth manual") }
        #expect(throws: ScenarioError.self) { try trace("option product auth\ncontinue\nauth instant\nauth instant") }
    }

    @Test("Instant Match: the typed account number must end in the chosen account's mask")
    func instantMatchMask() throws {
        let driver = try onAuthType()
        try driver.send(.chooseAuthType(.instant))
        try driver.send(.selectInstitution(id: "ins_109512"))
        try driver.send(.submitCredentials(username: "user_good", password: Secret("pass_good")))
        driver.settle()
        #expect(driver.engine.accounts.map(\.name) == ["Plaid Saving"])
        try driver.send(.submitAccounts([0]))
        try driver.send(.submitRoutingNumber("021000021"))
        #expect(driver.engine.accountNumberProblem("1111222233330000") == "That account number does not end in 1111, the account you chose")
        #expect(throws: ActionRejected.self) { try driver.send(.submitAccountNumber("1111222233330000", .savings)) }
        try driver.send(.submitAccountNumber("1111222233331111", .savings))
        driver.settle()
        #expect(driver.engine.pane == .connected)
    }

    @Test("without Auth, Houndstooth signs in as usual (every account) and microdeposits_good is a plain login")
    func houndstoothWithoutAuth() throws {
        let result = try trace("continue\nselect ins_109512\ncredentials user_good microdeposits_good\naccounts all\ncontinue")
        #expect(result.suffix(2) == ["success accounts=9", "HANDOFF"])
    }

    @Test("the same-day deposit's pane is linked: Ctrl-X, Esc and Ctrl-C all finish with onSuccess", arguments: ["exit", "back", "quit"])
    func sameDayLeaving(step: String) throws {
        let result = try trace("option product auth\ncontinue\nauth manual\nnumbers 110000000 1111222233330000\nwait 600\n" + step)
        #expect(result.suffix(2) == ["success accounts=1", "HANDOFF"])
    }

    @Test("leaving the deposit code pane: requires_code")
    func leavingVerification() throws {
        let result = try trace("option product auth\ncontinue\nauth instant\nselect ins_135858\nnumbers 333333334 1234\ncontinue\nexit\nconfirm")
        #expect(result.suffix(3) == ["TRANSITION_VIEW view=EXIT", "EXIT status=requires_code", "exit status=requires_code"])
    }

    @Test("scenario lines: auth, numbers, code and option product are checked")
    func parsing() {
        for (line, message) in [
            ("auth sideways", "auth takes instant or manual"),
            ("numbers 110000000", "numbers needs a routing and an account number, e.g. numbers 110000000 1111222233330000 [checking|savings]"),
            ("numbers 110000000 1234 brokerage", "numbers: the account type is checking or savings, not \"brokerage\""),
            ("code", "code needs the deposit's 3-letter code, e.g. code ABC"),
            ("option product payroll", "option product takes transactions, auth, assets, layer, income_verification, identity_verification (commas between several), e.g. option product auth"),
        ] {
            #expect(throws: ScenarioError(file: "test", line: 1, message: message, isMalformed: true)) {
                try Scenario(text: line, file: "test")
            }
        }
    }
}
