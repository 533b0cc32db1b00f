import Testing

@testable import LinkKit

// cleanName counts the characters of a name below U+0300 from its bytes (singleScalarCharacterCount):
// it must be the count Swift's character breaking gives, and any other name must go the long way.
@Suite("singleScalarCharacterCount: a name's characters counted from its bytes")
struct SingleScalarCharacterCountTests {
    @Test("every code point below U+0300, alone, doubled and between letters, counts as Swift counts it")
    func belowCombiningMarks() throws {
        for value in UInt32(0x20)..<0x300 where !(0x7F...0x9F).contains(value) {
            let scalar = try #require(Unicode.Scalar(value))
            for text in [String(Character(scalar)), "\(Character(scalar))\(Character(scalar))", "Caf\u{E9}\(Character(scalar))Bank"] {
                #expect(singleScalarCharacterCount(text) == text.count, "U+\(String(value, radix: 16))")
                #expect(text.allSatisfy { $0.unicodeScalars.count == 1 })
            }
        }
    }

    @Test("a name with a code point from U+0300 on is left to character breaking")
    func others() {
        for text in ["Z\u{301}", "e\u{300}", "\u{1F468}\u{200D}\u{1F469}", "\u{1F1EB}\u{1F1F7}", "\u{1100}\u{1161}", "\u{2014}", "\u{3000}a",
                     "Banco \u{627}"] {
            #expect(singleScalarCharacterCount(text) == nil, "\(text)")
        }
        #expect(singleScalarCharacterCount("") == 0)
        #expect(singleScalarCharacterCount("Cr\u{E9}dit Agricole \u{C6}\u{1FF}\u{2AF}\u{2FF}") == 20)
    }
}
