/// Secret: a password, PIN or MFA answer, which cannot be printed by accident and does not
/// outlive its use in memory.
///
/// `description`, `debugDescription`, string interpolation and reflection (`dump`, `print`)
/// all show `••••`. It is not `Codable`, so it cannot reach an events file or a recording.
///
/// The value is UTF-8 in a ``SecretBuffer``, never a `String`: it is read byte by byte
/// (``matches(_:)``, ``withUnsafeBytes(_:)``), and copies of a `Secret` share that
/// one buffer, so ``wipe()`` empties it for all of them. The engine wipes a submission once it has
/// checked it; a buffer nobody holds any more is zeroed before its memory is freed.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let buffer: SecretBuffer

    /// A secret holding a copy of `bytes` (UTF-8).
    public init(copying bytes: SecretBuffer) {
        buffer = bytes.copy()
    }

    /// A secret holding a copy of `value`'s UTF-8 bytes, for values that already were text
    /// (a scenario file, a test): that `String` itself stays wherever its owner keeps it.
    public init(_ value: String) {
        buffer = SecretBuffer(copying: value.utf8)
    }

    /// Whether nothing was typed (or the secret was wiped).
    public var isEmpty: Bool { buffer.isEmpty }

    /// Zeroes the bytes; the secret is empty from now on, in every copy of it.
    public func wipe() { buffer.removeAll() }

    /// A secret with its own copy of the bytes (wiping one leaves the other).
    public func copy() -> Secret { Secret(copying: buffer) }

    /// Always `••••`.
    public var description: String { "••••" }

    /// Always `Secret(••••)`.
    public var debugDescription: String { "Secret(••••)" }

    /// A mirror with no children, so `dump` shows nothing.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Gives the UTF-8 bytes to `body` only; keep what it returns free of them.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try buffer.withUnsafeBytes(body)
    }

    /// Whether the value is exactly `expected`, byte for byte.
    public func matches(_ expected: StaticString) -> Bool {
        withUnsafeBytes { SecretReader.equal($0, expected) }
    }

    /// Whether the value is exactly `expected`'s UTF-8 (text that is not secret: an option's label).
    public func matches(_ expected: String) -> Bool {
        var expected = expected
        return expected.withUTF8 { wanted in withUnsafeBytes { SecretReader.equal($0, UnsafeRawBufferPointer(wanted)) } }
    }

    /// The value read as a decimal integer (an optional `+` or `-`, then 1 to 18 ASCII digits,
    /// nothing else), for steps where the answer picks an option by its number; `nil` otherwise.
    public func integerValue() -> Int? {
        withUnsafeBytes { bytes in
            var reader = SecretReader(bytes)
            let negative = reader.skip("-")
            if !negative { _ = reader.skip("+") }
            guard let number = reader.decimal(maxDigits: 18), reader.isAtEnd else { return nil }
            return negative ? -number : number
        }
    }

    /// Calls `body` with each character of the value, decoded straight from the bytes, as a
    /// keyboard would type them (see ``SecretBuffer/forEachCharacter(_:)``).
    public func forEachCharacter(_ body: (Character) -> Void) {
        buffer.forEachCharacter { character in
            body(character)
            return true
        }
    }

    /// Equal bytes (compared in time that depends on the lengths only).
    public static func == (lhs: Secret, rhs: Secret) -> Bool {
        if lhs.buffer === rhs.buffer { return true }
        return lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in SecretReader.equal(left, right) } }
    }

    /// Hashes the length only, never the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(buffer.count)
    }
}
