import Testing
@testable import LinkUI

@Suite("Sanitize for terminal")
struct TerminalSanitizeTests {
    /// Whether `s` contains no C0/C1 control, DEL or ESC.
    private func isClean(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    @Test func plainTextIsUnchanged() {
        #expect(sanitizeForTerminal("First Platypus Bank") == "First Platypus Bank")
        #expect(sanitizeForTerminal("Café 日本 😀") == "Café 日本 😀")
    }

    @Test func csiSequencesAreRemovedEntirely() {
        #expect(sanitizeForTerminal("a\u{1B}[2Jb") == "ab")
        #expect(sanitizeForTerminal("\u{1B}[1;31mred\u{1B}[0m") == "red")
        #expect(sanitizeForTerminal("x\u{1B}[?1049hy") == "xy")
    }

    @Test func oscTitleSequencesAreRemovedEntirely() {
        #expect(sanitizeForTerminal("a\u{1B}]0;pwned\u{07}b") == "ab")
        #expect(sanitizeForTerminal("a\u{1B}]2;title\u{1B}\\b") == "ab")
        #expect(sanitizeForTerminal("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
        #expect(sanitizeForTerminal("a\u{1B}Pdcs\u{1B}\\b") == "ab")
    }

    @Test func otherEscapesAreRemoved() {
        #expect(sanitizeForTerminal("a\u{1B}cb") == "ab")  // RIS
        #expect(sanitizeForTerminal("a\u{1B}(0b") == "ab")  // charset designation
        #expect(sanitizeForTerminal("trailing\u{1B}") == "trailing")
    }

    @Test func c1ControlsAreRemoved() {
        #expect(sanitizeForTerminal("a\u{9B}2Jb") == "ab")  // 8-bit CSI
        #expect(sanitizeForTerminal("a\u{9D}0;t\u{9C}b") == "ab")  // 8-bit OSC ... ST
        #expect(sanitizeForTerminal("a\u{85}\u{80}b") == "ab")
        #expect(isClean(sanitizeForTerminal("\u{9B}\u{9B}\u{90}")))
    }

    @Test func bidiControlsAreRemoved() {
        #expect(sanitizeForTerminal("abc\u{202E}fed") == "abcfed")
        #expect(sanitizeForTerminal("\u{2066}x\u{2069}\u{200E}\u{200F}\u{61C}y\u{202A}") == "xy")
    }

    @Test func tabsBecomeSpacesAndOtherC0Disappears() {
        #expect(sanitizeForTerminal("a\tb") == "a b")
        #expect(sanitizeForTerminal("a\r\nb\u{07}\u{08}\u{7F}c") == "abc")
        #expect(sanitizeForTerminal("\u{0}x") == "x")
    }

    @Test func resultNeverContainsControls() {
        var all = ""
        for value in 0..<0x100 { all.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        #expect(isClean(sanitizeForTerminal(all)))
        #expect(isClean(sanitizeForTerminal(all + "\u{1B}[" + all)))
    }
}
