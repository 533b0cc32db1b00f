import Testing
import LinkKit
import LinkSDK
@testable import LinkUI

/// The look's second round (issue 32): what the style snapshots do not show at one size.
@Suite("The look: hints whole at every size, help wrapped at words, timeline by outcome")
struct LookTests {
    @Test("the returning user's phone pane shows its sandbox hint whole, code 123456, at 60x18, 80x24, 100x30 and 160x48")
    func phoneHintWhole() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, savedProfile: .sandbox))
        h.press(.enter)
        for (rows, cols) in [(18, 60), (24, 80), (30, 100), (48, 160)] {
            #expect(h.screen(rows: rows, cols: cols).contains("Sandbox: phone 415-555-0010, code 123456"), "\(cols)x\(rows)")
        }
    }

    @Test("F1: each meaning wraps at words (its words come back whole) in the 78-column box; at 160x48 the box widens and none wraps")
    func helpWrapsAtWords() throws {
        for rows in [HelpOverlay.plaidRows, MeshFlavor.helpRows] {
            var meanings: [String] = []
            for line in HelpOverlay.lines(of: rows, width: 74 - 4) {
                guard case .entry(let name, let meaning) = line else { continue }
                if name.isEmpty, !meanings.isEmpty { meanings[meanings.count - 1] += " " + meaning } else { meanings.append(meaning) }
            }
            let expected = rows.compactMap { row -> String? in if case .entry(_, let meaning) = row { meaning } else { nil } }
            #expect(meanings == expected)
        }
        let h = try AppHarness()
        h.press(.enter, .function(1))
        let wide = h.screen(rows: 48, cols: 160)
        #expect(wide.contains("Platypus OAuth Bank: a bank page (approve, cancel, fail)"))
        #expect(wide.contains("Windowpane Bank: account numbers only (--product auth)"))
        let box = try #require(wide.split(separator: "\n").first { $0.contains("╭  Help") })
        #expect(box.count > 80 + 2, "\(box)")
    }

    func signIn(_ password: String) -> AppHarness? {
        guard let h = try? AppHarness() else { return nil }
        h.press(.enter)
        h.type("first platypus")
        h.press(.enter)
        h.type("user_good")
        h.press(.tab)
        h.type(password)
        h.press(.enter)
        return h
    }

    @Test("the timeline labels a sign-in by its outcome: a wrong password \"sign-in failed\", a good one \"signed in\"")
    func timelineSignIn() throws {
        let wrong = try #require(signIn("wrong"))
        let failed = SessionTimeline(records: wrong.app.driver.records).lines().joined(separator: "\n")
        #expect(failed.contains("sign-in failed") && !failed.contains("signed in"), "\(failed)")
        let good = try #require(signIn("pass_good"))
        let held = SessionTimeline(records: good.app.driver.records).lines().joined(separator: "\n")
        #expect(held.contains("signed in") && !held.contains("sign-in failed"), "\(held)")
    }

    @Test("account select: Enter with none chosen puts its note right under the list, then the card's one button")
    func accountsNoteUnderList() throws {
        let h = try #require(signIn("pass_good"))
        h.press(.enter)
        let lines = h.render().lines()
        let note = try #require(lines.firstIndex { $0.contains("Choose at least one account") })
        #expect(lines[note - 1].contains("[ ]"), "\(lines[note - 1])")
        #expect(lines[note + 2].contains("Continue"), "\(lines[note + 2])")
    }

    @Test("the phone typed as digits shows as a US number (415-555-0010), the cursor after its last digit; what is submitted is what was typed")
    func phoneFormatted() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, savedProfile: .sandbox))
        h.press(.enter)
        h.type("4155550010")
        let screen = h.screen()
        #expect(screen.contains("415-555-0010") && !screen.contains("4155550010"), "\(screen)")
        let cursor = try #require(h.app.render(rows: 24, cols: 80).cursor)
        let field = try #require(locate("415-555-0010", in: h.render()))
        #expect(cursor == CellPosition(y: field.y, x: field.x + 12))
        h.press(.enter)
        #expect(h.app.driver.engine.typedPhone == "4155550010")
    }

    @Test("money: thousands grouped, dollars to the cent, a fee under a cent not $0")
    func money() {
        #expect(Money.usd(1500) == "$1,500.00" && Money.usd(27_550) == "$27,550.00" && Money.usd(0.1) == "$0.10")
        #expect(Money.usd(0.001) == "< $0.01" && Money.usd(0) == "$0.00" && Money.usd(-3.5) == "-$3.50")
        #expect(Money.amount(1500) == "1,500" && Money.amount(0.000005) == "0.000005" && Money.amount(1_234_567.25) == "1,234,567.25")
    }
}
