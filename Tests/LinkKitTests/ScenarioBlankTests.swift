@testable import LinkCore
import LinkKit
import Testing

/// The scenario reader's white space (`Character.isBlank`, its ASCII shortcut) is Unicode's, as
/// `isWhitespace` has it: the same answer for every ASCII character and for the others a file may
/// hold, so a line splits where it did before the shortcut.
@Suite struct ScenarioBlankTests {
    @Test("isBlank agrees with isWhitespace on every ASCII character, CRLF and Unicode's other spaces")
    func agreesWithUnicode() {
        var characters = (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2028}", "\u{2029}", "\u{202F}",
                       "\u{3000}", "\u{FEFF}", "\u{200B}", "é", "e\u{301}", "🏦"]
        for character in characters {
            #expect(character.isBlank == character.isWhitespace, "\(character.unicodeScalars.map { $0.value })")
        }
    }

    @Test("steps split on tabs, form feeds and no-break spaces as on spaces; a control character is a letter")
    func splitsAsBefore() throws {
        let scenario = try Scenario(text: "wait\t500\nwait\u{0C}1\nwait\u{A0}2\u{3000}\n", file: "s.txt")
        #expect(scenario.steps.map(\.command) == [.wait(500), .wait(1), .wait(2)])
        #expect(throws: ScenarioError.self) { try Scenario(text: "wait\u{1F}500\n", file: "s.txt") }
    }

    @Test("a string is blank exactly where every character is white space, whatever its first byte")
    func stringsAgreeWithUnicode() {
        let texts = ["", " ", "\t\n", "\u{A0}", " \u{3000}", "a", " a", "\u{A0}a", "é", " é", "\r\n", "\u{1F}", "e\u{301}"]
        for text in texts {
            #expect(text.isBlank == text.allSatisfy(\.isWhitespace), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
