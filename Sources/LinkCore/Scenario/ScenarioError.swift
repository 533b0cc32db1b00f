/// ScenarioError: a malformed scenario, or a step that does not fit the session, with its place.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given, for messages.
    public var file: String
    /// The 1-based line, where there is one.
    public var line: Int?
    /// What was wrong; never quotes a password or an MFA answer.
    public var message: String
    /// Whether the file itself is malformed (as opposed to a step the session refused).
    public var isMalformed: Bool

    /// Creates an error.
    public init(file: String, line: Int?, message: String, isMalformed: Bool) {
        self.file = file
        self.line = line
        self.message = message
        self.isMalformed = isMalformed
    }

    /// `file:line: message`.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
