import Testing
import LinkKit
@testable import LinkUI

@Suite("wrap: the one word wrap")
struct WrapTests {
    static let words = ["a", "bank", "ins_109508", "public-sandbox-0123456789abcdef", "日本", "👍🏽", "é", ""]

    @Test("every line fits, no word is lost, at every width (random texts)")
    func linesFitAndKeepTheText() {
        var rng = IDGenerator(seed: 0x5eed)  // seeded: the same texts on every run
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? " " : "  ")
            let width = Int.random(in: 1...40, using: &rng)
            let fill = Bool.random(using: &rng)
            let indent = Bool.random(using: &rng) ? 2 : 0
            let lines = wrap(text, width: width, indent: indent, longWordsFillLines: fill)
            for line in lines {
                // one wide character in a 1-column line cannot fit; the buffer clips it
                let limit = width == 1 && line.count == 1 ? 2 : width
                #expect(displayWidth(of: line) <= limit, "\"\(line)\" is wider than \(width) (text \"\(text)\")")
            }
            let kept = lines.joined().filter { $0 != " " }
            #expect(kept == text.filter { $0 != " " }, "text \"\(text)\" at \(width): \(lines)")
        }
    }

    @Test("paragraphs, long words on their own lines or filling the line, the hanging indent")
    func shapes() {
        #expect(wrap("one two three", width: 7) == ["one two", "three"])
        #expect(wrap("a\n\nb", width: 5) == ["a", "", "b"])
        #expect(wrap("id abcdefghij", width: 8) == ["id", "abcdefgh", "ij"])
        #expect(wrap("id abcdefghijklmnop", width: 10, indent: 2, longWordsFillLines: true)
                == ["id abcdefg", "  hijklmno", "  p"])
        #expect(wrap("日本", width: 1) == ["日", "本"], "a wide character in a 1-column line still moves on")
    }
}

