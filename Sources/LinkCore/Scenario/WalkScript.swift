/// WalkScript: a scenario of either flavor as a guided walk (and a JUnit report) sees it: its
/// steps in a person's words, each step's expectations, and, for a step, the action it means on
/// the pane the session is on (the same mapping replay plays). Built once from a ``Scenario``
/// or a ``MeshScenario``; ``ScenarioWalk`` and ``WalkOutline`` read nothing else of a flavor.
///
/// A step's title gives the scenario's own values, so that a tester knows what to type ("Sign in
/// as user_good with mfa_device", "Answer the MFA: 1234"): the sandbox's values written in the
/// file, not secrets. What the tester types is never quoted: an off-script action is described
/// without its password, answers or codes. Every text from the file is shown escaped
/// (``UntrustedText``), as a terminal must not act on it.
public struct WalkScript<Engine: FlowEngine> where Engine.Action: Equatable {
    /// An `expect` line: its text as written and how a record meets it.
    public typealias Expect = ExpectLine<Engine.Record>

    /// A step.
    public struct Step {
        /// The 1-based line.
        public var line: Int
        /// The step's first word.
        public var verb: String
        /// What the step asks, in a person's words ("Search for first platypus").
        public var title: String
        /// Whether the step only lets time pass (a person waits: it is done when reached).
        public var isWait: Bool
        /// The step's `expect` lines.
        public var expectations: [Expect]
        /// The action the step means on `engine`'s pane (nil: none fits).
        public var action: (Engine) -> Engine.Action?
        /// Whether the step is complete after its action (false: the same step takes another
        /// action, as `numbers` submits the routing number, then the account number).
        public var isComplete: (Engine) -> Bool = { _ in true }

        package init(line: Int, verb: String, title: String, isWait: Bool, expectations: [Expect],
                     action: @escaping (Engine) -> Engine.Action?, isComplete: @escaping (Engine) -> Bool = { _ in true }) {
            self.line = line
            self.verb = verb
            self.title = title
            self.isWait = isWait
            self.expectations = expectations
            self.action = action
            self.isComplete = isComplete
        }
    }

    /// The scenario's file, as given.
    public var file: String
    /// The `expect` lines before the first step.
    public var opening: [Expect]
    /// The steps.
    public var steps: [Step]
    /// Whether an action is typing in progress (a search query), never off script.
    public var isTyping: (Engine.Action) -> Bool
    /// Whether an action ends the session as Ctrl-C does: the tester stopping, not off script.
    public var isQuit: (Engine.Action) -> Bool
    /// What a person did, in words (never a secret's value).
    public var describe: (Engine.Action, Engine) -> String
    /// A record in one line, for the closest record of an unmet expectation.
    public var summary: (Engine.Record) -> String

    package init(file: String, opening: [Expect], steps: [Step], isTyping: @escaping (Engine.Action) -> Bool,
                 isQuit: @escaping (Engine.Action) -> Bool, describe: @escaping (Engine.Action, Engine) -> String,
                 summary: @escaping (Engine.Record) -> String) {
        self.file = file
        self.opening = opening
        self.steps = steps
        self.isTyping = isTyping
        self.isQuit = isQuit
        self.describe = describe
        self.summary = summary
    }

    /// The steps as a report lists them: the session's opening (when it has `expect` lines), then each step.
    public var outline: [WalkOutline.Entry] {
        var entries: [WalkOutline.Entry] = []
        if let first = opening.first {
            entries.append(.init(line: first.line, title: "Open the session", expectations: opening.map(\.text)))
        }
        for step in steps {
            entries.append(.init(line: step.line, title: step.title, expectations: step.expectations.map(\.text)))
        }
        return entries
    }
}

/// WalkOutline: the entries of a scenario's report (one per step, the opening first when it has
/// expectations), and which one a replay's error falls on.
public enum WalkOutline {
    /// One entry: a step, or the session's opening.
    public struct Entry: Hashable, Sendable, Codable {
        /// The 1-based line (the opening's: its first `expect` line).
        public var line: Int
        /// The step in a person's words.
        public var title: String
        /// Its `expect` lines as written.
        public var expectations: [String]

        /// An entry for the step (or opening) at `line`.
        public init(line: Int, title: String, expectations: [String]) {
            self.line = line
            self.title = title
            self.expectations = expectations
        }
    }

    /// The index of the entry a message about `line` belongs to: the last entry starting at or
    /// before it (an `expect` line belongs to the step above it); nil for no line.
    public static func entry(of line: Int?, in entries: [Entry]) -> Int? {
        guard let line, !entries.isEmpty else { return nil }
        return entries.lastIndex { $0.line <= line } ?? 0
    }
}

/// A scenario's text as a title shows it: escaped, at most 60 characters.
package func shown(_ text: String) -> String { UntrustedText.visible(text, limit: 60, quoting: false) }

/// A value the scenario file gives for a secret field (the sandbox's password, code or answer
/// to type), as a title shows it.
package func shown(_ secret: Secret) -> String {
    shown(secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
}
