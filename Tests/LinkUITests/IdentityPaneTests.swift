import Testing
import LinkKit
@testable import LinkUI

@Suite("Identity Verification panes, drawn at 80x24 and driven by keys")
struct IdentityPaneTests {
    @Test("terms, SMS code, the KYC form with a bad SSN, documents, the outcome")
    func panes() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, products: [.identityVerification]))
        try assertSnapshot(h.render(), "idv-terms")
        h.press(.enter)
        h.type("234-567-8909")
        h.press(.enter)
        h.type("99999")
        h.press(.enter)
        try assertSnapshot(h.render(), "idv-sms-wrong")
        #expect(!h.screen().contains("99999"))
        h.press(.ctrl("u"))
        h.type("11111")
        h.press(.enter)
        h.type("Ann")
        h.press(.tab)
        h.type("Perkins")
        h.press(.tab)
        h.type("1979-05-04")
        h.press(.tab)
        h.type("987-65-432")
        h.press(.enter)
        try assertSnapshot(h.render(), "idv-kyc-bad-ssn")
        #expect(!h.screen().contains("987-65"))
        h.type("1")
        h.press(.enter)
        try assertSnapshot(h.render(), "idv-documents")
        h.press(.down, .down, .down, .enter)
        try assertSnapshot(h.render(), "idv-pending-review")
        h.press(.enter)
        guard case .success(let success)? = h.app.driver.outcome else { Issue.record("no onSuccess"); return }
        #expect(success.publicToken == "")
    }
}
