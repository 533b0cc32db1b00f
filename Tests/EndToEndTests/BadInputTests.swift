import Foundation
import LinkKit
import Testing
import TestSupport

// Issue 5, item 5: "Bad input gets a clear error and nothing is lost".
//
// A corpus of bad inputs goes through the REAL binary, as a user would give them: link tokens,
// theme files, institution directory files, command-line arguments, scenario files and random
// bytes on standard input. Each answer must be a clear message naming what was wrong (the file,
// the line, the option), the documented exit status (README: 2 for bad input), nothing on
// standard output that looks like a session, no terminal controls in standard error (no ESC, no
// C1 control, no bidi override), and no crash (no signal, no "Fatal error", no backtrace), no hang.
//
// The unit tests check the loaders themselves (DirectoryLoaderTests, ThemeTests, EngineFuzzTests);
// this file checks what the user sees. An input that is answered badly is recorded with
// `withKnownIssue` naming the input, what happened and where the fix belongs; the suite prints a
// summary of the corpus (inputs per group and how they were answered) when it ends.

// MARK: - The binary and how it answered

/// The `linkterm` built with these tests: `LINKTERM_BIN`, else the one beside the test bundle (so a
/// `--scratch-path` build tests its own binary), else the package's `.build` one.
let badInputBinary: String = {
    if let path = ProcessInfo.processInfo.environment["LINKTERM_BIN"] { return path }
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        let sibling = (exe as NSString).deletingLastPathComponent + "/linkterm"
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    }
    return linktermBinary
}()


/// How the binary answered one input.
struct Answer: Sendable {
    var status: Int32 = 0
    /// The signal that ended it, if one did.
    var signal: Int32?
    /// Still running after the watchdog's limit (then killed).
    var hung = false
    var stdout = Data()
    var stderr = Data()

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// `status N`, `signal N` or `hang`, for the summary.
    var outcome: String {
        if hung { return "hang" }
        if let signal { return "signal \(signal)" }
        return "status \(status)"
    }
}

/// Runs the binary with `arguments`; standard input is the file at `stdinPath` or /dev/null.
/// A watchdog kills it after 60 s (a bound on a hang, not a timing assertion).
func answer(_ arguments: [String], stdinPath: String? = nil) throws -> Answer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: badInputBinary)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdinPath {
        guard let handle = FileHandle(forReadingAtPath: stdinPath) else { throw CocoaError(.fileReadUnknown) }
        process.standardInput = handle
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let pid = process.processIdentifier
    let finished = DispatchSemaphore(value: 0)
    let hung = Locked(false)
    DispatchQueue.global().async {
        if finished.wait(timeout: .now() + 60) == .timedOut {
            hung.value = true
            kill(pid, SIGKILL)
        }
    }
    // read both pipes to the end before waiting, so a large answer cannot block the child
    let errData = Locked(Data())
    let errHandle = err.fileHandleForReading
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData.value = errHandle.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    finished.signal()
    var result = Answer(stdout: outData, stderr: errData.value)
    result.hung = hung.value
    if process.terminationReason == .uncaughtSignal {
        result.signal = process.terminationStatus
    } else {
        result.status = process.terminationStatus
    }
    return result
}

/// What a crash leaves in standard error.
let crashMarkers = ["Fatal error", "Swift runtime failure", "*** Signal", "Backtrace", "crashed:", "Stack dump",
                    "Segmentation fault", "Illegal instruction"]

/// The first thing in `data` a terminal would act on, or that reorders or hides text: a raw ESC,
/// another C0 control but tab and newline, DEL, a C1 control (U+0080-U+009F, U+009B being CSI),
/// a bidirectional control; or bytes that are not UTF-8. Nil when the text is clean.
func terminalGarbage(_ data: Data) -> String? {
    if data.contains(0x1B) { return "a raw ESC byte" }
    guard let text = String(data: data, encoding: .utf8) else { return "bytes that are not UTF-8" }
    for scalar in text.unicodeScalars where isTerminalControl(scalar) {
        return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
    return nil
}

/// Whether a scalar is a control a terminal acts on, or a bidi control (tab and newline are fine).
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 || value == 0x0A { return false }
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    return [0x061C, 0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Whether standard output holds anything that looks like a session: a record or an outcome line.
func looksLikeSession(_ text: String) -> Bool {
    text.contains("{\"type\"") || text.contains("onSuccess") || text.contains("onExit")
}

// MARK: - The corpus

/// A deterministic generator (SplitMix64, LinkKit's seeded id generator), so "random" inputs are
/// the same on every run.
typealias SeededGenerator = IDGenerator

/// What random bytes are drawn from.
enum Alphabet: String, Sendable {
    /// Any byte (almost never valid UTF-8).
    case bytes
    /// Printable ASCII, newlines, tabs, C0 controls and escape sequences (valid UTF-8).
    case asciiControls
    /// Unicode: letters, C1 controls, bidi overrides, NUL, combining marks, emoji (valid UTF-8).
    case unicode
}

/// The contents of a file (or of standard input) an input needs.
enum Fixture: Sendable {
    case text(String)
    case bytes([UInt8])
    /// `text` repeated, e.g. a line a million times.
    case repeated(String, times: Int)
    case random(seed: UInt64, count: Int, Alphabet)
    /// A sparse file of this size (the loader sees its size without it taking the disk).
    case sparse(Int)
    /// A directory where a file is expected.
    case folder
    /// Nothing at the path.
    case missing

    /// The bytes of a content fixture.
    var data: Data {
        switch self {
        case .text(let text): return Data(text.utf8)
        case .bytes(let bytes): return Data(bytes)
        case .repeated(let text, let times): return Data(String(repeating: text, count: times).utf8)
        case .random(let seed, let count, let alphabet): return Self.randomData(seed: seed, count: count, alphabet)
        case .sparse, .folder, .missing: return Data()
        }
    }

    static func randomData(seed: UInt64, count: Int, _ alphabet: Alphabet) -> Data {
        var generator = SeededGenerator(seed: seed)
        switch alphabet {
        case .bytes:
            var data = Data(count: (count + 7) / 8 * 8)
            data.withUnsafeMutableBytes { raw in
                for index in 0..<raw.count / 8 { raw.storeBytes(of: generator.next(), toByteOffset: index * 8, as: UInt64.self) }
            }
            return data.prefix(count)
        case .asciiControls:
            let pieces = ["\n", "\n", "\t", " ", " ", "\u{1b}[2J", "\u{1b}]0;pwned\u{07}", "\u{07}", "\u{08}", "\r", "\u{00}",
                          "\u{7f}", "#", "\"", "=", "|"]
            var text = ""
            while text.utf8.count < count {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    text += pieces.randomElement(using: &generator)!
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &generator)))
                }
            }
            return Data(text.utf8)
        case .unicode:
            let scalars: [UInt32] = [0x85, 0x9B, 0x9D, 0x9C, 0x90, 0x202E, 0x202D, 0x2066, 0x200F, 0x0, 0x1B, 0x0301,
                                     0x1F600, 0xFEFF, 0x2028, 0xE9, 0x4E2D, 0x0A, 0x20]
            var text = String.UnicodeScalarView()
            var bytes = 0
            while bytes < count {
                let value = Int.random(in: 0..<3, using: &generator) == 0
                    ? scalars.randomElement(using: &generator)!
                    : UInt32.random(in: 0x61...0x7A, using: &generator)
                let scalar = Unicode.Scalar(value)!
                text.append(scalar)
                bytes += String(scalar).utf8.count
            }
            return Data(String(text).utf8)
        }
    }

    /// Makes the fixture at `path`.
    func materialise(at path: String) throws {
        let manager = FileManager.default
        if case .missing = self { return }  // nor its folder: "a missing folder" inputs need that
        try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch self {
        case .missing:
            break
        case .folder:
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .sparse(let size):
            guard manager.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw CocoaError(.fileWriteUnknown)
            }
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        default:
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}

/// The checks made on every answer; a corpus entry names the ones known to fail and why.
enum Check: String, Sendable, CaseIterable {
    /// No signal, no crash report, no hang.
    case noCrash
    /// The documented exit status.
    case status
    /// Standard error names what was wrong (each fragment, and the pattern).
    case names
    /// No terminal control or bidi override in standard error.
    case noGarbage
    /// Standard error is a message, not a flood (at most 4 KiB).
    case brief
    /// Standard output: nothing that looks like a session (errors), or the expected session.
    case stdout
}

/// How an input must be answered.
enum Expected: Sendable {
    /// A clear error: this exit status, standard error holding each fragment (and matching `pattern`),
    /// nothing on standard output that looks like a session.
    case error(Int32, names: [String], pattern: String? = nil)
    /// The documented answer to a refused link token (README, "invalid tokens"): a session
    /// that ends at once through onExit INVALID_INPUT / INVALID_LINK_TOKEN, with an EXIT event and no
    /// load or OPEN; `linkterm replay` prints those two records and exits 0 (the scenario ran).
    case refusedToken
    /// The directory loads, its names cleaned of escape sequences, C1 controls and bidi overrides:
    /// exit 0, and every name the command prints is free of them.
    case sanitised
    /// Accepted and run to this exit status.
    case runs(Int32)
}

/// One bad input: the command line, the file it names (`{file}`; `{dir}` is its folder, `{bin}`
/// the binary), an optional scenario file (`{scenario}`), standard input, and the answer expected.
struct BadInput: Sendable, CustomTestStringConvertible {
    var label: String
    var arguments: [String]
    var file: Fixture? = nil
    var fileName = "input.txt"
    var scenario: String? = nil
    var stdin: Fixture? = nil
    var expected: Expected
    var known: [Check: String] = [:]

    var testDescription: String { label }
}

enum Corpus {
    static let uuid = "af1a0311-da53-4636-b754-dd15cc058176"

    // MARK: tokens

    /// Bad link tokens, through `replay` (the full-screen UI needs a terminal: Tests/pty/test_bad_input_terminal.py).
    static let tokens: [BadInput] = {
        let flagged: [(String, String)] = [
            ("empty", ""),
            ("only spaces", "   "),
            ("a good token wrapped in spaces", "  link-sandbox-\(uuid)  "),
            ("spaces inside", "link-sandbox-af1a0311 da53 4636 b754 dd15cc058176"),
            ("production environment", "link-production-\(uuid)"),
            ("unknown environment", "link-staging-\(uuid)"),
            ("no link- prefix", "sandbox-\(uuid)"),
            ("not a UUID", "link-sandbox-not-a-uuid"),
            ("uppercase UUID", "link-sandbox-\(uuid.uppercased())"),
            ("UUID one digit short", "link-sandbox-\(uuid.dropLast())"),
            ("escape sequences", "link-sandbox-\u{1b}[31m\(uuid)\u{1b}[0m\u{1b}]0;pwned\u{07}"),
            ("C0 controls", "link-sandbox-\(uuid)\u{07}\u{08}\r\u{7f}"),
            ("C1 controls and a bidi override", "link-sandbox-\u{9b}2J\u{85}\(uuid)\u{202e}"),
            ("100 KB long (argv allows 128 KiB)", "link-sandbox-" + String(repeating: "a", count: 100_000)),
        ]
        var inputs = flagged.map { label, token in
            BadInput(label: "--token: \(label)", arguments: ["replay", "-", "--token", token], stdin: .text(""),
                     expected: .refusedToken)
        }
        let inFile: [(String, String)] = [
            ("empty (option token alone)", "option token\n"),
            ("1 MB long", "option token link-sandbox-" + String(repeating: "a", count: 1 << 20) + "\n"),
            ("escape sequences", "option token link-sandbox-\u{1b}[2J\u{1b}]0;pwned\u{07}\(uuid)\n"),
            ("production environment", "option token link-production-\(uuid)\n"),
        ]
        inputs += inFile.map { label, text in
            BadInput(label: "option token: \(label)", arguments: ["replay", "{file}"], file: .text(text),
                     fileName: "token.txt", expected: .refusedToken)
        }
        inputs.append(BadInput(
            label: "option token: spaces split the value", arguments: ["replay", "{file}"],
            file: .text("option token link sandbox \(uuid)\n"), fileName: "token.txt",
            expected: .error(2, names: ["{file}:1:", "option token takes"])))
        // the full-screen UI without a terminal: refused for the terminal, the token never echoed
        inputs.append(BadInput(
            label: "interactive --token with escape sequences, no terminal",
            arguments: ["--token", "link-sandbox-\u{1b}[2J\u{1b}]0;pwned\u{07}"],
            expected: .error(2, names: ["must be a terminal", "linkterm replay FILE"])))
        return inputs
    }()

    // MARK: themes

    static let themes: [BadInput] = {
        func theme(_ label: String, _ fixture: Fixture, _ names: [String], name: String = "mine.json",
                   known: [Check: String] = [:]) -> BadInput {
            BadInput(label: label, arguments: ["--theme", "{file}"], file: fixture, fileName: name,
                     expected: .error(2, names: names), known: known)
        }
        let expectedColour = "expected a colour"
        return [
            theme("not JSON", .text("accent = red\n"), ["theme {file}: not valid JSON"]),
            theme("truncated JSON", .text(##"{"colors": {"accent": "#ff0000""##), ["theme {file}: not valid JSON"]),
            theme("a JSON array", .text("[1, 2]"), ["theme {file}: expected a JSON object"]),
            theme("a JSON string", .text(#""dark""#), ["theme {file}: expected a JSON object"]),
            theme("name is a number", .text(#"{"name": 5, "colors": {}}"#), [#"key "name""#, "expected a short non-empty string"]),
            theme("colors is a list", .text(#"{"colors": [1]}"#), [#"key "colors""#, "expected an object of colours"]),
            theme("colors missing", .text(#"{"name": "x"}"#), [#"key "colors""#, "missing"]),
            theme("colour is a boolean", .text(#"{"colors": {"accent": true}}"#), [#"key "colors.accent""#, expectedColour]),
            theme("colour number 256", .text(#"{"colors": {"muted": 256}}"#), [#"key "colors.muted""#, expectedColour]),
            theme("colour number 12.5", .text(#"{"colors": {"muted": 12.5}}"#), [#"key "colors.muted""#, expectedColour]),
            theme("unknown colour name", .text(#"{"colors": {"error": "ultraviolet"}}"#), [#"key "colors.error""#, expectedColour]),
            theme("short hex colour", .text(##"{"colors": {"border": "#12345"}}"##), [#"key "colors.border""#, expectedColour]),
            theme("hex colour with non-hex digits", .text(##"{"colors": {"border": "#gg0000"}}"##), [#"key "colors.border""#, expectedColour]),
            theme("unknown colour role", .text(#"{"colors": {"accentt": "red"}}"#), [#"key "colors.accentt""#, "unknown colour role"]),
            theme("unknown top-level key", .text(#"{"colours": {}}"#), [#"key "colours""#, "unknown key"]),
            // the bad value is quoted with its controls removed, not shown: got "" and got "red" (a valid name!)
            theme("escape sequence in a colour value", .text(#"{"colors": {"accent": "\u001b[31m\u001b]0;pwned\u0007"}}"#),
                  [#"key "colors.accent""#, expectedColour, #"\u001B"#]),
            theme("C1 CSI and a bidi override in a colour value", .text(#"{"colors": {"accent": "\u009b31m\u202ered"}}"#),
                  [#"key "colors.accent""#, expectedColour, #"\u009B"#]),
            theme("escape sequence in a role name", .text(#"{"colors": {"\u001b[31maccent": "red"}}"#),
                  [#"key "colors."#, "unknown colour role", #"\u001B"#]),
            theme("NUL in a colour value", .text(#"{"colors": {"accent": "red\u0000"}}"#), [#"key "colors.accent""#, expectedColour]),
            theme("invalid UTF-8", .bytes(Array(#"{"name": ""#.utf8) + [0xFF, 0xFE] + Array(#"", "colors": {}}"#.utf8)),
                  ["theme {file}: not valid JSON"]),
            theme("an empty file", .text(""), ["theme {file}: the file is empty"]),
            theme("nested 400,000 deep", .repeated("[", times: 400_000), ["theme {file}: not valid JSON"]),
            theme("1 MB of random bytes", .random(seed: 11, count: 1_000_000, .bytes), ["theme {file}: not valid JSON"]),
            theme("1 MiB + 1 byte of random bytes", .random(seed: 12, count: (1 << 20) + 1, .bytes),
                  ["theme {file}: the file is larger than 1 MiB"]),
            theme("a directory", .folder, ["theme {file}", "directory"], name: "themes.json"),
            theme("a missing file", .missing, ["theme {file}", "no such file"]),
            theme("a missing file whose path has an escape sequence", .missing, ["theme {dir}/", "no such file"],
                  name: "\u{1b}[31mred.json"),
            BadInput(label: "an unknown built-in theme", arguments: ["--theme", "solarized"],
                     expected: .error(2, names: ["theme solarized: no such built-in theme", "high-contrast"])),
            BadInput(label: "an unknown built-in theme with an escape sequence", arguments: ["--theme", "dark\u{1b}[2J"],
                     expected: .error(2, names: ["no such built-in theme"])),
            // loads (the name is cleaned); then the missing terminal is what is refused, with no ESC
            theme("escape sequence in the name (loads, cleaned)", .text(#"{"name": "\u001b]0;pwned\u0007x", "colors": {}}"#),
                  ["must be a terminal"]),
        ]
    }()

    // MARK: arguments

    static let arguments: [BadInput] = {
        func usage(_ label: String, _ arguments: [String], _ names: [String], file: Fixture? = nil,
                   stdin: Fixture? = .text("")) -> BadInput {
            BadInput(label: label, arguments: arguments, file: file, stdin: stdin,
                     expected: .error(2, names: names))
        }
        let flow = "continue\nselect ins_109508\ncredentials user_good pass_good\naccounts all\ncontinue\n"
        return [
            usage("unknown option", ["--bogus"], ["--bogus"]),
            usage("unknown option to replay", ["replay", "-", "--bogus"], ["--bogus"]),
            usage("unknown option to search", ["search", "x", "--frobnicate"], ["--frobnicate"]),
            usage("unexpected argument", ["frobnicate"], ["frobnicate"]),
            usage("missing value: --theme", ["--theme"], ["--theme"]),
            usage("missing value: --token", ["replay", "-", "--token"], ["--token"]),
            usage("missing value: --limit", ["search", "x", "--limit"], ["--limit"]),
            usage("missing query: search", ["search"], ["<query>"]),
            usage("missing file: replay", ["replay"], ["scenario file"]),
            usage("two files without --check", ["replay", "a.txt", "b.txt"], ["--check"]),
            usage("--limit 0", ["search", "x", "--limit", "0"], ["--limit"]),
            usage("--limit -1", ["search", "x", "--limit", "-1"], ["--limit"]),
            usage("--limit=-1", ["search", "x", "--limit=-1"], ["--limit"]),
            usage("--limit abc", ["search", "x", "--limit", "abc"], ["--limit", "abc"]),
            usage("--limit overflows", ["search", "x", "--limit", "99999999999999999999"], ["--limit"]),
            usage("--latency -5", ["replay", "-", "--latency", "-5"], ["--latency"]),
            usage("--latency overflows Int64", ["replay", "-", "--latency", "99999999999999999999"], ["--latency"]),
            usage("--latency abc", ["replay", "-", "--latency", "abc"], ["--latency", "abc"]),
            BadInput(label: "--latency Int64.max, then sign in", arguments: ["replay", "{file}", "--latency", "9223372036854775807"],
                     file: .text(flow), fileName: "flow.txt", expected: .error(2, names: ["--latency"])),
            usage("--seed abc", ["replay", "-", "--seed", "abc"], ["--seed", "abc"]),
            usage("--seed -1", ["replay", "-", "--seed", "-1"], ["--seed"]),
            usage("--seed overflows UInt64", ["replay", "-", "--seed", "18446744073709551616"], ["--seed"]),
            usage("--log-panel sideways", ["--log-panel", "sideways"], ["--log-panel", "sideways"]),
            usage("--typing-delay -1", ["--typing-delay=-1", "--script", "x.txt"], ["--typing-delay"]),
            usage("--pace -1", ["--pace=-1", "--script", "x.txt"], ["--pace"]),
            usage("--exit-at-end without --script", ["--exit-at-end"], ["--exit-at-end", "--script"]),
            usage("--single-account with --no-account-select", ["replay", "-", "--single-account", "--no-account-select"],
                  ["--single-account", "--no-account-select"]),
            usage("--update-mode without --institution", ["replay", "-", "--update-mode"], ["--update-mode", "--institution"]),
            usage("--institution not in the sandbox", ["replay", "-", "--update-mode", "--institution", "ins_nope"],
                  ["--institution", "ins_nope"]),
            // without a terminal the terminal is refused first, before any output file is touched
            // (in a terminal: Tests/pty/test_bad_input_terminal.py)
            BadInput(label: "--events in a missing folder, no terminal", arguments: ["--events", "{file}"], file: .missing,
                     fileName: "nonexistent/events.jsonl", expected: .error(2, names: ["must be a terminal"])),
            BadInput(label: "--events is a directory, no terminal", arguments: ["--events", "{file}"], file: .folder,
                     fileName: "events", expected: .error(2, names: ["must be a terminal"])),
            BadInput(label: "--record in a missing folder, no terminal", arguments: ["--record", "{file}"], file: .missing,
                     fileName: "nonexistent/demo.cast", expected: .error(2, names: ["must be a terminal"])),
            BadInput(label: "--record is a directory, no terminal", arguments: ["--record", "{file}"], file: .folder,
                     fileName: "casts", expected: .error(2, names: ["must be a terminal"])),
            BadInput(label: "replay: the scenario file does not exist", arguments: ["replay", "{file}"], file: .missing,
                     fileName: "flow.txt", expected: .error(2, names: ["no such file: {file}"])),
            BadInput(label: "replay: the scenario is a directory", arguments: ["replay", "{file}"], file: .folder,
                     fileName: "scenarios", expected: .error(2, names: ["{file} is a directory, not a scenario file"])),
            BadInput(label: "replay: a binary file (the linkterm executable)", arguments: ["replay", "{bin}"],
                     expected: .error(2, names: ["{bin}:", ": not UTF-8 text"])),  // the line depends on the build
            BadInput(label: "replay: a missing scenario whose path has an escape sequence", arguments: ["replay", "{file}"],
                     file: .missing, fileName: "\u{1b}[2Jflow.txt", expected: .error(2, names: ["no such file: {dir}/"])),
            BadInput(label: "--script: the scenario file does not exist", arguments: ["--script", "{file}"], file: .missing,
                     fileName: "flow.txt", expected: .error(2, names: ["no such file: {file}"])),
            BadInput(label: "replay --check: a folder without scenarios", arguments: ["replay", "--check", "{file}"], file: .folder,
                     fileName: "empty", expected: .error(2, names: ["no scenario (*.txt) in {file}"])),
        ]
    }()

    // MARK: scenario files and standard input

    static let scenarios: [BadInput] = {
        func malformed(_ label: String, _ text: String, _ names: [String], known: [Check: String] = [:]) -> BadInput {
            BadInput(label: label, arguments: ["replay", "{file}"], file: .text(text), fileName: "flow.txt",
                     expected: .error(2, names: names), known: known)
        }
        var inputs: [BadInput] = [
            malformed("NUL bytes", String(repeating: "\u{0}", count: 100), ["{file}:1: unknown step"]),
            malformed("an unknown step with an escape sequence", "continue\n\u{1b}[31mred\n", ["{file}:2: unknown step"]),
            malformed("an unknown step with a C1 CSI", "continue\n\u{9b}2J\n", ["{file}:2: unknown step"]),
            malformed("an unknown step with a bidi override", "continue\n\u{202e}tixe\n", ["{file}:2: unknown step"]),
            malformed("a 1 MB unknown step", String(repeating: "x", count: 1 << 20) + "\n", ["{file}:1: unknown step"]),
            malformed("option after a step", "continue\noption seed 1\n", ["{file}:2:", "option lines must come before"]),
            malformed("option latency without a value", "option latency\n", ["{file}:1:", "option latency takes"]),
            malformed("option latency -1", "option latency -1\n", ["{file}:1:", "option latency takes 0 to"]),
            malformed("an expect with an unclosed quote", "continue\nexpect SEARCH_INSTITUTION \"institution_search_query=a\n",
                      ["{file}:2:", "quote"]),
            malformed("accounts with a word", "accounts 0 zero\n", ["{file}:1: accounts takes 0-based indices"]),
            malformed("wait with a negative time", "wait -5\n", ["{file}:1: wait takes 0 to"]),
            BadInput(label: "a malformed scenario whose path has an escape sequence", arguments: ["replay", "{file}"],
                     file: .text("fly away\n"), fileName: "\u{1b}[2Jflow.txt",
                     expected: .error(2, names: [":1: unknown step"])),
            BadInput(label: "option latency Int64.max, then sign in", arguments: ["replay", "{file}"],
                     file: .text("option latency 9223372036854775807\ncontinue\nselect ins_109508\ncredentials user_good pass_good\n"),
                     fileName: "flow.txt", expected: .error(2, names: ["{file}:1:", "latency"])),
            BadInput(label: "wait Int64.max", arguments: ["replay", "{file}"],
                     file: .text("continue\nwait 9223372036854775807\n"), fileName: "flow.txt",
                     expected: .error(2, names: ["{file}:2:", "wait"])),
            BadInput(label: "option update-mode with an institution the directory lacks, through replay",
                     arguments: ["replay", "{file}"], file: .text("option update-mode ins_nope\ncontinue\n"),
                     fileName: "flow.txt", expected: .error(2, names: ["update mode: there is no institution ins_nope"])),
            // the same check before the UI opens (it started a session for a missing institution)
            BadInput(label: "option update-mode with an institution the directory lacks, through --script",
                     arguments: ["--script", "{file}"], file: .text("option update-mode ins_nope\ncontinue\n"),
                     fileName: "flow.txt", expected: .error(2, names: ["update mode: there is no institution ins_nope"])),
            BadInput(label: "CRLF line endings", arguments: ["replay", "{file}"],
                     file: .text("continue\r\nselect ins_109508\r\nexit\r\nconfirm\r\n"), fileName: "flow.txt",
                     expected: .runs(0)),
        ]
        // random bytes on standard input: `linkterm replay -`
        for seed in [1, 2, 3] as [UInt64] {
            inputs.append(BadInput(label: "stdin: 4 KB of random bytes, seed \(seed)", arguments: ["replay", "-"],
                                   stdin: .random(seed: seed, count: 4096, .bytes),
                                   expected: .error(2, names: ["UTF-8"], pattern: #"-:\d+"#)))
        }
        for seed in [4, 5, 6] as [UInt64] {
            inputs.append(BadInput(label: "stdin: 4 KB of random ASCII with controls, seed \(seed)", arguments: ["replay", "-"],
                                   stdin: .random(seed: seed, count: 4096, .asciiControls),
                                   expected: .error(2, names: [], pattern: #"^linkterm: -:\d+: "#)))
        }
        for seed in [7, 8] as [UInt64] {
            inputs.append(BadInput(label: "stdin: 4 KB of random Unicode with C1 and bidi controls, seed \(seed)",
                                   arguments: ["replay", "-"], stdin: .random(seed: seed, count: 4096, .unicode),
                                   expected: .error(2, names: [], pattern: #"^linkterm: -:\d+: "#)))
        }
        return inputs
    }()

    // MARK: institution directories

    /// The ways a directory file reaches the binary.
    enum Route: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// `linkterm search x --institutions FILE`
        case search
        /// `linkterm replay - --institutions FILE`
        case replay
        /// `option institutions FILE` in a scenario
        case scenarioOption

        var testDescription: String { rawValue }
    }

    /// A bad (or dirty) directory file.
    struct Directory: Sendable, CustomTestStringConvertible {
        var label: String
        var fixture: Fixture
        var fileName = "banks.jsonl"
        /// What stderr must hold (after `--institutions: ` or `option institutions: `); empty: it loads, cleaned.
        var names: [String] = []
        /// For a file that loads: the institution to select.
        var id = ""
        /// Also tried as `option institutions FILE` in a scenario (a few: the loader is the same).
        var viaOption = false
        var testDescription: String { label }
    }

    /// Every directory through `search` and `replay --institutions`; some also through `option institutions`.
    static let directoryRuns: [(Directory, Route)] = directories.flatMap { directory in
        (directory.viaOption ? Route.allCases : [.search, .replay]).map { (directory, $0) }
    }

    static let directories: [Directory] = [
        Directory(label: "invalid JSON array", fixture: .text(#"[{"institution_id": "a", "name": "A"},"#), fileName: "banks.json",
                  names: ["{file}:1: invalid JSON"]),
        Directory(label: "invalid JSON on line 3", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\"}\n\n{\"institution_id\": \"b\", name: \"B\"}\n"),
                  names: ["{file}:3: invalid JSON"], viaOption: true),
        Directory(label: "missing name", fixture: .text("{\"institution_id\": \"a\"}\n"),
                  names: [#"{file}:1: field "name": is required but missing"#]),
        Directory(label: "missing institution_id", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\"}\n{\"name\": \"B\"}\n"),
                  names: [#"{file}:2: field "institution_id": is required but missing"#]),
        Directory(label: "oauth is a string", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\", \"oauth\": \"yes\"}\n"),
                  names: [#"{file}:1: field "oauth": expected true or false"#]),
        Directory(label: "unknown status", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\", \"status\": \"sideways\"}\n"),
                  names: [#"{file}:1: field "status""#]),
        Directory(label: "unknown field", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\", \"colour\": 1}\n"),
                  names: [#"{file}:1: field "colour": unknown field"#]),
        Directory(label: "duplicate ids", fixture: .text("{\"institution_id\": \"a\", \"name\": \"A\"}\n{\"institution_id\": \"a\", \"name\": \"B\"}\n"),
                  names: [#"{file}:2: field "institution_id": institution_id "a" is already used on line 1"#], viaOption: true),
        Directory(label: "duplicate ids in an array", fixture: .text("[\n{\"institution_id\": \"a\", \"name\": \"A\"},\n{\"institution_id\": \"a\", \"name\": \"B\"}\n]"),
                  fileName: "banks.json", names: [#"{file}:3: field "institution_id""#, "already used on line 2"]),
        Directory(label: "an id with an escape sequence", fixture: .text(#"{"institution_id": "ins\u001b[31m", "name": "A"}"# + "\n"),
                  names: [#"{file}:1: field "institution_id": must not contain whitespace or control characters"#, #"\u001B"#]),
        Directory(label: "a name of escape sequences only", fixture: .text(#"{"institution_id": "a", "name": "\u001b[31m\u001b[0m"}"# + "\n"),
                  names: [#"{file}:1: field "name""#, "nothing is left"]),
        Directory(label: "1,000,001 lines", fixture: .repeated("Bank\n", times: 1_000_001), fileName: "banks.txt",
                  names: ["{file}:1000001: too many institutions; the limit is 1,000,000"], viaOption: true),
        Directory(label: "65 MiB (sparse)", fixture: .sparse(65 << 20), fileName: "banks.txt",
                  names: ["{file}: too large: 68157440 bytes; the limit is 64 MiB"]),
        Directory(label: "invalid UTF-8 in plain text", fixture: .bytes(Array("Ozark Bank\nbad ".utf8) + [0xFF, 0xFE] + Array(" name\n".utf8)),
                  fileName: "banks.txt", names: ["{file}:2: not valid UTF-8 text (column 5)"]),
        Directory(label: "invalid UTF-8 in a JSON string",
                  fixture: .bytes(Array(#"{"institution_id": "a", "name": "A"#.utf8) + [0xC0, 0xAF] + Array("\"}\n".utf8)),
                  names: ["{file}:1: invalid JSON", "invalid UTF-8"]),
        Directory(label: "nested 100 deep", fixture: .text(String(repeating: "[", count: 100)), fileName: "banks.json",
                  names: ["{file}:1: invalid JSON", "nest more than 64 deep"]),
        Directory(label: "1 MB of random bytes", fixture: .random(seed: 21, count: 1_000_000, .bytes), fileName: "banks.txt",
                  names: ["{file}:"]),
        Directory(label: "a NUL inside a plain-text name", fixture: .text("Ozark Bank\nFirst\u{0}Bank\n"), fileName: "banks.txt",
                  names: [#"{file}:2: field "name": contains a NUL character (U+0000), which cannot be shown: "First\u0000Bank""#]),
        Directory(label: "a NUL inside a JSON name", fixture: .text(#"{"institution_id": "a", "name": "First\u0000Bank"}"# + "\n"),
                  names: [#"{file}:1: field "name": contains a NUL character (U+0000)"#], viaOption: true),
        Directory(label: "a letter under 100,000 combining marks (200 KB name)",
                  fixture: .text("Ozark Bank\nA" + String(repeating: "\u{301}", count: 100_000) + "\n"), fileName: "banks.txt",
                  names: [#"{file}:2: field "name": expected at most 2048 bytes of UTF-8, got 200001"#]),
        Directory(label: "a letter under 20 combining marks",
                  fixture: .text(#"{"institution_id": "a", "name": "Bank A"# + String(repeating: "\u{301}", count: 20) + "\"}\n"),
                  names: [#"{file}:1: field "name": character 6 is made of 21 code points (a letter under combining marks?); the limit is 16"#]),
        Directory(label: "an empty array", fixture: .text("[]"), fileName: "banks.json", names: ["{file}: no institutions in the file"]),
        Directory(label: "an empty file", fixture: .text(""), names: ["{file}: no institutions in the file"]),
        Directory(label: "a directory", fixture: .folder, fileName: "banks", names: ["{file}: cannot read: Is a directory"], viaOption: true),
        Directory(label: "a missing file", fixture: .missing, names: ["{file}: cannot read: No such file or directory"], viaOption: true),
        Directory(label: "a missing file whose path has an escape sequence", fixture: .missing, fileName: "x\u{1b}[2J.jsonl",
                  names: [#"{dir}/x\u001B[2J.jsonl: cannot read: No such file or directory"#]),
        // these load: the names are cleaned of what a terminal would act on
        Directory(label: "names with CSI and OSC escape sequences (JSON Lines, loads cleaned)",
                  fixture: .text(#"{"institution_id": "evil", "name": "Evil \u001b[31mRed\u001b[0m \u001b]0;title\u0007Bank\u001b]8;;http://x\u001b\\"}"# + "\n"),
                  id: "evil", viaOption: true),
        Directory(label: "names with C1 controls (loads cleaned)",
                  fixture: .text("{\"institution_id\": \"evil\", \"name\": \"Evil \u{9b}2J\u{85}Bank \u{9d}0;title\u{9c}Trust\u{90}dcs\u{9c}\"}\n"),
                  id: "evil"),
        Directory(label: "names with bidi overrides (JSON array, loads cleaned)",
                  fixture: .text(#"[{"institution_id": "evil", "name": "Evil \u202eknaB\u202c \u2066Trust\u2069 \u200f\u061c"}]"#),
                  fileName: "banks.json", id: "evil"),
        Directory(label: "plain text names with raw ESC, C1 and bidi (loads cleaned)",
                  fixture: .text("Evil \u{1b}[31mRed\u{1b}]0;title\u{07} \u{9b}2J Bank \u{202e}knab\u{202c}\u{7f}\u{1}\n"),
                  fileName: "banks.txt", id: "ins_custom_1", viaOption: true),
    ]

    /// The payloads a cleaned name must not keep (the insides of the sequences removed).
    static let strippedPayloads = ["[31m", "[0m", "title", "2J", "http://x", "dcs"]
}

// MARK: - The tally

/// How many inputs each group tried and how they were answered, printed when the suite ends.
final class BadInputTally: @unchecked Sendable {
    static let shared = BadInputTally()
    private let lock = NSLock()
    private var rows: [(group: String, label: String, outcome: String, problems: [Check], seconds: Double)] = []

    func record(group: String, label: String, outcome: String, problems: [Check], seconds: Double) {
        lock.withLock { rows.append((group, label, outcome, problems, seconds)) }
    }

    var summary: String {
        lock.withLock {
            guard !rows.isEmpty else { return "bad input corpus: nothing ran" }
            var lines = ["bad input corpus: \(rows.count) inputs through \(badInputBinary)"]
            var groups: [String] = []
            for row in rows where !groups.contains(row.group) { groups.append(row.group) }
            for group in groups {
                let mine = rows.filter { $0.group == group }
                var outcomes: [String: Int] = [:]
                for row in mine { outcomes[row.outcome, default: 0] += 1 }
                let answered = outcomes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
                let good = mine.filter(\.problems.isEmpty).count
                let seconds = mine.reduce(0) { $0 + $1.seconds }
                lines.append("  \(group): \(mine.count) inputs: \(answered); as documented: \(good), known problems: \(mine.count - good)"
                    + " (\((seconds * 10).rounded() / 10) s)")
            }
            let slowest = rows.sorted { $0.seconds > $1.seconds }.prefix(5)
            lines.append("  slowest: " + slowest.map { "\($0.label) \(Int($0.seconds * 1000)) ms" }.joined(separator: "; "))
            let bad = rows.filter { !$0.problems.isEmpty }
            if !bad.isEmpty {
                lines.append("  answered badly (\(bad.count)):")
                for row in bad {
                    lines.append("    [\(row.group)] \(row.label): \(row.outcome); failed: \(row.problems.map(\.rawValue).joined(separator: ", "))")
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// Prints the tally once the whole suite has run.
struct PrintsBadInputSummary: SuiteTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite && testCase == nil ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await function()
        print(BadInputTally.shared.summary)
    }
}

// MARK: - The tests

@Suite("BadInput: bad input gets a clear error through the real binary", .serialized, PrintsBadInputSummary())
struct BadInputTests {
    /// A fresh folder for one input's files.
    func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-badinput-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `text` with `{file}`, `{dir}`, `{scenario}` and `{bin}` filled in.
    func fill(_ text: String, file: String, dir: String, scenario: String) -> String {
        text.replacingOccurrences(of: "{file}", with: file).replacingOccurrences(of: "{dir}", with: dir)
            .replacingOccurrences(of: "{scenario}", with: scenario).replacingOccurrences(of: "{bin}", with: badInputBinary)
    }

    /// Expects `ok`; when the input is known to fail this check, expects the failure instead.
    @discardableResult
    func check(_ kind: Check, _ ok: Bool, _ message: @autoclosure () -> String, known: [Check: String],
               failed: inout [Check], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if !ok { failed.append(kind) }
        let text = ok ? "" : message()
        if let why = known[kind] {
            withKnownIssue(Comment(rawValue: why), sourceLocation: sourceLocation) {
                #expect(ok, Comment(rawValue: text), sourceLocation: sourceLocation)
            }
        } else {
            #expect(ok, Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        return ok
    }

    /// Runs one input and checks its answer; returns it for the caller's own checks.
    @discardableResult
    func run(_ input: BadInput, group: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Answer {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/" + input.fileName
        if let fixture = input.file { try fixture.materialise(at: file) }
        let scenario = dir + "/scenario.txt"
        if let text = input.scenario { try Data(fill(text, file: file, dir: dir, scenario: scenario).utf8).write(to: URL(fileURLWithPath: scenario)) }
        var stdinPath: String?
        if let stdin = input.stdin {
            stdinPath = dir + "/stdin"
            try stdin.materialise(at: stdinPath!)
        }
        let arguments = input.arguments.map { fill($0, file: file, dir: dir, scenario: scenario) }
        let started = Date()
        let result = try answer(arguments, stdinPath: stdinPath)
        let seconds = Date().timeIntervalSince(started)
        let stderr = result.stderrText
        let shown = "\(input.label): \(result.outcome); stderr: \(stderr.prefix(600).debugDescription)"
        var failed: [Check] = []
        let known = input.known

        let crashed = result.hung || result.signal != nil || crashMarkers.contains { stderr.contains($0) }
        check(.noCrash, !crashed, "no crash, no hang — \(shown)", known: known, failed: &failed, sourceLocation: sourceLocation)
        if !crashed {  // a crash report is its own failure: its text is not judged as a message
            let garbage = terminalGarbage(result.stderr)
            check(.noGarbage, garbage == nil, "stderr holds \(garbage ?? "") — \(shown)", known: known, failed: &failed,
                  sourceLocation: sourceLocation)
            check(.brief, result.stderr.count <= 4096, "stderr is \(result.stderr.count) bytes — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
        }

        switch input.expected {
        case .error(let status, let names, let pattern):
            check(.status, result.status == status && result.signal == nil, "exit status \(status) — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
            let fragments = names.map { fill($0, file: file, dir: dir, scenario: scenario) }
            let missing = fragments.filter { !stderr.contains($0) }
            var matches = true
            if let pattern { matches = (try? Regex(pattern).firstMatch(in: stderr)) != nil }
            check(.names, missing.isEmpty && matches && !stderr.isEmpty,
                  "stderr names \(missing.isEmpty ? pattern ?? "" : missing.debugDescription) — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
            check(.stdout, !looksLikeSession(result.stdoutText),
                  "nothing on stdout that looks like a session — stdout: \(result.stdoutText.prefix(300).debugDescription)",
                  known: known, failed: &failed, sourceLocation: sourceLocation)
        case .refusedToken:
            check(.status, result.status == 0 && result.signal == nil, "replay exits 0 — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            var shape = lines.count == 2 && result.stdout.count < 4096
            if shape, case .event(let event)? = try? SessionRecord(jsonLine: lines[0]), case .exit(let exit)? = try? SessionRecord(jsonLine: lines[1]) {
                shape = event.eventName == .exit && event.metadata.errorCode?.errorCode == "INVALID_LINK_TOKEN"
                    && exit.error?.errorCode.errorCode == "INVALID_LINK_TOKEN" && exit.error?.errorCode.errorType == "INVALID_INPUT"
            } else {
                shape = false
            }
            check(.stdout, shape, "stdout is an EXIT event and onExit INVALID_LINK_TOKEN, no load/OPEN, the token not echoed — stdout: \(result.stdoutText.prefix(600).debugDescription)",
                  known: known, failed: &failed, sourceLocation: sourceLocation)
            check(.names, result.stdoutText.contains("invalid link_token provided"),
                  "the error message says the link token is invalid — \(shown)", known: known, failed: &failed,
                  sourceLocation: sourceLocation)
        case .sanitised:
            check(.status, result.status == 0 && result.signal == nil, "the directory loads — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
            let names = printedNames(result.stdoutText)
            let dirty = names.filter { name in
                name.unicodeScalars.contains(where: { isTerminalControl($0) || $0.value == 0x09 })
                    || Corpus.strippedPayloads.contains { name.contains($0) }
            }
            check(.stdout, !names.isEmpty && dirty.isEmpty && names.allSatisfy { $0.contains("Evil") },
                  "printed names are cleaned: \(names.map(\.debugDescription)) — stdout: \(result.stdoutText.prefix(600).debugDescription)",
                  known: known, failed: &failed, sourceLocation: sourceLocation)
        case .runs(let status):
            check(.status, result.status == status && result.signal == nil, "exit status \(status) — \(shown)", known: known,
                  failed: &failed, sourceLocation: sourceLocation)
            check(.stdout, result.stdoutText.contains("{\"type\":\"exit\""), "the session ran to its end — \(shown)",
                  known: known, failed: &failed, sourceLocation: sourceLocation)
        }
        BadInputTally.shared.record(group: group, label: input.label, outcome: result.outcome, problems: failed, seconds: seconds)
        return result
    }

    /// The institution names an answer prints: `search`'s `id<TAB>name` lines, or the
    /// `institution_name` (and `institution.name`) values of replay's records.
    func printedNames(_ stdout: String) -> [String] {
        var names: [String] = []
        for line in stdout.split(separator: "\n") {
            if line.hasPrefix("{") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let metadata = object["metadata"] as? [String: Any] else { continue }
                if let name = metadata["institution_name"] as? String { names.append(name) }
                if let institution = metadata["institution"] as? [String: Any], let name = institution["name"] as? String {
                    names.append(name)
                }
            } else if let tab = line.firstIndex(of: "\t") {
                names.append(String(line[line.index(after: tab)...]))
            }
        }
        return names
    }

    @Test("bad link tokens: a session that ends at once with onExit INVALID_LINK_TOKEN (the documented answer)",
          arguments: Corpus.tokens)
    func token(_ input: BadInput) throws {
        try run(input, group: "link tokens (replay --token, option token)")
    }

    @Test("bad theme files: exit 2 before any screen, naming the file and the key", arguments: Corpus.themes)
    func theme(_ input: BadInput) throws {
        try run(input, group: "theme files (--theme)")
    }

    @Test("bad directory files: exit 2 naming the file, the line and the field; dirty names load cleaned",
          arguments: Corpus.directoryRuns)
    func directory(_ directory: Corpus.Directory, route: Corpus.Route) throws {
        let loads = directory.names.isEmpty
        let flow = "continue\nsearch evil\nselect \(directory.id)\nexit\nconfirm\n"
        var input = BadInput(label: "\(directory.label) via \(route.rawValue)", arguments: [], file: directory.fixture,
                             fileName: directory.fileName, expected: loads ? .sanitised : .error(2, names: []))
        switch route {
        case .search:
            input.arguments = ["search", loads ? "evil" : "x", "--institutions", "{file}"]
        case .replay:
            input.arguments = ["replay", "-", "--institutions", "{file}"]
            input.stdin = .text(loads ? flow : "")
        case .scenarioOption:
            input.arguments = ["replay", "{scenario}"]
            input.scenario = "option institutions {file}\n" + (loads ? flow : "continue\n")
        }
        if !loads {
            let prefix = route == .scenarioOption ? "linkterm: {scenario}: option institutions: " : "linkterm: --institutions: "
            input.expected = .error(2, names: [prefix] + directory.names)
        }
        try run(input, group: "directory files (search/replay --institutions, option institutions)")
    }

    @Test("bad arguments: exit 2 naming the option", arguments: Corpus.arguments)
    func argument(_ input: BadInput) throws {
        try run(input, group: "arguments")
    }

    @Test("bad scenario files and random bytes on stdin: exit 2 naming the line", arguments: Corpus.scenarios)
    func scenario(_ input: BadInput) throws {
        try run(input, group: "scenario files and stdin (replay)")
    }
}
