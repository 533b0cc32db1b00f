import Testing
import LinkKit
@testable import LinkUI

@Suite("Document Income panes, drawn at 80x24")
struct DocumentsPaneTests {
    @Test("upload, refused, upload again, accepted")
    func documents() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, products: [.incomeVerification]))
        h.press(.enter)
        h.press(.enter)
        #expect(h.screen().contains("✗ add at least one bank statement"))
        h.type("march.docx")
        h.press(.enter)
        try assertSnapshot(h.render(), "documents-refused")
        h.press(.enter)
        h.press(.ctrl("u"))
        h.type("sept.pdf, oct.pdf")
        try assertSnapshot(h.render(), "documents-upload")
        h.press(.enter)
        #expect(h.app.driver.engine.pane == .documentsSubmitted(.accepted))
        h.press(.enter)
        guard case .success? = h.app.driver.outcome else { Issue.record("no onSuccess"); return }
    }
}
