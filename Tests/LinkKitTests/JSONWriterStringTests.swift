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
}
