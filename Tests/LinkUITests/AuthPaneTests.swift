import Testing
import LinkKit
@testable import LinkUI

@Suite("Auth panes, drawn at 80x24 and driven by keys")
struct AuthPaneTests {
    func auth() throws -> AppHarness {
        try AppHarness(SessionConfiguration(seed: 1, products: [.auth]))
    }

    @Test("the auth-type choice, a search with no result offering account numbers, the NUMBERS pane with its errors")
    func sameDay() throws {
        let h = try auth()
        h.press(.enter)
        try assertSnapshot(h.render(), "auth-type")
        h.press(.enter)
        h.type("nowhere bank")
        try assertSnapshot(h.render(), "auth-search-no-result")
        h.press(.tab)
        h.type("123456789")
        h.press(.enter)
        try assertSnapshot(h.render(), "numbers-routing-checksum")
        #expect(h.app.driver.engine.pane == .numbers(.routing))
        h.press(.ctrl("u"))
        h.type("110000000")
        h.press(.enter)
        h.type("123")
        h.press(.enter)
        #expect(h.screen().contains("✗ An account number has 4 to 17 digits; this has 3"))
        h.press(.backspace, .backspace, .backspace)
        h.type("1111222233330000")
        h.press(.tab)
        try assertSnapshot(h.render(), "numbers-account")
        h.press(.enter)
        try assertSnapshot(h.render(), "same-day-authorized")
        h.press(.enter)
        guard case .success(let success)? = h.app.driver.outcome else { Issue.record("no onSuccess"); return }
        #expect(success.metadata.institution == nil)
        #expect(success.metadata.accounts.map(\.subtype) == [.depository(.savings)])
        #expect(success.metadata.accounts.map(\.verificationStatus) == [.pendingManualVerification])
    }

    @Test("instant micro-deposits: the code pane with a wrong code, then the right one")
    func instant() throws {
        let h = try auth()
        h.press(.enter, .enter)
        h.type("windowpane")
        h.press(.enter)
        h.type("333333334")
        h.press(.enter)
        h.type("1111222233330000")
        h.press(.enter)
        try assertSnapshot(h.render(), "instant-authorized")
        h.press(.enter)
        h.type("xyz")
        h.press(.enter)
        try assertSnapshot(h.render(), "deposit-code-wrong")
        #expect(!h.screen().contains("xyz"))
        h.type("ABC")
        h.press(.enter)
        #expect(h.app.driver.engine.pane == .connected)
    }

    @Test("Windowpane Bank without Auth: the filtered-institution notice")
    func filtered() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("windowpane")
        h.press(.enter)
        try assertSnapshot(h.render(), "filtered")
        h.press(.enter)
        #expect(h.app.driver.engine.pane == .selectInstitution)
    }
}
