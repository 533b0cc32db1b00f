/// Expectation: a scenario line `expect NAME [key=value …]` that the session's records must meet.
///
/// `NAME` is an event's wire name (`TRANSITION_VIEW`), `success` or `exit`. Event keys are the wire
/// metadata keys (`view_name=MFA`, `mfa_type=code`, `error_code=INVALID_MFA`, `exit_status=requires_code`);
/// `null` means the key is absent. `success` takes `institution_id`, `institution_name`,
/// `accounts=N`, and the accounts' `masks` and `verification_status` (comma-separated, in order,
/// `null` for none); `exit` takes `institution_id`, `exit_status` (or `status`), `error_type`, `error_code`.
public struct Expectation: Hashable, Sendable {
    /// What record is expected.
    public enum Kind: Hashable, Sendable {
        /// An event with this name.
        case event(EventName)
        /// onSuccess.
        case success
        /// onExit.
        case exit
    }

    /// The 1-based line of the scenario.
    public var line: Int
    /// The record expected.
    public var kind: Kind
    /// The key=value pairs the record must carry, in the order written.
    public var constraints: [(key: String, value: String)]

    /// The keys a `success` expectation may name.
    public static let successKeys = ["institution_id", "institution_name", "accounts", "link_session_id", "masks",
                                     "verification_status"]
    /// The keys an `exit` expectation may name.
    public static let exitKeys = ["institution_id", "institution_name", "exit_status", "status", "error_type", "error_code",
                                  "error_message", "link_session_id"]

    /// The expectation as written (`expect TRANSITION_VIEW view_name=MFA`).
    public var text: String {
        let name = switch kind {
        case .event(let event): event.description
        case .success: "success"
        case .exit: "exit"
        }
        let pairs = constraints.map { $0.value.contains(" ") || $0.value.isEmpty ? "\($0.key)=\"\($0.value)\"" : "\($0.key)=\($0.value)" }
        return (["expect", name] + pairs).joined(separator: " ")
    }

    /// Parses the words after `expect`.
    static func parse(_ words: [String], line: Int) throws(ActionRejected) -> Expectation {
        guard let name = words.first else {
            throw ActionRejected("expect needs an event name, success or exit, e.g. expect TRANSITION_VIEW view_name=MFA")
        }
        let kind: Kind
        let allowed: [String]
        switch name {
        case "success": kind = .success; allowed = successKeys
        case "exit": kind = .exit; allowed = exitKeys
        default:
            let event = EventName(wireString: name)
            guard case .unknown = event else {
                kind = .event(event)
                allowed = EventMetadata.wireKeys
                break
            }
            throw ActionRejected("expect: \(name.debugDescription) is not an event name (e.g. OPEN, TRANSITION_VIEW, SUBMIT_MFA), success or exit")
        }
        var constraints: [(String, String)] = []
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw ActionRejected("expect: \(word.debugDescription) is not key=value")
            }
            let key = String(word[..<equals])
            guard allowed.contains(key) else {
                throw ActionRejected("expect \(name): unknown key \(key.debugDescription); keys are \(allowed.joined(separator: ", "))")
            }
            constraints.append((key, String(word[word.index(after: equals)...])))
        }
        return Expectation(line: line, kind: kind, constraints: constraints)
    }

    /// The keys this expectation does not match in `record`, or `nil` when the record is of another kind.
    func mismatches(_ record: SessionRecord) -> [(key: String, expected: String, actual: String)]? {
        let values: [String: String?]
        switch (kind, record) {
        case (.event(let name), .event(let event)) where event.eventName == name:
            values = event.metadata.wireValues
        case (.success, .success(let success)):
            values = [
                "institution_id": success.metadata.institution?.id, "institution_name": success.metadata.institution?.name,
                "accounts": String(success.metadata.accounts.count), "link_session_id": success.metadata.linkSessionID,
                // the accounts' masks and verification statuses, in order, comma-separated
                "masks": success.metadata.accounts.map { $0.mask ?? "null" }.joined(separator: ","),
                "verification_status": success.metadata.accounts.map { $0.verificationStatus?.description ?? "null" }
                    .joined(separator: ","),
            ]
        case (.exit, .exit(let exit)):
            let status = exit.metadata.status?.description
            values = [
                "institution_id": exit.metadata.institution?.id, "institution_name": exit.metadata.institution?.name,
                "exit_status": status, "status": status, "error_type": exit.error?.errorCode.errorType,
                "error_code": exit.error?.errorCode.errorCode, "error_message": exit.error?.errorMessage,
                "link_session_id": exit.metadata.linkSessionID,
            ]
        default:
            return nil
        }
        return constraints.compactMap { constraint in
            let actual = (values[constraint.key] ?? nil) ?? "null"
            return actual == constraint.value ? nil : (constraint.key, constraint.value, actual)
        }
    }

    /// Equality over kind, line and constraints.
    public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        lhs.line == rhs.line && lhs.kind == rhs.kind && lhs.constraints.elementsEqual(rhs.constraints) { $0 == $1 }
    }

    /// Hashes the kind, line and constraints.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(kind)
        for constraint in constraints {
            hasher.combine(constraint.key)
            hasher.combine(constraint.value)
        }
    }
}

extension Expectation {
    /// The line as the shared checkers read it (``ExpectLine``).
    public var expectLine: ExpectLine<SessionRecord> {
        ExpectLine(line: line, text: text) { mismatches($0) }
    }
}

extension SessionRecord {
    /// A one-line summary for messages: the name and the metadata that tells records apart.
    public var summary: String {
        switch self {
        case .load:
            return "load"
        case .event(let event):
            let values = event.metadata.wireValues
            var parts = [event.eventName.description]
            for key in ["view_name", "mfa_type", "institution_search_query", "institution_id", "error_code", "exit_status"] {
                if let value = values[key] ?? nil { parts.append("\(key)=\(value)") }
            }
            return parts.joined(separator: " ")
        case .success(let success):
            return "success institution_id=\(success.metadata.institution?.id ?? "null") accounts=\(success.metadata.accounts.count)"
        case .exit(let exit):
            var parts = ["exit", "exit_status=\(exit.metadata.status?.description ?? "null")"]
            if let error = exit.error { parts.append("error_code=\(error.errorCode.errorCode)") }
            return parts.joined(separator: " ")
        }
    }
}

/// ExpectationChecker: checks the expectations of each step against the records emitted since the
/// step began, in order (other records may come between).
public struct ExpectationChecker: Sendable {
    private var pending: [Expectation] = []
    private var window: [SessionRecord] = []
    private var stepDescription = "the start of the session"

    /// Creates a checker.
    public init() {}

    /// Starts a step's window: its expectations, and what to call it in messages.
    public mutating func begin(_ expectations: [Expectation], after description: String) {
        pending = expectations
        window.removeAll(keepingCapacity: true)
        stepDescription = description
    }

    /// Adds a record emitted during the window.
    public mutating func record(_ record: SessionRecord) {
        if !pending.isEmpty { window.append(record) }
    }

    /// Checks the window; returns the first unmet expectation's line and a readable diff.
    public func check() -> (line: Int, message: String)? {
        guard let (expectation, rest) = ExpectLine.firstUnmet(pending.map(\.expectLine), in: window) else { return nil }
        return (expectation.line, expectation.unmetMessage(after: stepDescription, rest: rest, summary: \.summary))
    }
}
