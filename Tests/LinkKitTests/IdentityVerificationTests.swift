import Testing
@testable import LinkKit

@Suite("Identity Verification: steps, outcomes, secrets")
struct IdentityVerificationTests {
    func atRiskCheck() throws -> (SessionDriver, ManualClock) {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: SessionConfiguration(products: [.identityVerification]), clock: clock)
        driver.start()
        try driver.send(.primary)
        try driver.send(.submitPhone("+1 234-567-8909"))
        try driver.send(.submitOTP(Secret("11111")))
        try driver.send(.submitIdentity(IdentityDetails(firstName: "leslie", lastName: "KNOPE", dateOfBirth: "1975-01-18",
                                                        ssn: Secret("123-45-6788"))))
        driver.settle()
        try driver.send(.primary)
        clock.advance(by: 600)
        driver.tick()
        #expect(driver.engine.pane == .identity(.riskCheck))
        return (driver, clock)
    }

    @Test("asking to exit during the automatic risk check pauses it; staying starts it again")
    func exitDuringCheck() throws {
        let (driver, clock) = try atRiskCheck()
        try driver.send(.requestExit)
        #expect(driver.engine.nextDeadline == nil)
        clock.advance(by: 60_000)
        driver.tick()
        #expect(driver.engine.pane == .exitConfirmation(returnTo: .identity(.riskCheck)))
        try driver.send(.cancelExit)
        driver.settle()
        #expect(driver.engine.identityOutcome == .passed)
        #expect(driver.engine.pane == .identity(.screening))
    }

    @Test("KYC details are checked before they are sent; the SSN never reaches a record")
    func kycForm() throws {
        for (details, problem) in [
            (IdentityDetails(firstName: "", lastName: "Knope", dateOfBirth: "1975-01-18", ssn: Secret("123-45-6789")),
             "enter your first and last name"),
            (IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "18/01/1975", ssn: Secret("123-45-6789")),
             "the date of birth is YYYY-MM-DD, e.g. 1975-01-18"),
            (IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "1975-13-18", ssn: Secret("123-45-6789")),
             "the date of birth is YYYY-MM-DD, e.g. 1975-01-18"),
            (IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "1975-01-18", ssn: Secret("123-45-678")),
             "an SSN has 9 digits, e.g. 123-45-6789"),
            (IdentityDetails(firstName: "Leslie", lastName: "Knope", dateOfBirth: "1975-01-18", ssn: Secret("123-45-678x")),
             "an SSN has 9 digits, e.g. 123-45-6789"),
        ] {
            #expect(SandboxIdentity.problem(with: details) == problem)
        }
        let result = try records("option product identity_verification\ncontinue\nphone 2345678909\notp 11111\n"
                                 + "kyc Ann Perkins 1979-05-04 987-65-4321\ndocument license\ncontinue\nwait 1200\ncontinue")
        for record in result { #expect(!record.jsonLine.contains("987-65-4321") && !record.jsonLine.contains("11111")) }
        guard case .success(let success)? = result.first(where: { if case .success = $0 { true } else { false } }) else {
            Issue.record("no onSuccess"); return
        }
        #expect(success.publicToken == "")
        #expect(SessionRecord.success(success).jsonLine.hasPrefix(#"{"type":"success","public_token":null,"#))
        #expect(SessionInvariants.violations(of: result) == [])
    }

    @Test("actions outside their step are refused; after the end only closing fits")
    func refusals() throws {
        let driver = SessionDriver(configuration: SessionConfiguration(products: [.identityVerification]), clock: ManualClock())
        driver.start()
        #expect(throws: ActionRejected.self) { try driver.send(.submitDocument(.passport)) }
        #expect(throws: ActionRejected.self) { try driver.send(.submitOTP(Secret("11111"))) }
        try driver.send(.primary)
        #expect(throws: ActionRejected("A phone number has 10 digits (a US number), e.g. +1 234-567-8909")) {
            try driver.send(.submitPhone("12"))
        }
        try driver.send(.submitPhone("2345678909"))
        for _ in 0..<3 { try driver.send(.submitOTP(Secret("00000"))) }
        #expect(driver.engine.identityOutcome == .failed)
        #expect(throws: ActionRejected.self) { try driver.send(.submitOTP(Secret("11111"))) }
        try driver.send(.back)
        #expect(driver.engine.isFinished)
    }
}
