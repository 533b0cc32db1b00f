/// UntrustedText: text from outside (file names, file contents, arguments) made safe to quote in
/// a message: no terminal control, bidi override or invisible character reaches the terminal as
/// itself (each is shown as an escape), and long text is cut.
public enum UntrustedText {
    /// Uppercase hexadecimal, zero-padded to `digits`.
    public static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
    }

    /// Whether a scalar would not show as itself: controls, format characters (bidi controls
    /// among them), line and paragraph separators, and whitespace other than the space.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x7F { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isWhitespace
        }
    }

    /// `s` in double quotes, at most `limit` scalars of it, escaped as by ``visible(_:limit:quoting:)``.
    public static func quoted(_ s: String, limit: Int = 40) -> String {
        "\"" + visible(s, limit: limit) + "\""
    }

    /// `s` safe to print in a message: invisible scalars as JSON escapes (`\n`, `\u001B`), and with
    /// `quoting`, `"` and `\` escaped too; cut after `limit` scalars with `…`.
    public static func visible(_ s: String, limit: Int?, quoting: Bool = true) -> String {
        var out = ""
        var count = 0
        for scalar in s.unicodeScalars {
            if let limit, count == limit {
                out += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"" where quoting: out += "\\\""
            case "\\" where quoting: out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if !isInvisible(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    let value = scalar.value - 0x10000
                    out += "\\u" + hex(0xD800 + (value >> 10), digits: 4) + "\\u" + hex(0xDC00 + (value & 0x3FF), digits: 4)
                }
            }
        }
        return out
    }

}
