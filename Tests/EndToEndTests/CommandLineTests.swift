import Foundation
import Testing

// What the binary refuses before any screen, run without a terminal. (The same with a terminal,
// an events file that cannot be created, is Tests/pty/test_interactive.py's.)
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
}
