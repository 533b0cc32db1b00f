import Testing
import LinkKit
@testable import LinkUI

@Suite("The exit dialog: staying is the default")
struct ExitDialogTests {
    @Test("Enter stays; → then Enter exits; y exits; Esc and n stay")
    func defaultIsStay() throws {
        let h = try AppHarness()
        h.press(.enter, .ctrl("x"), .enter)
        #expect(h.app.driver.engine.pane == .selectInstitution)
        h.press(.ctrl("x"), .right, .left, .enter)
        #expect(h.app.driver.engine.pane == .selectInstitution, "back to No, stay")
        h.press(.ctrl("x"), .char("n"))
        #expect(h.app.driver.engine.pane == .selectInstitution)
        h.press(.ctrl("x"))
        #expect(h.screen().contains("Enter stay"))
        h.press(.tab)
        #expect(h.screen().contains("Enter exit"))
        h.press(.enter)
        #expect(h.app.driver.engine.isFinished)
        let y = try AppHarness()
        y.press(.ctrl("x"), .char("y"))
        #expect(y.app.driver.engine.isFinished)
    }

    @Test("q outside a text field asks to exit (consent included); in a field it is typed")
    func qAsksToExit() throws {
        let h = try AppHarness()
        h.press(.char("q"))
        #expect(h.app.driver.engine.pane == .exitConfirmation(returnTo: .consent))
        h.press(.char("q"))
        #expect(h.app.driver.engine.pane == .exitConfirmation(returnTo: .consent), "q in the dialog does nothing")
        h.press(.enter, .enter)
        #expect(h.app.driver.engine.pane == .selectInstitution)
        h.press(.char("q"))
        #expect(h.app.driver.engine.pane == .selectInstitution && h.screen().contains("Search  q"))
    }
}
