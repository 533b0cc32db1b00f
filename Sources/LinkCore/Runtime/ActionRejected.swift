/// ActionRejected: an action that does not fit the pane the session is on. Nothing happened.
public struct ActionRejected: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence saying what was wrong; never quotes a secret.
    public var reason: String

    /// Creates a rejection.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
