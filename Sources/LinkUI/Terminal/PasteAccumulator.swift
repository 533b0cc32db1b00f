// PasteAccumulator.swift: collecting the text of a bracketed paste.

/// Collects the characters that arrive between the bracketed-paste markers
/// into one string. Line ends (CR, LF, CR LF) become `"\n"` and tabs stay;
/// other control characters are dropped. Text beyond `limitBytes` (UTF-8) is
/// dropped and `truncated` is set.
public struct PasteAccumulator: Hashable, Sendable {
    /// The default cap: 1 MiB of UTF-8.
    public static let defaultLimitBytes = 1 << 20

    /// The cap on the collected text, in UTF-8 bytes.
    public let limitBytes: Int
    /// The text collected so far.
    public private(set) var text = ""
    /// Whether anything was dropped because of the cap.
    public private(set) var truncated = false
    /// UTF-8 length of `text`.
    private var byteCount = 0
    /// Whether the previous character was CR (so that CR LF is one line end).
    private var afterCarriageReturn = false

    /// An empty accumulator capped at `limitBytes`.
    public init(limitBytes: Int = PasteAccumulator.defaultLimitBytes) {
        self.limitBytes = max(0, limitBytes)
    }

    /// Adds one character code as the terminal delivered it.
    public mutating func append(_ code: UInt32) {
        defer { afterCarriageReturn = code == 13 }
        switch code {
        case 13:
            add("\n")
        case 10:
            if !afterCarriageReturn { add("\n") }
        case 9:
            add("\t")
        case 0...31, 127...159:
            return
        default:
            if let scalar = Unicode.Scalar(code) { add(scalar) }
        }
    }

    /// Adds every scalar of `string` (as if typed one by one).
    public mutating func append(contentsOf string: String) {
        for scalar in string.unicodeScalars { append(scalar.value) }
    }

    /// Appends `scalar` unless that would pass the cap.
    private mutating func add(_ scalar: Unicode.Scalar) {
        let length = UTF8.width(scalar)
        guard byteCount + length <= limitBytes else {
            truncated = true
            return
        }
        text.unicodeScalars.append(scalar)
        byteCount += length
    }
}
