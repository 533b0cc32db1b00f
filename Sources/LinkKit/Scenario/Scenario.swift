/// ScenarioCommand: one step of a scenario file (see ``Scenario``).
public enum ScenarioCommand: Hashable, Sendable {
    /// `continue`: the current pane's main action.
    case `continue`
    /// `search <text>`: type a query and let it settle.
    case search(String)
    /// `select <institution_id>`.
    case select(String)
    /// `credentials <username> <password>`.
    case credentials(username: String, password: Secret)
    /// `mfa <answer>[ | <answer>…]`: one MFA submission.
    case mfa([Secret])
    /// `accounts <index>…`: choose accounts (zero-based) and continue.
    case accounts([Int])
    /// `accounts all`.
    case allAccounts
    /// `oauth approve|cancel|fail`.
    case oauth(OAuthResult)
    /// `back`: Esc.
    case back
    /// `exit`: ask to exit.
    case exit
    /// `confirm`: yes, exit.
    case confirm
    /// `stay`: no, stay.
    case stay
    /// `quit`: Ctrl-C.
    case quit
    /// `wait <ms>`: let time pass.
    case wait(Int64)

    /// The step's first word, for messages (never its arguments, which may be secrets).
    public var verb: String {
        switch self {
        case .continue: "continue"
        case .search: "search"
        case .select: "select"
        case .credentials: "credentials"
        case .mfa: "mfa"
        case .accounts, .allAccounts: "accounts"
        case .oauth: "oauth"
        case .back: "back"
        case .exit: "exit"
        case .confirm: "confirm"
        case .stay: "stay"
        case .quit: "quit"
        case .wait: "wait"
        }
    }
}

/// ScenarioStep: a command and the line it came from.
public struct ScenarioStep: Hashable, Sendable {
    /// The 1-based line number in the file.
    public var line: Int
    /// The command.
    public var command: ScenarioCommand
}

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

/// Scenario: a Link session written down as steps, one per line (`#` starts a comment).
///
/// ```
/// continue                        the current pane's main action
/// search <text>                   type a query and let it settle
/// select <institution_id>         choose an institution
/// credentials <username> <password>
/// mfa <answer>[ | <answer>…]      device index, code, or one answer per question
/// accounts <index>… | accounts all
/// oauth approve | oauth cancel | oauth fail
/// back | exit | confirm | stay | quit
/// wait <ms>
/// ```
public struct Scenario: Hashable, Sendable {
    /// The file's name, for messages.
    public var file: String
    /// The steps, in order.
    public var steps: [ScenarioStep]

    /// The verbs a scenario understands.
    public static let verbs = [
        "continue", "search", "select", "credentials", "mfa", "accounts", "oauth", "back", "exit", "confirm",
        "stay", "quit", "wait",
    ]

    /// Parses a scenario; throws at the first malformed line.
    public init(text: String, file: String = "scenario") throws(ScenarioError) {
        self.file = file
        var steps: [ScenarioStep] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = Self.stripComment(String(rawLine)).trimmingWhitespace()
            if line.isEmpty { continue }
            do {
                steps.append(ScenarioStep(line: lineNumber, command: try Self.parse(line)))
            } catch let problem {
                throw ScenarioError(file: file, line: lineNumber, message: problem.reason, isMalformed: true)
            }
        }
        self.steps = steps
    }

    /// Removes a comment: `#` at the start of the line or after white space.
    static func stripComment(_ line: String) -> String {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return String(line[..<index]) }
            previous = line[index]
        }
        return line
    }

    static func parse(_ line: String) throws(ActionRejected) -> ScenarioCommand {
        let verb = String(line.prefix { !$0.isWhitespace })
        let rest = String(line.dropFirst(verb.count)).trimmingWhitespace()
        let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
        func noArguments(_ command: ScenarioCommand) throws(ActionRejected) -> ScenarioCommand {
            guard words.isEmpty else { throw ActionRejected("\(verb) takes no argument") }
            return command
        }
        switch verb {
        case "continue": return try noArguments(.continue)
        case "back": return try noArguments(.back)
        case "exit": return try noArguments(.exit)
        case "confirm": return try noArguments(.confirm)
        case "stay": return try noArguments(.stay)
        case "quit": return try noArguments(.quit)
        case "search":
            guard !rest.isEmpty else { throw ActionRejected("search needs the text to type, e.g. search first platypus") }
            return .search(rest)
        case "select":
            guard words.count == 1 else { throw ActionRejected("select needs one institution id, e.g. select ins_109508") }
            return .select(words[0])
        case "credentials":
            guard words.count >= 2 else {
                throw ActionRejected("credentials needs a username and a password, e.g. credentials user_good pass_good")
            }
            let password = String(rest.dropFirst(words[0].count)).trimmingWhitespace()
            return .credentials(username: words[0], password: Secret(password))
        case "mfa":
            guard !rest.isEmpty else { throw ActionRejected("mfa needs an answer, e.g. mfa 1234 (answers separated by |)") }
            return .mfa(rest.split(separator: "|", omittingEmptySubsequences: false).map {
                Secret(String($0).trimmingWhitespace())
            })
        case "accounts":
            if words == ["all"] { return .allAccounts }
            guard !words.isEmpty else { throw ActionRejected("accounts needs indices (0-based) or all, e.g. accounts 0 1") }
            var indices: [Int] = []
            for word in words {
                guard let index = Int(word), index >= 0 else {
                    throw ActionRejected("accounts takes 0-based indices or all; \(word.debugDescription) is neither")
                }
                indices.append(index)
            }
            return .accounts(indices)
        case "oauth":
            guard words.count == 1, let result = OAuthResult(rawValue: words[0]) else {
                throw ActionRejected("oauth takes approve, cancel or fail")
            }
            return .oauth(result)
        case "wait":
            guard words.count == 1, let millis = Int64(words[0]), millis >= 0 else {
                throw ActionRejected("wait takes milliseconds, e.g. wait 500")
            }
            return .wait(millis)
        default:
            throw ActionRejected(
                "unknown step \(verb.debugDescription); steps are: \(verbs.joined(separator: ", "))")
        }
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
