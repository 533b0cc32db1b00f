import Testing
import LinkKit
@testable import LinkUI

@Suite("Brands: one row in the search, the portals on SELECT_BRAND")
struct BrandPaneTests {
    @Test("the brand's row, then its portals; Enter on a portal selects it")
    func brand() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("flexible")
        try assertSnapshot(h.render(), "search-brand")
        h.press(.enter)
        try assertSnapshot(h.render(), "brand")
        #expect(h.app.driver.engine.pane == .selectBrand("Flexible Platypus Open Banking"))
        h.press(.down, .enter)
        #expect(h.app.driver.engine.institution?.id == "ins_117181")
    }

    @Test("a search that lists one portal lists it as itself; replay's select agrees")
    func onePortal() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("ins_116834")
        #expect(h.screen().contains("ins_116834"))
        #expect(!h.screen().contains("2 portals"))
        let search = InstitutionSearch(directory: .sandbox)
        #expect(search.lists("ins_116834", query: "ins_116834"))
        #expect(!search.lists("ins_116834", query: "flexible"))
    }
}
