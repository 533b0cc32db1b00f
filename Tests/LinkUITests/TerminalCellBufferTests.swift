import Testing
@testable import LinkUI

@Suite("Cell buffer")
struct TerminalCellBufferTests {
    @Test func putWritesAndReportsColumns() {
        var buffer = CellBuffer(rows: 2, cols: 10)
        #expect(buffer.put("Hello", y: 0, x: 1, style: .plain) == 5)
        #expect(buffer.lines() == [" Hello", ""])
        #expect(buffer[0, 1].text == "H")
    }

    @Test func putClipsAtTheEdgeAndAtMaxWidth() {
        var buffer = CellBuffer(rows: 1, cols: 8)
        #expect(buffer.put("abcdefghij", y: 0, x: 3, style: .plain) == 5)
        #expect(buffer.lines() == ["   abcde"])
        var other = CellBuffer(rows: 1, cols: 8)
        #expect(other.put("abcdefghij", y: 0, x: 0, maxWidth: 3, style: .plain) == 3)
        #expect(other.lines() == ["abc"])
        #expect(other.put("zz", y: 5, x: 0, style: .plain) == 0)
    }

    @Test func wideGlyphsTakeTwoCells() {
        var buffer = CellBuffer(rows: 1, cols: 6)
        #expect(buffer.put("日本", y: 0, x: 0, style: .plain) == 4)
        #expect(buffer[0, 0].text == "日")
        #expect(buffer[0, 1].isContinuation)
        #expect(buffer[0, 2].text == "本")
        #expect(buffer.lines() == ["日本"])
    }

    @Test func wideGlyphThatDoesNotFitBecomesASpace() {
        var buffer = CellBuffer(rows: 1, cols: 5)
        buffer.fill(buffer.bounds, style: .plain, character: ".")
        #expect(buffer.put("ab日本", y: 0, x: 0, style: .plain) == 5)
        #expect(buffer.lines() == ["ab日"])
        #expect(buffer[0, 4].text == " ")
        var clipped = CellBuffer(rows: 1, cols: 10)
        clipped.fill(clipped.bounds, style: .plain, character: ".")
        #expect(clipped.put("a日", y: 0, x: 0, maxWidth: 2, style: .plain) == 2)
        #expect(clipped.lines() == ["a ........"])
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var buffer = CellBuffer(rows: 1, cols: 6)
        buffer.put("日本", y: 0, x: 0, style: .plain)
        buffer.put("x", y: 0, x: 1, style: .plain)
        #expect(buffer.lines() == [" x本"])
        buffer.put("y", y: 0, x: 2, style: .plain)
        #expect(buffer.lines() == [" xy"])
        buffer[0, 4] = Cell(text: "語")
        #expect(buffer[0, 5].isContinuation)
        buffer[0, 5] = Cell(text: "z")
        #expect(buffer.lines() == [" xy  z"])
    }

    @Test func combiningMarksStayInTheirCellAndControlsAreSkipped() {
        var buffer = CellBuffer(rows: 1, cols: 6)
        #expect(buffer.put("e\u{301}a\u{7}b", y: 0, x: 0, style: .plain) == 3)
        #expect(buffer[0, 0].text == "e\u{301}")
        #expect(buffer.lines() == ["e\u{301}ab"])
    }

    @Test func fillSetsStyleAndClipsToTheBuffer() {
        var buffer = CellBuffer(rows: 3, cols: 4)
        let style = Style(bg: .indexed(4), bold: true)
        buffer.fill(Rect(x: 2, y: 1, width: 10, height: 10), style: style, character: "#")
        #expect(buffer.lines() == ["", "  ##", "  ##"])
        #expect(buffer[2, 3].style == style)
        #expect(buffer[0, 0].style == .plain)
        #expect(buffer[9, 9] == .blank)
    }

    @Test func fillCuttingWideGlyphsBlanksTheirOtherHalves() {
        var buffer = CellBuffer(rows: 1, cols: 6)
        buffer.put("日本語", y: 0, x: 0, style: .plain)
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .plain, character: "#")
        // 日's right half and 本's left half were filled: 日 and 本's right half become spaces
        #expect(buffer.lines() == [" ## 語"])
        #expect(!buffer[0, 3].isContinuation)
        #expect(buffer[0, 5].isContinuation)
        var one = CellBuffer(rows: 1, cols: 4)
        one.put("日本", y: 0, x: 0, style: .plain)
        one.fill(Rect(x: 1, y: 0, width: 1, height: 1), style: .plain, character: "#")
        #expect(one.lines() == [" #本"])
    }

    @Test func putOfTextWhoseScalarsStandAloneIsOneCellEach() {
        // Latin-1, dashes, quotes, bullets, arrows, box drawing: a cell per scalar
        var buffer = CellBuffer(rows: 1, cols: 30)
        let text = "Café – “ok” • ↑/↓ ╭─╮ Ñ…"
        #expect(buffer.put(text, y: 0, x: 1, style: .plain) == text.unicodeScalars.count)
        #expect(buffer.lines() == [" " + text])
        #expect(buffer[0, 4].text == "é")
        // a mark after such a scalar joins its cell (the grapheme path)
        var marked = CellBuffer(rows: 1, cols: 10)
        #expect(marked.put("e\u{301}–a\u{308}", y: 0, x: 0, style: .plain) == 3)
        #expect(marked[0, 2].text == "a\u{308}")
        var clipped = CellBuffer(rows: 1, cols: 10)
        #expect(clipped.put("╭────────╮", y: 0, x: 5, maxWidth: 3, style: .plain) == 3)
        #expect(clipped.lines() == ["     ╭──"])
    }

    @Test func diffListsOnlyChangedCells() {
        var old = CellBuffer(rows: 2, cols: 4)
        old.put("abcd", y: 0, x: 0, style: .plain)
        var new = old
        new.put("X", y: 0, x: 2, style: .plain)
        new[1, 3] = Cell(text: " ", style: Style(reverse: true))
        #expect(new.diff(from: old) == [CellPosition(y: 0, x: 2), CellPosition(y: 1, x: 3)])
        #expect(new.diff(from: new).isEmpty)
        #expect(new.diff(from: CellBuffer(rows: 1, cols: 4)).count == 8)
    }

    @Test func drawBoxUsesUnicodeLines() {
        var buffer = CellBuffer(rows: 4, cols: 8)
        buffer.drawBox(Rect(x: 0, y: 0, width: 6, height: 3), style: .plain)
        #expect(buffer.lines() == ["┌────┐", "│    │", "└────┘", ""])
        var titled = CellBuffer(rows: 3, cols: 12)
        titled.drawBox(titled.bounds, style: .plain, border: .rounded, title: "Log")
        #expect(titled.lines() == ["╭ Log ─────╮", "│          │", "╰──────────╯"])
    }

    @Test func emptyAndTinyBuffersAreSafe() {
        var empty = CellBuffer(rows: 0, cols: 0)
        #expect(empty.put("x", y: 0, x: 0, style: .plain) == 0)
        #expect(empty.lines().isEmpty)
        var one = CellBuffer(rows: 1, cols: 1)
        #expect(one.put("日", y: 0, x: 0, style: .plain) == 1)
        #expect(one.lines() == [""])
        one.drawBox(one.bounds, style: .plain)
        #expect(one.put("ab", y: 0, x: -1, style: .plain) == 1)
        #expect(one.lines() == ["b"])
    }
}
