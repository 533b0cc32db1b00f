import Foundation
import LinkKit
import Testing

/// The interactive binary in tmux, typed into as a person would.
@Suite("linkterm in tmux", .serialized)
struct InteractiveTests {
    func eventNames(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { try SessionRecord(jsonLine: String($0)) }.map { record in
            switch record {
            case .load: "load"
            case .event(let event): event.eventName.description
            case .success: "success"
            case .exit: "exit"
            }
        }
    }

    /// After the program ended: alternate screen left, keypad and mouse modes off. (tmux 3.3 keeps these flags
    /// of a dead pane, so a program that leaves them on fails here; it resets the cursor flag and has no paste
    /// flag, so those two are checked by the pty tests.)
    func expectRestored(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let flags = try tmux.tmux("display-message", "-p", "-t", tmux.target,
                                  "#{alternate_on} #{keypad_flag} #{keypad_cursor_flag} #{mouse_any_flag} #{mouse_button_flag} #{mouse_standard_flag}")
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0 0 0 0 0",
                "alternate screen, keypad, cursor keys, mouse any/button/standard", sourceLocation: sourceLocation)
    }

    func replayNames(_ steps: String, _ arguments: [String] = []) throws -> [String] {
        let result = try runLinkterm(["replay", "-"] + arguments, stdin: steps)
        #expect(result.status == 0, "\(result.stderr)")
        let file = try temporaryFile(result.stdout, name: "replay.jsonl")
        return try eventNames(file)
    }

    func start(_ arguments: [String], cols: Int = 80, rows: Int = 24, term: String = "xterm-256color",
               environment: [String: String] = [:]) throws -> (TmuxSession, String)
    {
        let events = try temporaryFile("", name: "events.jsonl")
        let session = try TmuxSession([linktermBinary, "--events", events, "--latency", "50"] + arguments,
                                      cols: cols, rows: rows, term: term, environment: environment)
        return (session, events)
    }

    @Test("pass_good, typed at 80x24 and 160x48, ends with onSuccess; the events match replay", arguments: [(80, 24), (160, 48)])
    func passGood(cols: Int, rows: Int) throws {
        let (tmux, events) = try start([], cols: cols, rows: rows)
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        try tmux.waitFor("◆ onLoad")
        tmux.send("Enter")
        try tmux.waitFor("Popular institutions")
        tmux.type("first platypus")
        try tmux.waitFor("SEARCH_INSTITUTION \"first platypus\"")
        let search = tmux.capture()
        #expect(search.contains("› First Platypus Bank"))
        tmux.send("Enter")
        try tmux.waitFor("Enter your First Platypus Bank credentials")
        tmux.type("user_good")
        tmux.send("Tab")
        tmux.type("pass_good")
        try tmux.waitFor("•••••••••")
        let passwordLine = tmux.capture().split(separator: "\n").first { $0.contains("Password") } ?? ""
        #expect(!passwordLine.contains("pass_good"))
        tmux.send("Enter")
        try tmux.waitFor("Choose the accounts to share")
        tmux.send("a")
        try tmux.waitFor("9 of 9 selected")
        tmux.send("Enter")
        try tmux.waitFor("✓ Success")
        try tmux.waitFor("TRANSITION_VIEW → CONNECTED")
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux)
        let names = try eventNames(events)
        #expect(names == [
            "load", "OPEN", "TRANSITION_VIEW", "SEARCH_INSTITUTION", "SELECT_INSTITUTION", "TRANSITION_VIEW",
            "SUBMIT_CREDENTIALS", "TRANSITION_VIEW", "TRANSITION_VIEW", "TRANSITION_VIEW", "success", "HANDOFF",
        ])
        #expect(names == (try replayNames("continue\nsearch first platypus\nselect ins_109508\ncredentials user_good pass_good\naccounts all\ncontinue\n")))
        let text = try String(contentsOfFile: events, encoding: .utf8)
        #expect(!text.contains("pass_good"))
        #expect(tmux.capture().contains("onSuccess public_token=public-sandbox-"))
    }

    @Test("mfa_device: a device, the code 1234, then success; the code never shows")
    func mfaDevice() throws {
        let (tmux, events) = try start([])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        tmux.type("platypus bank")
        try tmux.waitFor("First Platypus Bank")
        tmux.send("Enter")
        try tmux.waitFor("credentials")
        tmux.type("user_good")
        tmux.send("Tab")
        tmux.type("mfa_device")
        tmux.send("Enter")
        try tmux.waitFor("Where should we send your one-time code?")
        tmux.send("Down", "Enter")
        try tmux.waitFor("Enter your verification code")
        tmux.type("1234")
        try tmux.waitFor("••••")
        // the pane's sandbox hint names the code; the code typed shows nowhere (the field shows dots)
        let screen = tmux.capture()
        #expect(screen.contains("Sandbox: the code is 1234"))
        #expect(!screen.replacingOccurrences(of: "Sandbox: the code is 1234", with: "").contains("1234"))
        tmux.send("Enter")
        try tmux.waitFor("Choose the accounts to share")
        tmux.send("Space", "Enter")
        try tmux.waitFor("✓ Success")
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 0)
        let names = try eventNames(events)
        #expect(names.filter { $0 == "SUBMIT_MFA" }.count == 2)
        #expect(names.suffix(2) == ["success", "HANDOFF"])
        let text = try String(contentsOfFile: events, encoding: .utf8)
        #expect(text.contains(#""mfa_type":"device""#) && text.contains(#""mfa_type":"code""#))
        #expect(!text.contains("1234"))
    }

    @Test("exit from the credentials pane: Ctrl-X, Enter; onExit requires_credentials")
    func exitFromCredentials() throws {
        let (tmux, events) = try start(["--log-panel", "off"])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        tmux.type("tartan bank")
        try tmux.waitFor("› Tartan Bank")
        tmux.send("Enter")
        try tmux.waitFor("Enter your Tartan Bank credentials")
        #expect(!tmux.capture().contains("Events ("))
        tmux.type("user_good")
        tmux.send("Tab")
        tmux.type("wrong")
        tmux.send("Enter")
        try tmux.waitFor("✗ The provided credentials were not correct")
        tmux.send("C-x")
        try tmux.waitFor("Are you sure you want to exit?")
        // Enter's default is to stay (Esc-then-Enter out of habit must not end the session)
        tmux.send("Enter")
        try tmux.waitUntil { !$0.contains("Are you sure you want to exit?") && $0.contains("Password") }
        tmux.send("C-x")
        try tmux.waitFor("Are you sure you want to exit?")
        tmux.send("Right")
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 1)
        #expect(tmux.capture().contains("onExit status=requires_credentials error=ITEM_ERROR/INVALID_CREDENTIALS"))
        let names = try eventNames(events)
        #expect(names.suffix(4) == ["TRANSITION_VIEW", "TRANSITION_VIEW", "EXIT", "exit"])
        let text = try String(contentsOfFile: events, encoding: .utf8)
        #expect(text.contains(#""exit_status":"requires_credentials""#))
    }

    @Test("Esc on credentials goes back to search; Ctrl-C exits at once with 130 and a complete log")
    func backAndInterrupt() throws {
        let (tmux, events) = try start([])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        tmux.type("gingham")
        try tmux.waitFor("› First Gingham Credit Union")
        tmux.send("Enter")
        try tmux.waitFor("credentials")
        tmux.send("Escape")
        try tmux.waitFor("Popular institutions")
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
        try expectRestored(tmux)
        let names = try eventNames(events)
        #expect(names.suffix(2) == ["EXIT", "exit"])
    }

    @Test("F1 shows help with the sandbox credentials; F2 hides the log")
    func helpAndLog() throws {
        let (tmux, _) = try start([])
        defer { tmux.kill() }
        try tmux.waitFor("Events (")
        tmux.send("F1")
        try tmux.waitFor("Sandbox credentials (username user_good)")
        tmux.send("Escape")
        try tmux.waitUntil { !$0.contains("Sandbox credentials (username") }
        tmux.send("F2")
        try tmux.waitUntil { !$0.contains("Events (") }
        tmux.send("F2")
        try tmux.waitFor("Events (")
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
    }

    @Test("resizes re-layout at once; too small shows a note")
    func resize() throws {
        let (tmux, _) = try start([])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.resize(cols: 50, rows: 15)
        try tmux.waitFor("Terminal too small")
        tmux.resize(cols: 130, rows: 30)
        // the card and the log panel side by side (the card's top row beside the panel's side):
        // the layout for 130 columns, whatever the log panel's times say (they are UTC times of day)
        _ = try tmux.waitUntil {
            $0.contains("Link your account") && !$0.contains("Terminal too small")
                && $0.contains("┌ Events (")
                && $0.split(separator: "\n").contains { $0.contains("Link your account") && $0.contains(/╮ +│/) }
        }
        tmux.send("C-c")
        _ = try tmux.waitForExit()
    }
}

extension InteractiveTests {
    @Test("emoji sequences, joiners and selectors in names keep every row 80 columns wide in tmux")
    func emojiSequencesKeepTheirColumns() throws {
        // family (ZWJ), heart + VS16, keycap, skin tone, flag, subdivision flag (tags), text + VS15
        let names = ["Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Bank", "Heart \u{2764}\u{FE0F} Credit Union",
                     "Keycap 1\u{FE0F}\u{20E3} Savings", "Thumbs \u{1F44D}\u{1F3FD} Trust", "Flag \u{1F1FA}\u{1F1F8} National",
                     "Tag \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Bank", "Text \u{263A}\u{FE0E} Bank"]
        let file = try temporaryFile(names.joined(separator: "\n") + "\n", name: "emoji.txt")
        let (tmux, _) = try start(["--institutions", file])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        tmux.type("b")  // four rows, then six: what the first list drew must not stay behind
        try tmux.waitFor("4 results")
        tmux.send("BSpace")
        tmux.type("a")
        // "│ › Name      ins_custom_N │" (in the card's margins): the name, then only spaces up to the id, then the border;
        // waited for until the frame is whole (the "6 results" line comes before the rows are
        // redrawn), so a row that keeps a stale character, or is shifted, never matches
        func isRow(_ row: Substring) -> Bool {
            row.wholeMatch(of: #/ *│ [› ] (\S+) (\S+)( \S+)*? +(ins_custom_[1-7]) │ */#) != nil
        }
        let screen = try tmux.waitUntil { screen in
            let rows = screen.split(separator: "\n").filter { $0.contains("ins_custom_") }
            return screen.contains("6 results") && rows.count == 6 && rows.allSatisfy(isRow)
        }
        for row in screen.split(separator: "\n") where row.contains("ins_custom_") {
            #expect(!row.unicodeScalars.contains { [0x200D, 0xFE0E, 0xFE0F].contains($0.value) },
                    "a joiner or selector reached the terminal: \(row)")
        }
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
    }

    @Test("--institutions: the search pane lists the custom directory, names sanitised")
    func customDirectory() throws {
        let file = try temporaryFile("Maple Leaf Credit Union\nHarbour \u{1b}[31mSavings\u{202e} Cooperative\n", name: "banks.txt")
        let (tmux, events) = try start(["--institutions", file])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        tmux.type("harbour")
        let screen = try tmux.waitFor("› Harbour Savings Cooperative")
        #expect(screen.contains("ins_custom_2"))
        tmux.send("Enter")
        try tmux.waitFor("Enter your Harbour Savings Cooperative credentials")
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
        #expect(try String(contentsOfFile: events, encoding: .utf8).contains(#""institution_id":"ins_custom_2""#))
    }

    @Test("NO_COLOR: no colour at all; the highlighted row is reverse video")
    func noColor() throws {
        let (tmux, _) = try start([], environment: ["NO_COLOR": "1"])
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.send("Enter")
        try tmux.waitFor("Popular institutions")
        let screen = tmux.captureWithColors()
        #expect(screen.firstMatch(of: /\u{1b}\[[0-9;]*(3[0-7]|4[0-7]|38;5|48;5)[;m]/) == nil, "no colour sequence")
        let row = screen.split(separator: "\n").first { $0.contains("First Platypus Bank") } ?? ""
        #expect(row.contains("7m"), "reverse video on the highlighted row")
        tmux.send("C-c")
        _ = try tmux.waitForExit()
    }

    @Test("an 8-colour terminal (TERM=xterm) gets only the 8 basic colours")
    func eightColours() throws {
        let (tmux, _) = try start([], term: "xterm")
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        let screen = tmux.captureWithColors()
        #expect(screen.firstMatch(of: /\u{1b}\[[0-9;]*(38;5|48;5|9[0-7]|10[0-7])[;m]/) == nil, "no 256-colour or bright sequence")
        #expect(screen.firstMatch(of: /\u{1b}\[[0-9;]*3[0-7][;m]/) != nil, "basic colours are used: \(screen.debugDescription.prefix(300))")
        tmux.send("C-c")
        _ = try tmux.waitForExit()
    }
}

@Suite("linkterm refuses what it cannot use")
struct CommandLineTests {
    @Test("a bad theme file: exit 2, the file and the key named")
    func badTheme() throws {
        let theme = try temporaryFile(#"{"colors":{"accent":"purple-ish"}}"#, name: "mine.json")
        let result = try runLinkterm(["--theme", theme])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("linkterm: theme \(theme): key \"colors.accent\": expected a colour"))
        let unknown = try runLinkterm(["--theme", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no such built-in theme"))
    }

    @Test("stdout not a terminal: a clear message, exit 2, no escape sequence")
    func notATerminal() throws {
        let result = try runLinkterm([])
        #expect(result.status == 2)
        #expect(result.stderr.contains("linkterm replay FILE"))
        #expect(!result.stdout.contains("\u{1b}") && !result.stderr.contains("\u{1b}"))
    }

    @Test("no terminal: the events file and the recording are neither created nor emptied")
    func notATerminalTouchesNoFile() throws {
        let events = try temporaryFile("{\"kept\": true}\n", name: "events.jsonl")
        let cast = (events as NSString).deletingLastPathComponent + "/session.cast"
        let result = try runLinkterm(["--events", events, "--record", cast])
        #expect(result.status == 2)
        #expect(result.stderr.contains("must be a terminal"), "\(result.stderr)")
        #expect(try String(contentsOfFile: events, encoding: .utf8) == "{\"kept\": true}\n", "the events file was emptied")
        #expect(!FileManager.default.fileExists(atPath: cast), "the recording was created")
    }

    @Test("--help explains the options with examples")
    func help() throws {
        let result = try runLinkterm(["--help"])
        for option in ["--token", "--theme", "--events", "--seed", "--latency", "--single-account", "--no-account-select",
                       "--update-mode", "--institution", "--log-panel", "replay", "Examples:"] {
            #expect(result.stdout.contains(option), "\(option) missing from --help")
        }
    }

    @Test("a bad --institutions file: exit 2, the line and field named, before any screen")
    func badDirectory() throws {
        let file = try temporaryFile("{\"institution_id\": \"a\", \"name\": \"A\"}\n{\"institution_id\": \"a\", \"name\": \"B\"}\n", name: "dup.jsonl")
        for arguments in [["--institutions", file], ["replay", "-", "--institutions", file]] {
            let result = try runLinkterm(arguments, stdin: "")
            #expect(result.status == 2)
            #expect(result.stderr == "linkterm: --institutions: \(file):2: field \"institution_id\": institution_id \"a\" is already used on line 1\n")
        }
    }

    @Test("the events file cannot be created: exit 2, the path and reason named")
    func badEventsPath() throws {
        let tmux = try TmuxSession([linktermBinary, "--events", "/nonexistent/dir/e.jsonl"], cols: 100, rows: 10)
        defer { tmux.kill() }
        #expect(try tmux.waitForExit() == 2)
        #expect(tmux.capture().contains("linkterm: --events: cannot write /nonexistent/dir/e.jsonl: No such file or directory"))
    }
}
