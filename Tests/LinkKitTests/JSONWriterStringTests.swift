import Foundation
import Testing

@testable import LinkKit

// JSONWriter.string copies the runs between the bytes it escapes at once (issue 17): every kind of
// byte, at the start, the end and side by side, must still come out as the same JSON.
@Suite("JSONWriter strings")
struct JSONWriterStringTests {
    func written(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("escapes quotes, backslashes, C0 and C1 controls and DEL; copies the rest", arguments: [
        ("", #""""#),
        ("plain", #""plain""#),
        ("\"", #""\"""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("\n\r\t", #""\n\r\t""#),
        ("x\u{1}y\u{1F}", #""x\u0001y\u001f""#),
        ("\u{7F}", #""\u007f""#),
        ("a\u{85}b\u{9F}", #""a\u0085b\u009f""#),
        ("¢é日本", "\"¢é日本\""),
        ("\u{A0}end", "\"\u{A0}end\""),
        ("\"\"", #""\"\"""#),
    ])
    func escapes(_ text: String, _ json: String) throws {
        #expect(written(text) == json)
        let decoded = try JSONSerialization.jsonObject(with: Data(written(text).utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }

    /// The escaping rule, a byte at a time: what every string must come out as.
    static func reference(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = [34]
        func escape(_ byte: UInt8) { out += Array(String(format: "\\u%04x", byte).utf8) }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 34, 92: out += [92, byte]
            case 10: out += Array("\\n".utf8)
            case 13: out += Array("\\r".utf8)
            case 9: out += Array("\\t".utf8)
            case 0..<0x20, 0x7F: escape(byte)
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                escape(bytes[index + 1])
                index += 1
            default: out.append(byte)
            }
            index += 1
        }
        return out + [34]
    }

    /// Texts of every length to 40 with one byte to look at (escaped or not) at every place: the
    /// writer looks at eight bytes at once, so every place in and across its words.
    static let texts: [String] = {
        var texts = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi"]
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "é", "日", "\u{1F3E6}", " ", "~"] {
            for length in 0...40 {
                for place in stride(from: 0, through: length, by: length > 20 ? 3 : 1) {
                    texts.append(String(repeating: "x", count: place) + special + String(repeating: "y", count: length - place))
                }
            }
        }
        return texts
    }()

    @Test("every length, every place of a byte to escape: the bytes the rule gives, a byte at a time")
    func everyPlace() {
        for text in Self.texts {
            var writer = JSONWriter(capacity: 1)  // grows as it goes, too
            writer.string(text)
            #expect(writer.bytes == Self.reference(text), "\(text.debugDescription)")
            #expect(writer.count == writer.bytes.count)
        }
    }

    @Test("a member is its key then the value, quoted and escaped, or null; true, false or null")
    func members() {
        for text in Self.texts + [nil] as [String?] {
            var writer = JSONWriter(capacity: 4)
            writer.member(#","key":"#, text)
            #expect(writer.bytes == Array(#","key":"#.utf8) + (text.map(Self.reference) ?? Array("null".utf8)))
        }
        for flag in [true, false, nil] as [Bool?] {
            var writer = JSONWriter()
            writer.raw("{")
            writer.member(#""on":"#, flag)
            #expect(writer.text == "{\"on\":" + (flag.map { "\($0)" } ?? "null"))
        }
    }

    @Test("empty keys, texts and raw text write what they say (nothing, or quotes and colon)")
    func empties() {
        var writer = JSONWriter(capacity: 0)
        writer.raw("")
        writer.key("")
        writer.member("", "")
        writer.member("", nil as String?)
        writer.string("")
        #expect(writer.text == "\"\":\"\"null\"\"")  // "":  ""  null  ""
    }

    @Test("a writer is a value: a copy writes into its own bytes, and reset leaves the copy's alone")
    func valueSemantics() {
        var first = JSONWriter(capacity: 16)
        first.raw("[1")
        var second = first
        second.raw(",2]")
        first.raw("]")
        #expect(first.text == "[1]")
        #expect(second.text == "[1,2]")
        let kept = second
        second.reset()
        second.raw("{}")
        #expect(kept.text == "[1,2]")
        #expect(second.text == "{}")
        var long = JSONWriter(capacity: 16)
        long.string(String(repeating: "z", count: 1000))
        var copy = long
        copy.raw("!")
        #expect(long.count == 1002 && copy.count == 1003)
    }
}
