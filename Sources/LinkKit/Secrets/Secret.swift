/// Secret: a password, PIN or MFA answer, which cannot be printed by accident.
///
/// `description`, `debugDescription`, string interpolation and reflection (`dump`, `print`)
/// all show `••••`. It is not `Codable`, so it cannot reach an events file or a recording. The
/// only way to read the value is ``withRevealed(_:)``, which the sandbox uses to check it.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let value: String

    /// Wraps a value typed by the user.
    public init(_ value: String) { self.value = value }

    /// Whether nothing was typed.
    public var isEmpty: Bool { value.isEmpty }

    /// The number of characters typed (for masking).
    public var count: Int { value.count }

    /// Always `••••`.
    public var description: String { "••••" }

    /// Always `Secret(••••)`.
    public var debugDescription: String { "Secret(••••)" }

    /// A mirror with no children, so `dump` shows nothing.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Gives the value to `body` only; keep what it returns free of the value.
    public func withRevealed<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try body(value)
    }

    /// Whether the value equals `expected`.
    public func matches(_ expected: String) -> Bool { value == expected }
}
