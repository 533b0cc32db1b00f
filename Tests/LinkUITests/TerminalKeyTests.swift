import Testing
@testable import LinkUI

@Suite("Key decoding and paste")
struct TerminalKeyTests {
    @Test func characterCodesInRawMode() {
        #expect(Key.fromCharacterCode(13) == .enter)
        #expect(Key.fromCharacterCode(10) == .enter)
        #expect(Key.fromCharacterCode(9) == .tab)
        #expect(Key.fromCharacterCode(27) == .escape)
        #expect(Key.fromCharacterCode(127) == .backspace)
        #expect(Key.fromCharacterCode(8) == .backspace)
        #expect(Key.fromCharacterCode(3) == .ctrl("c"))
        #expect(Key.fromCharacterCode(1) == .ctrl("a"))
        #expect(Key.fromCharacterCode(26) == .ctrl("z"))
        #expect(Key.fromCharacterCode(12) == .ctrl("l"))
        #expect(Key.fromCharacterCode(0) == nil)
        #expect(Key.fromCharacterCode(0x1C) == nil)
        #expect(Key.fromCharacterCode(0x9B) == nil)
        #expect(Key.fromCharacterCode(0x61) == .char("a"))
        #expect(Key.fromCharacterCode(0x65E5) == .char("日"))
        #expect(Key.fromCharacterCode(0xD800) == nil)
    }

    @Test func pasteKeepsNewlinesAsText() {
        var paste = PasteAccumulator()
        paste.append(contentsOf: "line one\r\nline two\rthree\nfour\tend\u{1B}\u{7}")
        #expect(paste.text == "line one\nline two\nthree\nfour\tend")
        #expect(!paste.truncated)
    }

    @Test func pasteIsCappedWithoutSplittingCharacters() {
        var paste = PasteAccumulator(limitBytes: 5)
        paste.append(contentsOf: "ab日cd")
        #expect(paste.text == "ab日")
        #expect(paste.truncated)
        var big = PasteAccumulator()
        big.append(contentsOf: String(repeating: "x", count: PasteAccumulator.defaultLimitBytes + 10))
        #expect(big.byteCount == 1 << 20)
        #expect(big.truncated)
    }

    /// The paste is collected as bytes in a zeroing buffer; `take()` hands a piece over and the
    /// cap still counts it.
    @Test func pasteIsTakenInPiecesUnderOneCap() {
        var paste = PasteAccumulator(limitBytes: 6)
        paste.append(contentsOf: "abcd")
        let first = paste.take()
        #expect(first == "abcd" && first.text == "abcd")
        #expect(paste.byteCount == 0)
        paste.append(contentsOf: "efgh")
        #expect(paste.take() == "ef")
        #expect(paste.truncated)
        #expect("\(first)" == "paste of 4 bytes")
    }
}
