import Testing
import LinkKit
import LinkSDK
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

    @Test("Mesh's OAuth page: the focused button alone highlighted")
    func meshOAuthFocus() throws {
        let h = try MeshAppHarness()
        h.type("coinbase")
        h.press(.enter)
        #expect(try style(of: "[ Allow ]", in: h.render()) == styles.selected)
        #expect(try style(of: "[ Cancel ]", in: h.render()) == styles.accent)
        h.press(.right)
        #expect(try style(of: "[ Allow ]", in: h.render()) == styles.accent)
        #expect(try style(of: "[ Cancel ]", in: h.render()) == styles.selected)
    }

    @Test("Mesh's code and amount cards have their one filled button, muted until something is typed")
    func meshButtons() throws {
        let h = try #require(meshSignIn("Pass123"))
        #expect(try style(of: "Verify", in: h.render()) == styles.muted)
        h.type("1")
        #expect(try style(of: "Verify", in: h.render()) == styles.primaryButton)
        let t = try MeshAppHarness(MeshConfiguration(isTransferLink: true, latencyMillis: 300, seed: 1))
        t.type("coinbase")
        for _ in 0..<5 { t.press(.enter) }
        #expect(try style(of: "Preview", in: t.render()) == styles.muted)
        t.type("10")
        #expect(try style(of: "Preview", in: t.render()) == styles.primaryButton)
    }

    @Test("Mesh's assets: amounts right-aligned in one column, the unavailable one right under them, then the button")
    func meshAssetColumns() throws {
        let h = try MeshAppHarness(MeshConfiguration(isTransferLink: true, latencyMillis: 300, seed: 1))
        h.type("coinbase")
        for _ in 0..<3 { h.press(.enter) }
        for (rows, cols) in [(18, 60), (24, 80), (30, 100), (48, 160)] {
            let lines = h.render(rows: rows, cols: cols).lines()
            let held = lines.filter { $0.contains(" held") }
            #expect(held.count == 5, "\(cols)x\(rows): \(lines)")
            let ends = Set(held.map { $0.range(of: " held")!.lowerBound.utf16Offset(in: $0) })
            #expect(ends.count == 1, "\(cols)x\(rows): \(held.joined(separator: "\n"))")
            let btc = try #require(lines.firstIndex { $0.contains("BTC") })
            let why = try #require(lines.firstIndex { $0.contains("the sandbox") })
            #expect(lines[btc - 1].contains("MATIC") && lines[why + 2].contains("Continue"), "\(cols)x\(rows): \(lines)")
            #expect(!lines.filter { $0.contains("│") }.joined().contains("…"), "\(cols)x\(rows): \(lines)")
        }
    }

    @Test("Mesh's transfer sent: the transaction id whole at every size (wrapped under its label, not cut)")
    func meshTransactionWhole() throws {
        let h = try MeshAppHarness(MeshConfiguration(isTransferLink: true, latencyMillis: 300, seed: 1))
        h.type("coinbase")
        for _ in 0..<5 { h.press(.enter) }
        h.type("100")
        h.press(.enter)
        h.press(.enter)
        let transaction = try #require(h.app.flavor.context().lastTransfer)
        let id = MeshExpectation.text(at: "txId", in: transaction)
        #expect(id.count > 40)
        for (rows, cols) in [(18, 60), (24, 80), (30, 100), (48, 160)] {
            let joined = h.render(rows: rows, cols: cols).lines().map { $0.replacingOccurrences(of: "│", with: "") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            #expect(joined.replacingOccurrences(of: " ", with: "").contains(id) && !h.screen(rows: rows, cols: cols).contains("…"),
                    "\(cols)x\(rows)\n\(h.screen(rows: rows, cols: cols))")
        }
    }

    @Test("Mesh's sign-in says a wrong password under the fields, above the button, where Plaid's does")
    func meshErrorUnderFields() throws {
        let h = try #require(meshSignIn("nope"))
        let lines = h.render().lines()
        let error = try #require(lines.firstIndex { $0.contains("✗ Invalid username or password") })
        #expect(lines[error - 1].contains("Password"), "\(lines)")
        #expect(lines[(error + 1)...].contains { $0.contains("Sign in ") }, "\(lines)")
    }

    @Test("accounts at 60x18: the rows keep their columns, the subtype alone where the whole type does not fit (it was cut 'depository ·'); at 80x24 unchanged")
    func accountsNarrow() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("first platypus")
        h.press(.enter)
        h.type("user_good")
        h.press(.tab)
        h.type("pass_good")
        h.press(.enter)
        let narrow = h.render(rows: 18, cols: 60).lines().filter { $0.contains("••") }
        #expect(narrow.count >= 8, "\(narrow)")
        for subtype in ["checking", "savings", "credit card", "money market", "ira", "401k", "student"] {
            #expect(narrow.contains { $0.contains("  \(subtype) ") || $0.contains("  \(subtype)│") }, "\(subtype): \(narrow)")
        }
        #expect(!narrow.contains { $0.contains("depository") }, "\(narrow)")
        #expect(Set(narrow.map { $0.range(of: "••")!.lowerBound.utf16Offset(in: $0) }).count == 1, "\(narrow)")
        let wide = h.screen()
        #expect(wide.contains("Plaid Money Market           ••4444  depository · money market"), "\(wide)")
    }

    @Test("the returning user's phone and code cards have their one filled button, muted until something is typed")
    func returningUserButtons() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, savedProfile: .sandbox))
        h.press(.enter)
        #expect(try style(of: "Continue ", in: h.render()) == styles.muted)
        h.type("4155550010")
        #expect(try style(of: "Continue ", in: h.render()) == styles.primaryButton)
        let bad = try AppHarness(SessionConfiguration(seed: 1, savedProfile: .sandbox))
        bad.press(.enter)
        bad.type("5550010")
        bad.press(.enter)
        for (rows, cols) in [(18, 60), (24, 80), (30, 100), (48, 160)] {
            let screen = bad.screen(rows: rows, cols: cols)
            #expect(screen.contains("✗ A phone number has 10 digits") && screen.contains("Continue without a phone number")
                        && screen.contains("Sandbox: phone 415-555-0010, code 123456"), "with a problem, at \(cols)x\(rows):\n\(screen)")
        }
        h.press(.enter)
        #expect(try style(of: "Verify   ", in: h.render()) == styles.muted)
        h.type("1")
        #expect(try style(of: "Verify   ", in: h.render()) == styles.primaryButton)
    }

    @Test("F4 at 60x18: the title whole (no 'any key clo'), the notes whole on the lines under them")
    func timelineNarrow() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("first platypus")
        h.press(.enter)
        h.type("user_good")
        h.press(.tab)
        h.type("wrong")
        h.press(.enter, .function(4))
        let screen = h.screen(rows: 18, cols: 60)
        #expect(screen.contains("╭  Timeline · ") && !screen.contains("any key clo"), "\(screen)")
        #expect(h.screen().contains("in progress · any key closes"), "where it fits, the key hint stays: \(h.screen())")
        let box = screen.split(separator: "\n").drop { !$0.contains("╭  Timeline") }.filter { $0.contains("│") }.joined(separator: "\n")
        #expect(box.contains("INVALID_CREDENTIALS") && box.contains("Platypus Bank") && !box.contains("…"), "\(screen)")
    }
}
