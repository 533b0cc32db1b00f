// SecretFieldTests.swift: the masked field edits like a text field, draws only masks, and hands
// its text over as a Secret, wiped.

import Testing
import LinkKit
@testable import LinkUI

/// The field's text, taken from a copy (the field itself keeps it).
private func text(_ field: SecretField) -> String {
    var copy = field
    return copy.takeSecret().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
}

private func typed(_ text: String, into field: inout SecretField) {
    for character in text { _ = field.handle(.char(character)) }
}

@Suite("SecretField: masked text in zeroing buffers")
struct SecretFieldTests {
    @Test("typing, the cursor and deletions edit the text as in a text field")
    func editing() {
        var field = SecretField()
        typed("hunter two", into: &field)
        #expect(field.count == 10 && field.cursor == 10)
        #expect(field.handle(.left) == false)
        #expect(field.handle(.left) == false)
        #expect(field.handle(.backspace) == true)  // the "t" before "wo"
        #expect(text(field) == "hunter wo")
        _ = field.handle(.ctrl("a"))
        _ = field.handle(.delete)
        #expect(text(field) == "unter wo")
        _ = field.handle(.ctrl("e"))
        #expect(field.handle(.ctrl("w")) == true)
        #expect(text(field) == "unter ")
        #expect(field.handle(.ctrl("w")) == true)
        #expect(text(field) == "" && field.cursor == 0)
        typed("é🇫🇷x", into: &field)
        #expect(field.count == 3)
        _ = field.handle(.left)
        _ = field.handle(.backspace)  // the flag, a cluster of 8 bytes, goes whole
        #expect(text(field) == "éx")
        #expect(field.handle(.ctrl("u")) == true)
        #expect(field.isEmpty && field.cursor == 0)
        #expect(field.handle(.up) == nil)
    }

    @Test("controls are refused, line breaks and tabs become spaces, the length is capped")
    func cleaning() {
        var field = SecretField(maxLength: 6)
        #expect(field.insert("\u{1B}") == false)
        #expect(field.insert("\u{202E}") == false)
        #expect(field.insert("\u{301}") == false, "a lone combining mark takes no column")
        #expect(field.handle(.paste("a\tb\r\nc\u{7}d\u{9B}efgh")) == true)
        #expect(text(field) == "a b cd")
        #expect(field.handle(.paste("more")) == false)
        #expect(field.handle(.char("z")) == false)
        var bytes = SecretField(maxLength: 4)
        #expect(bytes.insert(pastedUTF8: SecretBuffer(copying: "e\u{301}\nxyz".utf8)) == true)
        #expect(text(bytes) == "e\u{301} xy")
    }

    @Test("drawn as one mask per character, scrolled to the cursor")
    func drawing() {
        var field = SecretField()
        typed("hunter2-canary", into: &field)
        let (shown, column) = field.visible(width: 10)
        #expect(shown == String(repeating: "•", count: 9) && column == 9)
        _ = field.handle(.ctrl("a"))
        #expect(field.visible(width: 10) == (String(repeating: "•", count: 10), 0))
        #expect(field.visible(width: 0) == ("", 0))
        #expect(!shown.contains("h"))
    }

    @Test("taking the secret empties the field; copies of a field are independent")
    func takingAndCopying() {
        var field = SecretField()
        typed("canary", into: &field)
        var copy = field
        _ = copy.handle(.backspace)
        #expect(text(field) == "canary" && text(copy) == "canar")
        let secret = field.takeSecret()
        #expect(field.isEmpty && field.cursor == 0)
        #expect(secret.matches("canary"))
        #expect(text(copy) == "canar", "taking one field's secret wiped its copy")
        secret.wipe()
        #expect(secret.isEmpty)
    }
}
