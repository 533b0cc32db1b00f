import Foundation
import Testing
@testable import LinkKit

/// Parses `text` as the contents of `banks.json`.
private func directory(_ text: String, file: String = "banks.json") throws(DirectoryError) -> InstitutionDirectory {
    try InstitutionDirectory.parse(Data(text.utf8), file: file)
}

/// The error `text` gives, or nil if it loads.
private func failure(_ text: String, file: String = "banks.json") -> DirectoryError? {
    failure(Data(text.utf8), file: file)
}

private func failure(_ data: Data, file: String = "banks.json") -> DirectoryError? {
    do throws(DirectoryError) {
        _ = try InstitutionDirectory.parse(data, file: file)
        return nil
    } catch {
        return error
    }
}

/// The description of the error `text` gives, or "loaded".
private func message(_ text: String) -> String {
    failure(text)?.description ?? "loaded"
}

/// The folder of this run's temporary files, removed when the test process exits.
private let temporaryFolder: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("DirectoryLoaderTests-\(UUID())").path
    atexit { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    return folder
}()

/// A fresh temporary path.
private func temporaryPath(_ name: String) -> String {
    let directory = URL(fileURLWithPath: temporaryFolder).appendingPathComponent(UUID().uuidString)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

@Suite("Institution directory files")
struct DirectoryLoaderTests {
    // MARK: Forms

    @Test("a JSON array loads with every field and the defaults")
    func array() throws {
        let loaded = try directory(
            """
            [
              {"institution_id": "ins_1", "name": "First Bank", "oauth": true, "status": "degraded",
               "supported": false, "popular": true},
              {"institution_id": "ins_2", "name": "  Second Bank  "},
              {"institution_id": "ins_3", "name": "Third", "status": "down", "oauth": null}
            ]
            """)
        #expect(
            Array(loaded.records) == [
                InstitutionRecord(
                    id: "ins_1", name: "First Bank", oauth: true, status: .degraded, supported: false, popular: true),
                InstitutionRecord(id: "ins_2", name: "Second Bank"),
                InstitutionRecord(id: "ins_3", name: "Third", status: .down),
            ])
        #expect(loaded["ins_2"]?.name == "Second Bank")
        #expect(loaded.popular.map(\.id) == ["ins_1"])
    }

    @Test("JSON Lines load, blank lines and CRLF ignored")
    func jsonLines() throws {
        let loaded = try directory(
            "{\"institution_id\": \"ins_a\", \"name\": \"Alpha\", \"popular\": true}\r\n\r\n   \n"
                + "{\"name\": \"Beta \\u00e9\\ud83c\\udfe6\", \"institution_id\": \"ins_b\", \"oauth\": true}\n")
        #expect(
            Array(loaded.records) == [
                InstitutionRecord(id: "ins_a", name: "Alpha", popular: true),
                InstitutionRecord(id: "ins_b", name: "Beta é🏦", oauth: true),
            ])
    }

    @Test("plain text: one name per line, ids ins_custom_N in order")
    func plainText() throws {
        let loaded = try directory("\u{FEFF}First Gingham Bank\n\n  Tartan Credit Union \r\n\tCafé Ünion\t\nA [bracket] name")
        #expect(
            Array(loaded.records) == [
                InstitutionRecord(id: "ins_custom_1", name: "First Gingham Bank"),
                InstitutionRecord(id: "ins_custom_2", name: "Tartan Credit Union"),
                InstitutionRecord(id: "ins_custom_3", name: "Café Ünion"),
                InstitutionRecord(id: "ins_custom_4", name: "A [bracket] name"),
            ])
        #expect(loaded["ins_custom_3"]?.name == "Café Ünion")
    }

    @Test("plain text: the plain lines (read in C) and the others (in Swift) interleave, lines counted across both")
    func plainAndOtherLines() throws {
        let text = "  One  \n\n   \nTwo\tTabbed\nThree\nCafé Four\nFive\r\n" + String(repeating: "n", count: 200) + "\nSix"
        let loaded = try directory(text)
        #expect(loaded.records.map(\.name) == ["One", "Two Tabbed", "Three", "Café Four", "Five", String(repeating: "n", count: 200), "Six"])
        #expect(loaded.records.map(\.id) == (1...7).map { "ins_custom_\($0)" })
        // an error after both kinds names its line
        var bytes = Array("Plain\nCafé\n\nPlain again\n  \nBad ".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\nLater\n".utf8)
        #expect(failure(Data(bytes))?.description == "banks.json:6: not valid UTF-8 text (column 5)")
        #expect(message("A\nB\n" + String(repeating: "n", count: 201) + "\nC")
                    == "banks.json:3: field \"name\": expected at most 200 characters, got 201: \"\(String(repeating: "n", count: 40))…\"")
    }

    @Test("plain text: lines of every length, across the sixteen-byte blocks, give their trimmed names", arguments: [UInt64(1), 2, 3, 4])
    func plainTextAcrossBlocks(_ seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var text = ""
        var expected: [String] = []
        for _ in 0..<2_000 {
            let length = Int(random.next() % 40)
            var name = ""
            for position in 0..<length {
                switch random.next() % 23 {
                case 0 where position > 0 && position < length - 1: name += "é"  // not plain: read in Swift
                case 1, 2: name += " "
                default: name += String(UnicodeScalar(UInt8(97 + random.next() % 26)))
                }
            }
            let padding = ["", " ", "  ", "\t", " \t", "\r"][Int(random.next() % 6)]
            text += padding + name + padding.replacingOccurrences(of: "\r", with: "") + (random.next() % 50 == 0 ? "\r\n" : "\n")
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { expected.append(trimmed) }
        }
        text += random.next() % 2 == 0 ? "last" : "   last  "
        expected.append("last")
        let loaded = try directory(text)
        #expect(loaded.records.map(\.name) == expected)
        // a name beyond ASCII is flagged so (the search folds it), and only such a name
        for (name, flag) in zip(loaded.records.map(\.name), loaded.records.flags) {
            #expect((flag & InstitutionRecords.Flag.nonASCII != 0) == name.utf8.contains { $0 >= 128 }, "\(name)")
        }
    }

    @Test("plain text may repeat a name: each line gets its own id")
    func plainTextRepeats() throws {
        let loaded = try directory("Same Bank\nSame Bank\n")
        #expect(loaded.records.map(\.id) == ["ins_custom_1", "ins_custom_2"])
    }

    @Test("load(path:) reads a file")
    func loadFromFile() throws {
        let path = temporaryPath("banks.jsonl")
        try Data("{\"institution_id\":\"ins_9\",\"name\":\"Ninth\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try InstitutionDirectory.load(path: path)
        #expect(Array(loaded.records) == [InstitutionRecord(id: "ins_9", name: "Ninth")])
    }

    @Test("a loaded directory is searchable")
    func searchable() throws {
        let loaded = try directory("Gingham Savings\nTartan Trust\n")
        let search = InstitutionSearch(directory: loaded)
        #expect(search.search("tartan").first.map { loaded.records[$0.index].id } == "ins_custom_2")
    }

    // MARK: Terminal controls in names

    @Test("names lose escape sequences, C0/C1 controls, DEL and bidi controls")
    func sanitised() throws {
        let loaded = try directory(
            """
            [{"institution_id": "ins_1", "name": "Evil\\u001b[2JBank"},
             {"institution_id": "ins_2", "name": "Red\\u009b31mBank"},
             {"institution_id": "ins_3", "name": "\\u202eknaB\\u202c Plain"},
             {"institution_id": "ins_4", "name": "Ti\\u0007tle\\u007f\\u0085 \\u001b]0;pwned\\u0007Bank"},
             {"institution_id": "ins_5", "name": "Iso\\u2066late\\u2069 \\u200e\\u200f\\u061cMarks"},
             {"institution_id": "ins_6", "name": "Tab\\tand\\nnewline"}]
            """)
        #expect(
            loaded.records.map(\.name) == [
                "EvilBank", "RedBank", "knaB Plain", "Title Bank", "Isolate Marks", "Tab and newline",
            ])
    }

    @Test("plain-text names are cleaned too")
    func sanitisedPlainText() throws {
        let loaded = try directory("Evil\u{1b}[2JBank\nRed\u{9b}31mBank\n\u{202e}Reversed\n")
        #expect(loaded.records.map(\.name) == ["EvilBank", "RedBank", "Reversed"])
        for record in loaded.records {
            #expect(!record.name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("a name of only controls is an error")
    func onlyControls() {
        #expect(
            message(#"[{"institution_id": "ins_1", "name": "\u001b[2J\u202e"}]"#)
                == #"banks.json:1: field "name": expected a non-empty string, got "\u001B[2J\u202E" (nothing is left once control characters are removed)"#
        )
        #expect(
            message("Good Bank\n\u{1b}[31m\u{9b}1m\n")
                == #"banks.json:2: field "name": expected a non-empty string, got "\u001B[31m\u009B1m" (nothing is left once control characters are removed)"#
        )
    }

    // MARK: Errors

    @Test("the description leaves out what is nil")
    func descriptionParts() {
        #expect(DirectoryError(file: "f", message: "m").description == "f: m")
        #expect(DirectoryError(file: "f", line: 3, message: "m").description == "f:3: m")
        #expect(DirectoryError(file: "f", line: 3, field: "name", message: "m").description == #"f:3: field "name": m"#)
    }

    @Test("invalid JSON Lines name the line and column")
    func invalidJSONLines() {
        #expect(
            message(
                """
                {"institution_id": "ins_1", "name": "A"}

                {"institution_id": "ins_2" "name": "B"}
                """)
                == #"banks.json:3: invalid JSON at column 28: expected ',' or '}' after a value, got '"'"#)
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"A\"}\n{\"institution_id\": \"ins_2\",\n\"name\": \"B\"}\n")
                == #"banks.json:2: invalid JSON at column 28: expected '"' to start a field name, got the end of the line (JSON Lines needs one whole object on each line)"#
        )
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"A\"} x")
                == "banks.json:1: invalid JSON at column 42: unexpected text after the object, got 'x'")
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": tru}")
                == "banks.json:1: invalid JSON at column 37: expected a value, got 't'")
    }

    @Test("invalid JSON in an array names the line its institution starts on")
    func invalidJSONArray() {
        #expect(
            message(
                """
                [
                  {"institution_id": "ins_1", "name": "A"},
                  {"institution_id": "ins_2",
                   "name": "B",
                   "oauth": yes}
                ]
                """)
                == "banks.json:3: invalid JSON at line 5, column 13: expected a value, got 'y'")
        #expect(
            message(
                """
                [
                  {"institution_id": "ins_1", "name": "A"}
                  {"institution_id": "ins_2", "name": "B"}
                ]
                """)
                == "banks.json:3: invalid JSON at column 3: expected ',' or ']' after an institution, got '{'")
        #expect(
            message(#"[{"institution_id": "ins_1", "name": "A"},]"#)
                == "banks.json:1: invalid JSON at column 43: expected an institution after ',', got ']'")
        #expect(
            message("[\n{\"institution_id\": \"ins_1\", \"name\": \"A\"}\n")
                == "banks.json:3: invalid JSON at column 1: expected ',' or ']' after an institution, got the end of the file")
        #expect(
            message("[{\"institution_id\": \"ins_1\", \"name\": \"A\"}]\n]")
                == "banks.json:2: invalid JSON at column 1: unexpected text after the closing ']', got ']'")
        #expect(
            message("[{\"institution_id\": \"ins_1\", \"name\": \"A\n\"}]")
                == "banks.json:1: invalid JSON at column 40: the string is not closed before the end of the line")
        #expect(
            message(#"[{"institution_id": "ins_1", "name": "A\q"}]"#)
                == #"banks.json:1: invalid JSON at column 40: invalid escape in a string: \ followed by 'q'"#)
        #expect(
            message(#"[{"institution_id": "ins_1", "name": "\ud800x"}]"#)
                == #"banks.json:1: invalid JSON at column 39: invalid \u escape: a lone surrogate \uD800"#)
        #expect(
            message(#"[{"institution_id": "ins_1", "name": "A", "oauth": 01}]"#)
                == "banks.json:1: invalid JSON at column 53: expected ',' or '}' after a value, got '1'")
    }

    @Test("invalid UTF-8 is an error")
    func invalidUTF8() {
        var bytes = Array("Good Bank\nBad ".utf8)
        bytes += [0xC3, 0x28]
        #expect(failure(Data(bytes))?.description == "banks.json:2: not valid UTF-8 text (column 5)")
        var json = Array(#"{"institution_id": "ins_1", "name": "A"#.utf8)
        json += [0xFF]
        json += Array(#""}"#.utf8)
        #expect(failure(Data(json))?.description == "banks.json:1: invalid JSON at column 39: invalid UTF-8 in a string")
    }

    @Test("a missing field names the field")
    func missingField() {
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"A\"}\n{\"institution_id\": \"ins_2\"}")
                == #"banks.json:2: field "name": is required but missing"#)
        #expect(message(#"[{"name": "A"}]"#) == #"banks.json:1: field "institution_id": is required but missing"#)
        #expect(message("[{}]") == #"banks.json:1: field "institution_id": is required but missing"#)
    }

    @Test("a wrong type names the field and echoes the value")
    func wrongType() {
        #expect(
            message(#"{"institution_id": "ins_1", "name": 42}"#)
                == #"banks.json:1: field "name": expected a non-empty string, got 42"#)
        #expect(
            message(#"{"institution_id": 7, "name": "A"}"#)
                == #"banks.json:1: field "institution_id": expected a non-empty string, got 7"#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": ["A"]}"#)
                == #"banks.json:1: field "name": expected a non-empty string, got an array"#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "oauth": "yes"}"#)
                == #"banks.json:1: field "oauth": expected true or false, got "yes""#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "popular": 1}"#)
                == #"banks.json:1: field "popular": expected true or false, got 1"#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "supported": {"x": 1}}"#)
                == #"banks.json:1: field "supported": expected true or false, got an object"#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "status": "ok"}"#)
                == #"banks.json:1: field "status": expected "healthy", "degraded" or "down", got "ok""#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "status": true}"#)
                == #"banks.json:1: field "status": expected "healthy", "degraded" or "down", got true"#)
        #expect(message("[1, 2]") == "banks.json:1: expected an institution object, got 1")
        #expect(message("[\n\n[]]") == "banks.json:3: expected an institution object, got an array")
    }

    @Test("an empty name, or one of only spaces, is an error")
    func emptyName() {
        #expect(
            message(#"{"institution_id": "ins_1", "name": ""}"#)
                == #"banks.json:1: field "name": expected a non-empty string, got """#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "  \t "}"#)
                == #"banks.json:1: field "name": expected a non-empty string, got "  \t ""#)
        #expect(
            message(#"{"institution_id": "", "name": "A"}"#)
                == #"banks.json:1: field "institution_id": expected a non-empty string, got """#)
    }

    @Test("ids: no whitespace or controls, at most 64 characters")
    func badIDs() {
        #expect(
            message(#"{"institution_id": "ins 1", "name": "A"}"#)
                == #"banks.json:1: field "institution_id": must not contain whitespace or control characters, got "ins 1""#)
        #expect(
            message(#"{"institution_id": "ins\u001b[2J", "name": "A"}"#)
                == #"banks.json:1: field "institution_id": must not contain whitespace or control characters, got "ins\u001B[2J""#)
        #expect(
            message(#"{"institution_id": "ins\u202e1", "name": "A"}"#)
                == #"banks.json:1: field "institution_id": must not contain whitespace or control characters, got "ins\u202E1""#)
        let long = String(repeating: "x", count: 65)
        #expect(
            message("{\"institution_id\": \"\(long)\", \"name\": \"A\"}")
                == "banks.json:1: field \"institution_id\": expected at most 64 characters, got 65: \"\(String(repeating: "x", count: 40))…\"")
        let exact = String(repeating: "é", count: 64)
        #expect(message("{\"institution_id\": \"\(exact)\", \"name\": \"A\"}") == "loaded")
    }

    @Test("names: at most 200 characters after trimming")
    func longName() {
        let ok = "  " + String(repeating: "n", count: 200) + "  "
        #expect(message("{\"institution_id\": \"ins_1\", \"name\": \"\(ok)\"}") == "loaded")
        #expect(message(ok) == "loaded")
        let long = String(repeating: "n", count: 201)
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"\(long)\"}")
                == "banks.json:1: field \"name\": expected at most 200 characters, got 201: \"\(String(repeating: "n", count: 40))…\"")
        #expect(
            message("Fine\n" + long)
                == "banks.json:2: field \"name\": expected at most 200 characters, got 201: \"\(String(repeating: "n", count: 40))…\"")
    }

    @Test("unknown and repeated fields")
    func unknownField() {
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "logo": "x.png"}"#)
                == #"banks.json:1: field "logo": unknown field; the known fields are institution_id, name, oauth, status, supported, popular"#)
        #expect(
            message(#"{"instituion_id": "ins_1", "name": "A"}"#)
                == #"banks.json:1: field "instituion_id": unknown field; the known fields are institution_id, name, oauth, status, supported, popular"#)
        #expect(
            message(#"{"institution_id": "ins_1", "name": "A", "name": "B"}"#)
                == #"banks.json:1: field "name": appears more than once in this object"#)
        let key = "k\\u001b[2J" + String(repeating: "y", count: 60)
        let shown = #"k\u001B[2J"# + String(repeating: "y", count: 35) + "…"
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"A\", \"\(key)\": 1}")
                == "banks.json:1: field \"\(shown)\": unknown field; the known fields are institution_id, name, oauth, status, supported, popular")
    }

    @Test("bad values are echoed cleaned and at most 40 characters")
    func echoIsBounded() throws {
        let value = "\\u001b]0;title\\u0007" + String(repeating: "v", count: 100)
        let error = try #require(
            failure("{\"institution_id\": \"ins_1\", \"name\": \"A\", \"status\": \"\(value)\"}"))
        #expect(error.message == #"expected "healthy", "degraded" or "down", got "\u001B]0;title\u0007"# + String(repeating: "v", count: 30) + "…\"")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("a repeated institution_id names the first line")
    func duplicateID() {
        #expect(
            message(
                """
                [
                  {"institution_id": "ins_1", "name": "A"},
                  {"institution_id": "ins_2", "name": "B"},
                  {"institution_id": "ins_1", "name": "C"}
                ]
                """)
                == #"banks.json:4: field "institution_id": institution_id "ins_1" is already used on line 2"#)
        #expect(
            message("{\"institution_id\": \"ins_1\", \"name\": \"A\"}\n\n{\"institution_id\": \"ins_1\", \"name\": \"B\"}")
                == #"banks.json:3: field "institution_id": institution_id "ins_1" is already used on line 1"#)
    }

    @Test("an empty file, or one with no institutions, is an error", arguments: ["", "  \n\n\t\r\n", "\u{FEFF}", "[]", " [\n ] \n"])
    func empty(text: String) {
        #expect(failure(text) == DirectoryError(file: "banks.json", message: "no institutions in the file"))
        #expect(message(text) == "banks.json: no institutions in the file")
    }

    @Test("a file that cannot be read names the path and the reason")
    func unreadable() {
        let missing = temporaryPath("missing.json")
        do throws(DirectoryError) {
            _ = try InstitutionDirectory.load(path: missing)
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.description == "\(missing): cannot read: No such file or directory")
        }
        let folder = FileManager.default.temporaryDirectory.path
        do throws(DirectoryError) {
            _ = try InstitutionDirectory.load(path: folder)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.description == "\(folder): cannot read: Is a directory")
        }
    }

    @Test("a file over 64 MiB is too large")
    func tooLarge() throws {
        let limit = 64 * 1024 * 1024
        #expect(
            failure(Data(count: limit + 1))?.description
                == "banks.json: too large: 67108865 bytes; the limit is 64 MiB (67108864 bytes)")
        // A sparse file: refused from its size, before reading.
        let path = temporaryPath("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("[".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(limit + 10))
        try handle.close()
        do throws(DirectoryError) {
            _ = try InstitutionDirectory.load(path: path)
            Issue.record("loaded a huge file")
        } catch {
            #expect(error.description == "\(path): too large: 67108874 bytes; the limit is 64 MiB (67108864 bytes)")
        }
    }

    @Test("more than 1,000,000 institutions is too many")
    func tooMany() throws {
        var text = String(repeating: "a\n", count: 1_000_000)
        text += "\nb\n"
        #expect(message(text) == "banks.json:1000002: too many institutions; the limit is 1,000,000")
        let lines = String(repeating: "{}\n", count: 1_000_001)
        #expect(message(lines) == "banks.json:1000001: too many institutions; the limit is 1,000,000")
    }

    @Test("exactly 1,000,000 plain-text names load", .disabled(if: ProcessInfo.processInfo.environment["LINKTERM_SLOW_TESTS"] == nil))
    func exactlyTheLimit() throws {
        let loaded = try directory(String(repeating: "a\n", count: 1_000_000))
        #expect(loaded.records.count == 1_000_000)
        #expect(loaded.records.last?.id == "ins_custom_1000000")
    }

    /// Prints how long 20,000 entries take in this build; no timing assertion (release numbers come
    /// from a release build of the loader).
    @Test("loads a generated 20k directory in both line forms (prints the time)")
    func timing() throws {
        let names = (1...20_000).map { "Generated Bank \($0) of Somewhere" }
        let plain = Data((names.joined(separator: "\n") + "\n").utf8)
        let lines = Data(
            names.enumerated().map { index, name in
                "{\"institution_id\": \"ins_\(index)\", \"name\": \"\(name)\", \"oauth\": \(index % 7 == 0), \"status\": \"healthy\"}"
            }.joined(separator: "\n").utf8)
        let clock = ContinuousClock()
        var loaded = InstitutionDirectory([])
        let plainTime = try clock.measure { loaded = try InstitutionDirectory.parse(plain, file: "plain.txt") }
        #expect(loaded.records.count == 20_000)
        let linesTime = try clock.measure { loaded = try InstitutionDirectory.parse(lines, file: "banks.jsonl") }
        #expect(loaded.records.count == 20_000)
        #expect(loaded["ins_7"]?.oauth == true)
        print("DirectoryLoader (this build): 20k plain text \(plainTime), 20k JSON Lines \(linesTime)")
    }
}
