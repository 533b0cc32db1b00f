import Testing

@testable import LinkCore

// UntrustedText.sanitized returns a text as is when its UTF-8 bytes show nothing to remove or
// replace (keptAsIs); every other text goes a scalar at a time. Both must give the same answer
// for every text: checked for every scalar on its own and between letters, for the escapes and
// controls a terminal acts on, and for many mixed texts.
@Suite("UntrustedText.sanitized: the bytes' quick look agrees with the scalar-by-scalar pass")
struct SanitizerFastPathTests {
    /// Scalars from every range the sanitizer treats apart, their neighbours, and others.
    static let scalars: [Unicode.Scalar] = {
        var values: [UInt32] = Array(0x00...0x2FF) + Array(0x600...0x6FF) + Array(0x2000...0x20FF)
        values += [0x0E01, 0x1100, 0x1F468, 0x200D, 0xFE0F, 0xFEFF, 0xFFFD, 0x10FFFF, 0xE000, 0x3000, 0x1F1EB]
        return values.compactMap(Unicode.Scalar.init)
    }()

    static func agree(_ text: String) -> Bool {
        for breaks in [false, true] {
            let slow = UntrustedText.sanitizedScalarByScalar(text, lineBreaksAsSpaces: breaks)
            let result = UntrustedText.sanitized(text, lineBreaksAsSpaces: breaks)
            if result != slow || Array(result.utf8) != Array(slow.utf8) { return false }
            if UntrustedText.keptAsIs(text) && Array(slow.utf8) != Array(text.utf8) { return false }
        }
        return true
    }

    @Test("every scalar alone and between letters")
    func everyScalar() {
        for scalar in Self.scalars {
            let alone = String(Character(scalar))
            #expect(Self.agree(alone), "U+\(String(scalar.value, radix: 16))")
            #expect(Self.agree("Caf\u{E9} \(alone) Bank"), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("escapes, controls and bidirectional overrides among accented text")
    func escapes() {
        let texts = [
            "Caf\u{E9} Bank", "Banco Espa\u{F1}ol", "\u{1B}[31mR\u{E9}d\u{1B}[0m", "\u{9B}31m\u{E9}", "\u{1B}]0;t\u{7}x\u{E9}",
            "\u{90}dcs\u{9C}\u{E9}", "a\u{202E}b\u{E9}", "a\u{2066}b\u{2069}\u{E9}", "\u{200E}\u{200F}\u{E9}", "\u{61C}\u{E9}",
            "\u{E9}\t\u{E9}", "\u{E9}\r\n\u{E9}", "\u{E9}\u{7F}\u{E9}", "\u{E9}\u{85}\u{E9}", "\u{2014} dash \u{2019}s",
            "\u{0627}\u{0644}\u{0628}", "\u{1F468}\u{200D}\u{1F469}", "Z\u{0301}\u{0302}", "\u{1B}\u{1B}[", "\u{1B}P\u{1B}\\\u{E9}",
        ]
        for text in texts { #expect(Self.agree(text), "\(Array(text.unicodeScalars.map(\.value)))") }
    }

    @Test("many mixed texts")
    func mixed() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(next() % 12) { scalars.append(Self.scalars[Int(next() % UInt64(Self.scalars.count))]) }
            let text = String(scalars)
            #expect(Self.agree(text), "\(Array(text.unicodeScalars.map(\.value)))")
        }
    }
}
