import Testing
import LinkKit
@testable import LinkUI

@Suite("The header: the view name always whole, update mode shown")
struct HeaderTests {
    func header(_ h: AppHarness, cols: Int = 80) -> String {
        String(h.screen(rows: 24, cols: cols).split(separator: "\n").first ?? "")
    }

    @Test("a long institution name is cut, never the view name")
    func longName() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("unsupported")
        h.press(.enter)
        #expect(header(h).hasSuffix("… · SELECT_INSTITUTION"))
        #expect(header(h, cols: 160).contains("Unsupported Platypus Bank - Institution Not Supported · SELECT_INSTITUTION"))
    }

    @Test("update mode says so, and Esc on its credentials says exit")
    func updateMode() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, updateModeInstitutionID: "ins_109508"))
        #expect(header(h).hasSuffix("… · update mode · CREDENTIAL"))
        #expect(header(h, cols: 120).hasSuffix("First Platypus Bank · update mode · CREDENTIAL"))
        #expect(h.screen().contains("Esc exit"))
    }
}
