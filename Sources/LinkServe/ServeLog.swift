import Foundation

/// ClientText: what a visitor sent (a user name, a TERM value), made safe to print: control
/// characters (C0, DEL, C1) become `?`, and the text is cut to a bounded length.
public enum ClientText {
    /// `text` with every control character replaced by `?`, at most `limit` characters (an ellipsis
    /// marks a cut).
    public static func sanitized(_ text: String, limit: Int = 64) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x2029).contains(value)
            out.unicodeScalars.append(isControl ? "?" : scalar)
            count += 1
        }
        return out
    }

    /// Whether `term` is a TERM value linkterm can pass to a session: 1 to 64 characters among
    /// letters, digits and `.`, `_`, `+`, `-` (every terminfo name is), not starting with `-` or `.`.
    public static func isSafeTerm(_ term: String) -> Bool {
        guard (1...64).contains(term.utf8.count), let first = term.utf8.first, first != UInt8(ascii: "-"),
              first != UInt8(ascii: ".") else { return false }
        return term.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
        }
    }
}

/// ServeLog: the server's log: one line per connection (time, source, key, user, session,
/// outcome, duration) and the start-up lines, on standard output, each written whole. Lines are
/// written by a queue of their own, so a stalled reader of standard output never holds an event
/// loop: past 1,000 lines waiting, new ones are dropped and counted (the next line written says
/// how many).
public final class ServeLog: @unchecked Sendable {
    private let queue = DispatchQueue(label: "linkterm-serve-log")
    private let lock = NSLock()
    private var waiting = 0
    private var dropped = 0
    private static let maximumWaiting = 1000

    /// A log writing to standard output.
    public init() {}

    /// Queues `line` and a newline for standard output.
    public func line(_ line: String) {
        let note: String? = lock.withLock {
            if waiting >= Self.maximumWaiting {
                dropped += 1
                return nil
            }
            waiting += 1
            defer { dropped = 0 }
            return dropped > 0 ? "linkterm serve: \(dropped) log lines dropped (standard output was not read)\n" : ""
        }
        guard let note else { return }
        queue.async { [self] in
            Self.write(note + line + "\n")
            lock.withLock { waiting -= 1 }
        }
    }

    /// Waits until every queued line is written.
    public func flush() {
        queue.sync {}
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// `text` as a log field's value: as it is when it is only letters, digits and `. _ @ : + / -`
    /// (a key fingerprint, `-`), otherwise ``quoted(_:)``.
    public static func field(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._@:+/-".unicodeScalars.contains(scalar))
        }
        return plain ? text : quoted(text)
    }

    /// `text` in double quotes, with `"` and `\` escaped by a backslash and everything but
    /// printable ASCII written `\u{XXXX}`: a value cannot end early, hold another field, or
    /// reorder the line (U+202E).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "\""
    }

    /// The time now as the log writes it: UTC, to the second (`2026-11-26T00:31:02Z`).
    public static func timestamp(_ date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
