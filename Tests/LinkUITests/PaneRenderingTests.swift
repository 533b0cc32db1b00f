import Testing
import LinkKit
@testable import LinkUI

@Suite("Every pane, drawn at 80x24")
struct PaneRenderingTests {
    func atCredentials(_ configuration: SessionConfiguration = SessionConfiguration(seed: 1)) throws -> AppHarness {
        let h = try AppHarness(configuration)
        h.press(.enter)
        h.type("first platypus")
        h.press(.enter)
        return h
    }

    func signIn(_ password: String, _ configuration: SessionConfiguration = SessionConfiguration(seed: 1)) throws -> AppHarness {
        let h = try atCredentials(configuration)
        h.type("user_good")
        h.press(.tab)
        h.type(password)
        h.press(.enter)
        return h
    }

    @Test func consent() throws {
        try assertSnapshot(try AppHarness().render(), "consent")
    }

    @Test("search: popular list, results with highlights, no results")
    func search() throws {
        let h = try AppHarness()
        h.press(.enter)
        try assertSnapshot(h.render(), "search-popular")
        h.type("first plat")
        let buffer = h.render()
        try assertSnapshot(buffer, "search-results")
        // the best match carries the marker in the selection colours; matched characters are in
        // the match colour (colour alone: no attribute changes on the wire), the rest is text
        let styles = h.app.styles
        let row = try #require(locate("› First Platypus Bank", in: buffer))
        #expect(buffer[row.y, row.x].style == styles.selectionMarker)
        #expect(styles.selectionMarker.bg != .default && !styles.selectionMarker.bold)
        #expect(buffer[row.y, row.x + 2].style == styles.match, "F of First matched")
        #expect(styles.match.fg != styles.text.fg && !styles.match.bold && !styles.match.underline)
        #expect(buffer[row.y, row.x + 2 + 15].style == styles.text, "P of Platypus…: only 'plat' matched")
        #expect(buffer[row.y + 1, row.x].style == styles.text, "no marker on the other rows")
        h.press(.ctrl("u"))
        h.type("zzzz")
        try assertSnapshot(h.render(), "search-none")
    }

    @Test("a name too long for its column ends in … before the tags, never cut into them")
    func longNames() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("unsupported")
        let row = try #require(h.render().lines().first { $0.contains("unsupported  ins_") })
        let tags = try #require(row.range(of: "unsupported  ins_"))
        let name = row[..<tags.lowerBound].trimmingCharacters(in: .whitespaces)
        #expect(name.hasSuffix("…"), "the name is cut with an ellipsis: \(row)")
    }

    @Test("notices: degraded, down, unsupported")
    func notices() throws {
        for (query, name) in [("degraded", "notice-degraded"), ("unhealthy platypus bank down", "notice-down"),
                              ("unsupported", "notice-unsupported")] {
            let h = try AppHarness()
            h.press(.enter)
            h.type(query)
            h.press(.enter)
            try assertSnapshot(h.render(), name)
        }
    }

    @Test("OAuth: the notice and the simulated bank page")
    func oauth() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("platypus oauth")
        h.press(.enter)
        try assertSnapshot(h.render(), "oauth-notice")
        h.press(.enter)
        h.type("anyone")
        try assertSnapshot(h.render(), "oauth-signin")
        #expect(h.events.suffix(2) == ["TRANSITION_VIEW", "OPEN_OAUTH"])
    }

    @Test("credentials: password masked; a wrong password shows the message inline")
    func credentials() throws {
        let h = try atCredentials()
        h.type("user_good")
        h.press(.tab)
        h.type("hunter2-canary")
        let screen = h.screen()
        #expect(!screen.contains("hunter2"))
        #expect(screen.contains("••••••••••••••"))
        try assertSnapshot(h.render(), "credentials")
        h.press(.enter)
        try assertSnapshot(h.render(), "credentials-error")
    }

    @Test("loading")
    func loading() throws {
        let h = try atCredentials()
        h.type("user_good")
        h.press(.tab)
        h.type("pass_good")
        _ = h.app.update(.key(.enter))  // no settle: LOADING is showing
        try assertSnapshot(h.render(), "loading")
    }

    @Test("noLoadingState: LOADING is drawn empty and does not animate (the app shows its own)")
    func noLoadingState() throws {
        for quiet in [false, true] {
            let h = try atCredentials()
            h.app.driver.presentationOptions.noLoadingState = quiet
            h.type("user_good")
            h.press(.tab)
            h.type("pass_good")
            _ = h.app.update(.key(.enter))  // no settle: LOADING is showing
            let screen = h.screen()
            #expect(screen.contains("LOADING"), "the header still names the view")
            #expect(screen.contains("Connecting to First Platypus Bank") == !quiet, "\(screen)")
            #expect((h.app.nextAnimationAt == nil) == quiet, "the spinner's next frame")
        }
    }

    @Test("the card: 72 columns centred, at most 22 rows; the backdrop shaded top to bottom unless showGradientBackground is off")
    func card() throws {
        for gradient in [true, false] {
            let h = try atCredentials()
            h.app.driver.presentationOptions.showGradientBackground = gradient
            let buffer = h.render(rows: 48, cols: 160)
            let lines = buffer.lines()
            // the log panel beside the card takes the rest (160 - 72 - 4 columns)
            let top = try #require(lines.firstIndex { $0.contains("╭  Credentials  ") })
            #expect(lines[top].firstIndex(of: "╭").map { lines[top].distance(from: lines[top].startIndex, to: $0) } == 2)
            #expect(lines[top + 21].hasPrefix("  ╰") && top == 1 + (46 - 22) / 2, "\(lines.joined(separator: "\n"))")
            #expect(lines[1].dropFirst(76).hasPrefix("┌ Events ("))
            #expect(lines[top].contains(" FP "), "the institution's badge")
            let margin = buffer[2, 0].style.bg, inside = buffer[top + 1, 4].style.bg
            #expect(inside == .default)
            if gradient {
                #expect(margin == .indexed(233) && buffer[46, 0].style.bg == .indexed(236), "darker at the top")
            } else {
                #expect(margin == .default && buffer[46, 0].style.bg == .default)
            }
        }
        // 80x24: the card centred with 4 columns each side, as tall as the log panel below leaves
        let h = try atCredentials()
        let lines = h.render(rows: 24, cols: 80).lines()
        #expect(lines[1].hasPrefix("    ╭  Credentials  ") && lines[1].hasSuffix("╮") && lines[1].count == 76)
        #expect(lines[16].hasPrefix("    ╰") && lines[17].hasPrefix("┌ Events ("))
    }

    @Test("the event inspector: F3, Enter opens the record over the whole body, values first; y hands its JSON to the runner")
    func inspector() throws {
        let h = try atCredentials()
        h.press(.function(3), .up, .up, .enter)
        let screen = h.screen()
        try assertSnapshot(h.render(), "inspector")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("╭ Event 4 of 6 · SEARCH_INSTITUTION · "))
        #expect(lines[2].contains("event_name: SEARCH_INSTITUTION") && lines[3].contains("institution_search_query: first platypus"))
        #expect(lines[23].hasPrefix(" ↑/↓ scroll  ←/→ prev/next  j JSON/fields  n nulls  y copy JSON"))
        #expect(h.screen(rows: 48, cols: 160).split(separator: "\n")[1].hasPrefix("╭ Event 4 of 6 · SEARCH_INSTITUTION"))
        #expect(h.app.takeClipboard() == nil)
        h.press(.char("y"))
        #expect(h.app.takeClipboard()?.contains("\"institution_search_query\":\"first platypus\"") == true)
        #expect(h.app.takeClipboard() == nil)
        h.press(.escape, .escape)
        #expect(h.screen().contains("Enter your First Platypus Bank credentials"), "back to the pane")
    }

    @Test("F4: the session so far as a timeline over the body, errors in the error style; any key closes it")
    func timeline() throws {
        let h = try atCredentials()
        h.type("user_good")
        h.press(.tab)
        h.type("wrong")
        h.press(.enter)
        h.settle()
        h.press(.function(4))
        let buffer = h.render()
        let lines = buffer.lines()
        let top = try #require(lines.firstIndex { $0.contains("╭  Timeline · 5 views · ") }, "\(lines.joined(separator: "\n"))")
        #expect(lines[top].contains(" · in progress · any key closes "))
        let error = try #require(lines.firstIndex { $0.contains("LOADING") && $0.contains("✗ INVALID_CREDENTIALS") })
        #expect(buffer[error, 2].style == h.app.styles.error)
        #expect(lines.contains { $0.contains("CREDENTIAL (again)") })
        #expect(lines.contains { $0.contains("end       ◆ the session has not ended") })
        h.press(.char("x"))
        #expect(!h.screen().contains("Timeline ·") && !h.screen().contains("Password  •"), "closed, the key taken by the overlay")
    }

    @Test("the log's filter takes every key typed into it: q and ? are letters there, not exit and help")
    func filterTakesLetters() throws {
        let h = try AppHarness()
        h.press(.function(3), .char("/"), .char("q"), .char("?"))
        #expect(h.app.driver.engine.pane == .consent && !h.screen().contains("Help ·"))
        #expect(h.screen().contains("/q?▏"))
    }

    @Test("z zooms the focused log over the whole body (all its entries at 80x24), z again or leaving the log puts it back")
    func logZoom() throws {
        let h = try atCredentials()
        h.press(.function(3), .char("z"))
        let lines = h.screen().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("┌ Events (6) · UTC ─") && lines[22].hasPrefix("└"))
        #expect(lines[2].contains("◆ onLoad") && lines[7].contains("TRANSITION_VIEW → CREDENTIAL"))
        #expect(!h.screen().contains("Enter your First Platypus Bank credentials"))
        h.press(.char("z"))
        #expect(h.screen().contains("Enter your First Platypus Bank credentials"))
        h.press(.char("z"), .escape)
        #expect(h.screen().contains("Enter your First Platypus Bank credentials"), "leaving the log unzooms it")
        h.press(.function(3))
        #expect(h.screen().contains("Enter your First Platypus Bank credentials"), "and it opens unzoomed")
    }

    @Test("F1 at 80x24 scrolls (↑/↓, End) to the special institutions and the keys; any other key closes it")
    func helpScrolls() throws {
        let h = try AppHarness()
        h.press(.function(1))
        #expect(h.screen().contains("Help · ↑/↓ scroll · any other key closes") && h.screen().contains("user_good / pass_good"))
        h.press(.end)
        let end = h.screen()
        #expect(end.contains("ins_135858") && end.contains("Windowpane Bank") && end.contains("F4         the session's timeline"))
        #expect(end.contains("▲") && !end.contains("user_good / pass_good"))
        h.press(.home, .down)
        #expect(h.screen().contains("Help ·"), "scrolling keeps it open")
        h.press(.char("x"))
        #expect(!h.screen().contains("Help ·") && h.app.driver.engine.pane == .consent)
    }

    @Test("the card at 60x18 (compact: the whole body, the log only while focused, over it), 100x30 and 200x60")
    func sizes() throws {
        let h = try atCredentials()
        try assertSnapshot(h.render(rows: 18, cols: 60), "credentials-60x18")
        try assertSnapshot(h.render(rows: 30, cols: 100), "credentials-100x30")
        let wide = h.screen(rows: 60, cols: 200).split(separator: "\n", omittingEmptySubsequences: false)
        // 200x60: the card keeps its 72 columns and 22 rows, centred in what the log leaves; the log takes the rest
        let top = try #require(wide.firstIndex { $0.contains("╭  Credentials  ") })
        #expect(top == 1 + (58 - 22) / 2 && wide[top].hasPrefix("  ╭") && wide[top + 21].hasPrefix("  ╰"))
        #expect(wide[1].dropFirst(76).hasPrefix("┌ Events (") && wide[1].count == 200)
        let compact = h.screen(rows: 18, cols: 60)
        #expect(!compact.contains("Events ("), "no room for the log")
        h.press(.function(3))
        #expect(h.screen(rows: 18, cols: 60).contains("┌ Events (6) · UTC"), "F3 shows it over the card")
        #expect(!h.screen(rows: 18, cols: 60).contains("Enter your First Platypus Bank credentials"))
    }

    @Test("MFA: device list, code, questions, selections")
    func mfa() throws {
        let device = try signIn("mfa_device")
        try assertSnapshot(device.render(), "mfa-device")
        device.press(.down, .enter)
        device.type("12")
        let code = device.screen()
        #expect(!code.contains("12 ") && code.contains("••"))
        try assertSnapshot(device.render(), "mfa-code")
        let questions = try signIn("mfa_questions_2_3")
        try assertSnapshot(questions.render(), "mfa-questions")
        // each question's text, its field's placeholder numbering it as the sandbox does, gone once typed into
        #expect(questions.screen().contains("3. What is your mother's maiden name?"))
        questions.type("a")
        #expect(!questions.screen().contains("sandbox: round 0, question 0") && questions.screen().contains("sandbox: round 0, question 1"))
        // Enter on a question not answered yet chooses its highlighted option (shown), and only
        // an Enter once every question shows its choice submits
        let one = try signIn("mfa_selections")
        one.press(.enter)
        #expect(one.screen().contains("(•) Yes") && one.app.driver.engine.currentChallenge != nil, "chosen, not sent")
        one.press(.enter)
        #expect(one.app.driver.engine.pane != .mfa, "sent")
        let selections = try signIn("mfa_selections_1_2_3")
        selections.press(.down, .char(" "))
        try assertSnapshot(selections.render(), "mfa-selections")
    }

    @Test("account select, multi and single")
    func accounts() throws {
        let h = try signIn("pass_good")
        h.press(.char(" "), .down, .down, .char(" "))
        try assertSnapshot(h.render(), "accounts")
        var single = SessionConfiguration(seed: 1)
        single.accountSelection = .single
        let s = try signIn("pass_good", single)
        s.press(.down, .char(" "))
        try assertSnapshot(s.render(), "accounts-single")
    }

    @Test("connected, error pane, exit confirmation, help")
    func endings() throws {
        let h = try signIn("pass_good")
        h.press(.char("a"), .enter)
        try assertSnapshot(h.render(), "connected")
        try assertSnapshot(try signIn("error_INSTITUTION_DOWN").render(), "error")
        let e = try atCredentials()
        e.press(.ctrl("x"))
        try assertSnapshot(e.render(), "exit-confirm")
        let help = try AppHarness()
        help.press(.function(1))
        try assertSnapshot(help.render(), "help")
    }

    @Test("wide: log panel on the right at 160x48")
    func wide() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("first platypus")
        try assertSnapshot(h.render(rows: 48, cols: 160), "search-160x48")
    }

    @Test("too small: a note, never a crash, down to 1x1")
    func tooSmall() throws {
        let h = try AppHarness()
        try assertSnapshot(h.render(rows: 10, cols: 40), "too-small")
        for rows in 0...25 {
            for cols in [0, 1, 2, 5, 40, 59, 60, 79, 80, 81, 200] {
                let text = h.screen(rows: rows, cols: cols)
                let fits = rows >= Layout.minimumSize.rows && cols >= Layout.minimumSize.cols
                if fits {  // the pane, never the note
                    #expect(text.contains("Link your account") && !text.contains("Terminal"), "\(cols)x\(rows)")
                } else if rows >= 3 && cols >= 18 {  // the note whole, the size named, nothing of the pane
                    #expect(text.contains("Terminal too small") && text.contains("\(cols)x\(rows)"), "\(cols)x\(rows)")
                    #expect(!text.contains("Link your account") && !text.contains("Continue"), "\(cols)x\(rows)")
                } else if rows > 0 && cols > 0 {  // as much of the note as fits, nothing of the pane
                    #expect(text.contains(String("Terminal too small".prefix(cols))), "\(cols)x\(rows)")
                    #expect(!text.contains("Link your"), "\(cols)x\(rows)")
                } else {
                    #expect(text.allSatisfy { $0 == " " || $0 == "\n" }, "\(cols)x\(rows)")
                }
            }
        }
    }

    @Test("the mouse: a click highlights a result, a second click selects it; a click toggles an account")
    func mouse() throws {
        let h = try AppHarness()
        h.press(.enter)
        h.type("first platypus")
        let second = try #require(locate("First Platypus Balance Bank", in: h.render()))
        h.press(.mouse(MouseEvent(y: second.y, x: second.x, kind: .click)))
        #expect(locate("› First Platypus Balance Bank", in: h.render()) != nil)
        h.press(.mouse(MouseEvent(y: second.y, x: second.x, kind: .click)))
        #expect(h.app.driver.engine.institution?.id == "ins_130016")
        // as terminals report it: a press, then a release; the first highlights, the second opens
        let p = try AppHarness()
        p.press(.enter)
        p.type("first platypus")
        let third = try #require(locate("First Platypus OAuth App2App Bank", in: p.render()))
        p.press(.mouse(MouseEvent(y: third.y, x: third.x, kind: .press)), .mouse(MouseEvent(y: third.y, x: third.x, kind: .release)))
        #expect(locate("› First Platypus OAuth App2App Bank", in: p.render()) != nil)
        #expect(p.app.driver.engine.institution == nil)
        p.press(.mouse(MouseEvent(y: third.y, x: third.x, kind: .press)), .mouse(MouseEvent(y: third.y + 1, x: third.x, kind: .release)))
        #expect(p.app.driver.engine.institution == nil, "released elsewhere: nothing opens")
        p.press(.mouse(MouseEvent(y: third.y, x: third.x, kind: .press)), .mouse(MouseEvent(y: third.y, x: third.x, kind: .release)))
        #expect(p.app.driver.engine.institution?.id == "ins_132241")
        let a = try signIn("pass_good")
        let saving = try #require(locate("Plaid Saving", in: a.render()))
        a.press(.mouse(MouseEvent(y: saving.y, x: saving.x, kind: .click)))
        #expect(a.screen().contains("[x] Plaid Saving"))
        #expect(a.screen().contains("1 of 9 selected"))
    }

    @Test("monochrome and NO_COLOR stay readable: the selection is reverse video")
    func monochrome() throws {
        let h = try AppHarness(theme: "monochrome")
        h.press(.enter)
        h.type("tartan")
        let buffer = h.render()
        let row = try #require(locate("› Tartan", in: buffer))
        #expect(buffer[row.y, row.x + 3].style.reverse)
        #expect(buffer[row.y, row.x + 3].style.fg == .default)
    }
}
