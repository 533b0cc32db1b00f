import Testing
import LinkKit
@testable import LinkUI

/// The look, looked at again at 60x18, 80x24, 100x30 and 160x48 in both flavors (issue 32): what
/// the style snapshots do not pin by themselves.
@Suite("The look again: Mesh's exit dialog and timeline, overlays over the log, one button a card")
struct LookAgainTests {
    private let styles = ThemeStyles(theme: ThemeLoader.defaultTheme)

    /// The style of the first cell of `text` on screen.
    private func style(of text: String, in buffer: CellBuffer) throws -> Style {
        guard let at = locate(text, in: buffer) else {
            Issue.record("\(text) not on screen:\n\(buffer.lines().joined(separator: "\n"))")
            return Style()
        }
        return buffer[at.y, at.x].style
    }

    func meshSignIn(_ password: String, at integration: String = "binance") -> MeshAppHarness? {
        guard let h = try? MeshAppHarness() else { return nil }
        h.type(integration)
        h.press(.enter)
        h.type("Mesh")
        h.press(.tab)
        h.type(password)
        h.press(.enter)
        return h
    }

    @Test("Mesh's exit dialog: Tab and the arrows move the focus, the focused button alone highlighted; Enter presses it")
    func meshExitFocus() throws {
        let h = try MeshAppHarness()
        h.press(.ctrl("x"))
        var buffer = h.render()
        #expect(try style(of: "[ No, continue ]", in: buffer) == styles.selected)
        #expect(try style(of: "[ Yes, exit ]", in: buffer) == styles.accent)
        #expect(buffer.lines()[1].contains("Connect an account"), "the card keeps its title under the dialog")
        h.press(.tab)
        buffer = h.render()
        #expect(try style(of: "[ No, continue ]", in: buffer) == styles.accent)
        #expect(try style(of: "[ Yes, exit ]", in: buffer) == styles.selected)
        #expect(h.screen().contains("Enter exit"))
        h.press(.left)
        #expect(try style(of: "[ No, continue ]", in: h.render()) == styles.selected)
        h.press(.enter)
        #expect(h.app.driver.engine.pane == .catalog, "Enter on No, continue stays")
        h.press(.ctrl("x"), .right, .enter)
        #expect(h.app.driver.engine.pane == .finished, "Enter on Yes, exit leaves")
        let y = try MeshAppHarness()
        y.press(.ctrl("x"), .char("y"))
        #expect(y.app.driver.engine.pane == .finished)
    }

    @Test("Mesh's timeline in Plaid's words: a wrong password \"sign-in failed\" and its message, a good one \"signed in\", the integration chosen; loading never \"again\"")
    func meshTimelineWords() throws {
        let wrong = try #require(meshSignIn("nope"))
        let failed = wrong.app.flavor.timeline.lines().joined(separator: "\n")
        #expect(failed.contains("chose Binance") && failed.contains("sign-in failed") && !failed.contains("signed in"), "\(failed)")
        #expect(failed.contains("✗ Invalid username or password") && !failed.contains("credentialsEntered"), "\(failed)")
        #expect(!failed.contains("loading (again)"), "\(failed)")
        wrong.press(.ctrl("u"))
        wrong.type("Pass123")
        wrong.press(.enter)
        wrong.type("000000")
        wrong.press(.enter)
        wrong.type("123456")
        wrong.press(.enter)
        let lines = wrong.app.flavor.timeline.lines()
        let again = try #require(lines.first { $0.contains("credentials (again)") })
        #expect(again.contains("signed in") && !again.contains("failed"), "\(lines)")
        #expect(lines.contains { $0.contains("code refused") } && lines.contains { $0.contains("answered (code)") }, "\(lines)")
        #expect(lines.contains { $0.contains("✗ Invalid verification code") }, "\(lines)")
        #expect(!lines.joined().contains("loaded") && !lines.joined().contains("loading (again)"), "\(lines)")
    }

    @Test("F1 and F4 over the log panel (80x24) and a small terminal (60x18): no border or line of what is under them beside the box")
    func overlaysClearTheirRows() throws {
        for size in [(24, 80), (18, 60)] {
            let h = try AppHarness()
            h.press(.enter)
            for key in [Key.function(1), .function(4)] {
                h.press(key)
                let lines = h.render(rows: size.0, cols: size.1).lines()
                let top = try #require(lines.firstIndex { $0.contains("╭  Help") || $0.contains("╭  Timeline") }, "\(lines)")
                let bottom = try #require(lines.lastIndex { $0.contains("╰") })
                for line in lines[top...bottom] {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    #expect(trimmed.first.map { "╭│╰".contains($0) } ?? true, "\(size.1)x\(size.0): \(line)")
                    #expect(trimmed.last.map { "╮│╯".contains($0) } ?? true, "\(size.1)x\(size.0): \(line)")
                    #expect(!line.contains("┌") && !line.contains("╭ ╭") && !line.contains("│0"), "\(size.1)x\(size.0): \(line)")
                }
                h.press(.char("x"))
            }
        }
    }

    @Test("F1 at 60x18: every meaning wraps at its words (none cut inside a word)")
    func helpNarrow() throws {
        let column = 56 - 6
        var meanings: [String] = []
        for line in HelpOverlay.lines(of: HelpOverlay.plaidRows, width: 56 - 4) {
            guard case .entry(let name, let meaning) = line else { continue }
            if name.isEmpty, !meanings.isEmpty { meanings[meanings.count - 1] += " " + meaning } else { meanings.append(meaning) }
        }
        let expected = HelpOverlay.plaidRows.compactMap { row -> String? in if case .entry(_, let meaning) = row { meaning } else { nil } }
        #expect(meanings.map { $0.trimmingCharacters(in: .whitespaces) } == expected)
        #expect(HelpOverlay.nameColumn(text: column) < HelpOverlay.nameWidth)
        let h = try AppHarness()
        h.press(.function(1))
        _ = h.render(rows: 18, cols: 60)  // the terminal's size: the help scrolls in it
        h.press(.down, .down, .down, .down, .down, .down)
        // the meanings' column nearer the names: "automated" on the line of its name, not cut
        #expect(h.screen(rows: 18, cols: 60).contains("microdeposits_good  signs in; Auth: automated"), "\(h.screen(rows: 18, cols: 60))")
    }

    @Test("the log panel, focused (F3), draws its border in the focused style; the card's goes plain")
    func logFocusBorder() throws {
        let h = try AppHarness()
        var buffer = h.render()
        let top = try #require(locate("┌ Events", in: buffer))
        #expect(buffer[top.y, top.x].style == styles.border)
        h.press(.function(3))
        buffer = h.render()
        #expect(buffer[top.y, top.x].style == styles.title)
        #expect(buffer[1, 4].style == styles.border, "the card's corner")
    }
}
