/// SandboxCredentials: what the sandbox does with the credentials typed (shared/SPEC.md §3.4).
///
/// The username must be `user_good`; the password picks the flow: `pass_good`, `mfa_device`,
/// `mfa_questions_<n>_<m>`, `mfa_selections`, `mfa_selections_<n>_<m>_<o>`, `error_<CODE>`.
/// Anything else is `INVALID_CREDENTIALS`.
public enum SandboxCredentials {
    /// The result of a login attempt.
    public enum Outcome: Hashable, Sendable {
        /// Signed in; go on to account select.
        case authenticated
        /// The institution asks for these MFA steps, in order.
        case mfa([MFAChallenge])
        /// The login failed with this error.
        case failed(SandboxError)
    }

    /// The only username the sandbox accepts.
    public static let username = "user_good"
    /// The code every sandbox device accepts.
    public static let deviceCode = "1234"
    /// The devices the sandbox offers for `mfa_device`.
    public static let devices = ["Text message to (•••) •••-1234", "Phone call to (•••) •••-1234", "Email to u•••@example.com"]

    /// Decides what a login does; the password is read here and nowhere else.
    public static func login(username: String, password: Secret) -> Outcome {
        guard username == Self.username else { return .failed(SandboxErrorCatalog.invalidCredentials) }
        return password.withRevealed { value in outcome(forPassword: value) }
    }

    private static func outcome(forPassword value: String) -> Outcome {
        if value == "pass_good" { return .authenticated }
        if value == "mfa_device" { return .mfa(deviceFlow()) }
        if value == "mfa_selections" { return .mfa(simpleSelections()) }
        if value.hasPrefix("error_") {
            let code = String(value.dropFirst("error_".count))
            return .failed(SandboxErrorCatalog.error(code: code) ?? SandboxErrorCatalog.invalidCredentials)
        }
        if let numbers = numbers(in: value, prefix: "mfa_questions_", count: 2),
           (1...9).contains(numbers[0]), (1...9).contains(numbers[1]) {
            return .mfa(questions(rounds: numbers[0], perRound: numbers[1]))
        }
        if let numbers = numbers(in: value, prefix: "mfa_selections_", count: 3),
           (1...9).contains(numbers[0]), (1...9).contains(numbers[1]), (2...9).contains(numbers[2]) {
            return .mfa(selections(rounds: numbers[0], perRound: numbers[1], options: numbers[2]))
        }
        return .failed(SandboxErrorCatalog.invalidCredentials)
    }

    /// `count` single-digit numbers separated by `_` after `prefix`, e.g. `mfa_questions_2_3`.
    private static func numbers(in value: String, prefix: String, count: Int) -> [Int]? {
        guard value.hasPrefix(prefix) else { return nil }
        let parts = value.dropFirst(prefix.count).split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        var result: [Int] = []
        for part in parts {
            guard part.count == 1, let number = Int(part) else { return nil }
            result.append(number)
        }
        return result
    }

    private static func deviceFlow() -> [MFAChallenge] {
        [
            MFAChallenge(type: .device, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Where should we send your one-time code?", options: devices)],
                         expected: [nil]),
            MFAChallenge(type: .code, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Enter the code we sent you")],
                         expected: [deviceCode]),
        ]
    }

    private static func questions(rounds: Int, perRound: Int) -> [MFAChallenge] {
        (0..<rounds).map { round in
            MFAChallenge(
                type: .questions, round: round, roundCount: rounds,
                prompts: (0..<perRound).map { index in
                    MFAPrompt(text: "Security question \(index + 1) of \(perRound) (round \(round + 1) of \(rounds))")
                },
                expected: (0..<perRound).map { "answer_\(round)_\($0)" })
        }
    }

    private static func simpleSelections() -> [MFAChallenge] {
        [
            MFAChallenge(type: .selections, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Is this your first time signing in from this device?",
                                             options: ["Yes", "No"])],
                         expected: ["Yes"])
        ]
    }

    private static func selections(rounds: Int, perRound: Int, options: Int) -> [MFAChallenge] {
        (0..<rounds).map { round in
            MFAChallenge(
                type: .selections, round: round, roundCount: rounds,
                prompts: (0..<perRound).map { index in
                    MFAPrompt(text: "Question \(index + 1) of \(perRound) (round \(round + 1) of \(rounds))",
                              options: (0..<options).map { "answer_\(round)_\(index)_\($0)" })
                },
                expected: (0..<perRound).map { "answer_\(round)_\($0)_0" })
        }
    }
}
