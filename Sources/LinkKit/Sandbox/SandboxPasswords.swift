/// SandboxPassword: one documented sandbox password (or password pattern) and what it does: the
/// one list the help overlay, `linkterm --help` and the README's table are written from.
public struct SandboxPassword: Hashable, Sendable {
    /// The password, or its pattern (`mfa_questions_<n>_<m>`).
    public var password: String
    /// What it does, in a few words.
    public var outcome: String

    /// A documented password.
    public init(_ password: String, _ outcome: String) {
        self.password = password
        self.outcome = outcome
    }
}

extension SandboxCredentials {
    /// Every password the sandbox documents, in the order a person tries them; checked against
    /// ``login(username:password:)`` by the tests.
    public static let documented = [
        SandboxPassword("pass_good", "signs in"),
        SandboxPassword("mfa_device", "device, then code 1234"),
        SandboxPassword("microdeposits_good", "signs in; Auth: automated micro-deposits"),
        SandboxPassword("mfa_questions_<n>_<m>", "answers answer_<round>_<question>, from 0"),
        SandboxPassword("mfa_selections", "one question, answer Yes"),
        SandboxPassword("mfa_selections_<n>_<m>_<o>", "answer answer_<round>_<question>_0"),
        SandboxPassword(#"{"recaptcha":"good"}"#, "a reCAPTCHA, then signs in"),
        SandboxPassword(#"{"recaptcha":"bad"}"#, "a reCAPTCHA, then RECAPTCHA_BAD"),
        SandboxPassword("error_<CODE>", "that error, e.g. error_INSTITUTION_DOWN"),
        SandboxPassword("anything else", "INVALID_CREDENTIALS; 3rd: ITEM_LOCKED"),
    ]

    /// The documented passwords in one sentence, for `--help`: `pass_good (signs in), …`.
    public static var documentedSummary: String {
        documented.filter { $0.password != "anything else" }
            .map { "\($0.password) (\($0.outcome))" }.joined(separator: ", ")
    }
}
