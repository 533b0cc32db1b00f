// PasteAccumulator.swift: collecting the text of a bracketed paste.

import LinkKit

/// Collects the characters that arrive between the bracketed-paste markers as UTF-8 in a
/// ``SecretBuffer``, never in a `String` (a pasted password must not outlive its use). Line ends
/// (CR, LF, CR LF) become `"\n"` and tabs stay; other control characters are dropped. Text
/// beyond `limitBytes` (UTF-8, for the whole paste, across ``take()``) is dropped and
/// `truncated` is set.
struct PasteAccumulator: Sendable {
    /// The default cap: 1 MiB of UTF-8.
    static let defaultLimitBytes = 1 << 20

    /// The cap on the collected text, in UTF-8 bytes.
    let limitBytes: Int
    /// The text collected since the last ``take()``.
    private(set) var bytes = SecretBuffer()
    /// Whether anything was dropped because of the cap.
    private(set) var truncated = false
    /// UTF-8 bytes accepted in all, taken or not (the cap's count).
    private var acceptedBytes = 0
    /// Whether the previous character was CR (so that CR LF is one line end).
    private var afterCarriageReturn = false

    /// An empty accumulator capped at `limitBytes`.
    init(limitBytes: Int = PasteAccumulator.defaultLimitBytes) {
        self.limitBytes = max(0, limitBytes)
    }

    /// The number of bytes collected since the last ``take()``.
    var byteCount: Int { bytes.count }

    /// The collected text as a `String`: for tests only (a paste may be a secret).
    var text: String { PastedText(bytes: bytes).text }

    /// Adds one character code as the terminal delivered it.
    mutating func append(_ code: UInt32) {
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

    /// Adds every scalar of `string` (as if typed one by one): for tests.
    mutating func append(contentsOf string: String) {
        for scalar in string.unicodeScalars { append(scalar.value) }
    }

    /// Hands over what was collected since the last call, and starts collecting afresh (the
    /// cap still counts what was handed over).
    mutating func take() -> PastedText {
        let taken = PastedText(bytes: bytes)
        bytes = SecretBuffer()
        return taken
    }

    /// Appends `scalar` as UTF-8 unless that would pass the cap.
    private mutating func add(_ scalar: Unicode.Scalar) {
        let length = UTF8.width(scalar)
        guard acceptedBytes + length <= limitBytes else {
            truncated = true
            return
        }
        let buffer = bytes
        UTF8.encode(scalar) { buffer.append($0) }
        acceptedBytes += length
    }
}

/// A bracketed paste being read: what came so far, and when, for the reader's timeouts.
struct PasteInProgress {
    /// A paste with no input for this long has ended (its end marker was lost): what came is
    /// delivered, and what follows is typed keys again.
    static let idleMs: Int64 = 500
    /// A paste that trickles on this long (no input waiting when the time is up) is delivered in
    /// pieces of this age, so that one that never ends (a byte every 200 ms) never holds its text
    /// back. A paste that floods in is not cut: the reader returns to its caller between reads.
    static let pieceMs: Int64 = 1000

    var accumulator = PasteAccumulator()
    /// When the piece being collected began.
    var pieceStartMs: Int64
    /// When the last input of the paste came.
    var lastInputMs: Int64

    init(now: Int64) {
        pieceStartMs = now
        lastInputMs = now
    }

    /// When the paste must be looked at again: the end of its idle time or of its piece.
    var deadlineMs: Int64 {
        min(lastInputMs + Self.idleMs, pieceStartMs + Self.pieceMs)
    }

    /// Whether the paste has ended for lack of input by `now`.
    func isIdle(at now: Int64) -> Bool { now >= lastInputMs + Self.idleMs }

    /// Whether the piece being collected is due by `now`.
    func isPieceDue(at now: Int64) -> Bool { now >= pieceStartMs + Self.pieceMs }
}
