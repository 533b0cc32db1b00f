// PastedText.swift: the text of a bracketed paste, kept out of `String`s.

import LinkKit

/// The text of a bracketed paste, as UTF-8 in a ``SecretBuffer`` (zeroed when it lets bytes go),
/// so that a pasted password never sits in a `String` that is freed unzeroed. A masked field
/// takes the bytes as they are (`SecretField.insert(pastedUTF8:)`); a field whose text is not
/// secret asks for ``text``.
///
/// Two pastes are equal when their bytes are. The description shows the length only.
public struct PastedText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The UTF-8 bytes.
    public let bytes: SecretBuffer

    /// A paste of `bytes` (taken over, not copied).
    public init(bytes: SecretBuffer) {
        self.bytes = bytes
    }

    /// A paste of the UTF-8 of `text` (tests, scripted input).
    public init(_ text: String) {
        bytes = SecretBuffer(copying: text.utf8)
    }

    /// A paste of the UTF-8 of a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text as a `String`: only for a field whose text is not secret.
    public var text: String {
        bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The number of UTF-8 bytes.
    public var byteCount: Int { bytes.count }

    /// Whether nothing was pasted.
    public var isEmpty: Bool { bytes.isEmpty }

    /// "paste of N bytes": never the text.
    public var description: String { "paste of \(byteCount) bytes" }

    /// Whether both pastes hold the same bytes (compared in place, never as text).
    public static func == (lhs: PastedText, rhs: PastedText) -> Bool {
        if lhs.bytes === rhs.bytes { return true }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in left.elementsEqual(right) }
        }
    }

    /// Hashes the bytes in place.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
