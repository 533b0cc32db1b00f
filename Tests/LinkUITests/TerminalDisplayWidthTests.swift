import Testing
@testable import LinkUI

@Suite("Display width")
struct TerminalDisplayWidthTests {
    @Test func asciiCountsOneColumnPerCharacter() {
        #expect(displayWidth(of: "") == 0)
        #expect(displayWidth(of: "Hello, world") == 12)
        #expect(displayWidth(of: "a\tb") == 2)  // controls take no column
    }

    @Test func cjkAndFullwidthTakeTwoColumns() {
        #expect(displayWidth(of: "日本語") == 6)
        #expect(displayWidth(of: "한국") == 4)
        #expect(displayWidth(of: "ＡＢ") == 4)
        #expect(displayWidth(of: "ab日") == 4)
        #expect(displayWidth(of: Character("中")) == 2)
    }

    @Test func emojiTakeTwoColumns() {
        #expect(displayWidth(of: "😀") == 2)
        #expect(displayWidth(of: "👍🏽") == 2)
        #expect(displayWidth(of: "👨‍👩‍👧") == 2)
        #expect(displayWidth(of: "🏦 Bank") == 7)
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(displayWidth(of: "e\u{301}") == 1)
        #expect(displayWidth(of: "Cafe\u{301}") == 4)
        #expect(displayWidth(of: "\u{301}") == 0)
        #expect(displayWidth(of: "a\u{200B}b") == 2)  // zero-width space
        #expect(displayWidth(of: Unicode.Scalar(0x0301)!) == 0)
    }

    @Test func controlsTakeNoColumn() {
        #expect(displayWidth(of: "\u{1B}[2J") == 3)  // ESC itself is 0; "[2J" is text
        #expect(displayWidth(of: "\u{7F}\u{9B}") == 0)
        #expect(displayWidth(of: "\r\n") == 0)
    }

    @Test func boxDrawingIsNarrow() {
        #expect(displayWidth(of: "┌─┐│└┘") == 6)
    }

    @Test func truncateCutsByColumnsNeverSplittingWideGlyphs() {
        #expect(truncate("Hello", toWidth: 10) == "Hello")
        #expect(truncate("Hello", toWidth: 4, ellipsis: "…") == "Hel…")
        #expect(truncate("日本語", toWidth: 5) == "日本")
        #expect(truncate("日本語", toWidth: 5, ellipsis: "…") == "日本…")
        #expect(truncate("日本語", toWidth: 0) == "")
        #expect(pad("日本", toWidth: 5) == "日本 ")
        #expect(pad("abcdef", toWidth: 3) == "abc")
    }
}
