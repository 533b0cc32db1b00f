import Testing
import LinkKit
@testable import LinkUI

@Suite("Layer: the app's side before opening, then PROFILE_DATA_REVIEW")
struct LayerPaneTests {
    @Test("a phone Layer cannot serve, the eligible one, open, review, share")
    func layer() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, products: [.layer]))
        h.type("212-555-0100")
        h.press(.enter)
        try assertSnapshot(h.render(), "layer-not-available")
        h.press(.ctrl("u"))
        h.type("415-555-0010")
        h.press(.enter)
        #expect(h.app.driver.engine.pane == .layerWaiting(ready: true))
        h.press(.enter)
        try assertSnapshot(h.render(), "layer-review")
        h.press(.enter)
        guard case .success(let success)? = h.app.driver.outcome else { Issue.record("no onSuccess"); return }
        #expect(success.metadata.accounts.count == 2)
    }
}
