import Testing
@testable import LinkKit

@Suite("Text folding: the shortcuts give what decomposing gives")
struct TextFoldingTests {
    @Test("the table of Latin letters is the decomposition of each, marks dropped, lowercased")
    func latinTableMatchesDecomposition() {
        #expect(LatinFolding.table.count == Int(LatinFolding.last - LatinFolding.first) + 1)
        for value in LatinFolding.first...LatinFolding.last {
            let character = Character(Unicode.Scalar(value)!)
            #expect(TextFolding.fold(character) == TextFolding.decomposedFold(character), "U+\(String(value, radix: 16))")
        }
        #expect(TextFolding.fold("É") == "e")
        #expect(TextFolding.fold("ß") == "ß")
        #expect(TextFolding.fold("Ø") == "ø")
    }

    @Test("a name folded a scalar at a time folds as it does a character at a time", arguments: [
        "Café Ünion", "Banco Español de Crédito", "ÅLAND BANK", "Straße Sparkasse", "Œuvre Crédit – “Mutuel”",
        "Ærø Bank • Øst", "Łódź Bank", "ǅemal", "plain ascii", "", "Ìñtërnâtiônàlizætiøn", "ĲSSEL BANK ‐ ‘x’ → y",
        // not a scalar at a time: marks, emoji, Hangul, CJK, a soft hyphen
        "Cafe\u{301} Union", "🏦 Bank", "한국 은행", "日本銀行", "Soft\u{AD}Bank", "e\u{301}\u{302}", "👨‍👩‍👧 Family",
    ])
    func scalarwiseMatchesCharacterwise(_ name: String) {
        let fast = TextFolding.foldWithMap(name)
        let reference = TextFolding.foldWithMapByCharacter(name)
        #expect(fast.bytes == reference.bytes)
        #expect(fast.characterOfByte == reference.characterOfByte)
    }
}
