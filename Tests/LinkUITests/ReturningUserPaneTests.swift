import Testing
import LinkKit
@testable import LinkUI

@Suite("Returning user panes, drawn at 80x24 and driven by keys")
struct ReturningUserPaneTests {
    func returning() throws -> AppHarness {
        try AppHarness(SessionConfiguration(seed: 1, savedProfile: .sandbox))
    }

    @Test("the phone (a bad number explained), the code, the saved institutions, the saved accounts")
    func secondVisit() throws {
        let h = try returning()
        h.press(.enter)
        h.type("555-0010")
        h.press(.enter)
        try assertSnapshot(h.render(), "phone-invalid")
        #expect(h.app.driver.engine.pane == .submitPhone)
        h.press(.ctrl("u"))
        h.type("415-555-0010")
        h.press(.enter)
        h.type("000000")
        h.press(.enter)
        try assertSnapshot(h.render(), "verify-phone-wrong")
        #expect(!h.screen().contains("000000"))
        h.type("123456")
        h.press(.enter)
        try assertSnapshot(h.render(), "saved-institutions")
        h.press(.down, .enter)
        try assertSnapshot(h.render(), "saved-accounts")
        #expect(h.app.driver.engine.institution?.id == "ins_109511")
        h.press(.char(" "), .enter)
        #expect(h.app.driver.engine.pane == .connected)
    }

    @Test("skip: Tab to the button and Enter; connect a new institution; a matched institution in the search")
    func skipAndMatched() throws {
        let skip = try returning()
        skip.press(.enter, .tab, .enter)
        #expect(skip.app.driver.engine.pane == .selectInstitution)
        let h = try returning()
        h.press(.enter)
        h.type("4155550010")
        h.press(.enter)
        h.type("123456")
        h.press(.enter)
        h.press(.down, .down, .enter)  // the last row: connect a new institution
        #expect(h.app.driver.engine.pane == .selectInstitution)
        h.type("tartan")
        try assertSnapshot(h.render(), "search-saved-tag")
        h.press(.enter)
        try assertSnapshot(h.render(), "matched")
        h.press(.down, .enter)
        #expect(h.app.driver.engine.pane == .credential)
    }
}
