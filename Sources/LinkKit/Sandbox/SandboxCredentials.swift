/// SandboxCredentials: what the sandbox does with the credentials typed.
///
/// The username must be `user_good`; the password picks the flow: `pass_good`, `mfa_device`,
/// `mfa_questions_<n>_<m>`, `mfa_selections`, `mfa_selections_<n>_<m>_<o>`, `error_<CODE>`,
/// `microdeposits_good`.
/// Anything else is `INVALID_CREDENTIALS`.
public enum SandboxCredentials {
    /// The result of a login attempt.
    public enum Outcome: Hashable, Sendable {
        /// Signed in; go on to account select.
        case authenticated
        /// Signed in as the automated micro-deposits user (`microdeposits_good`): like
        /// `authenticated`, but an Auth session at Houndstooth Bank verifies with a deposit.
        case automatedMicrodeposits
        /// The institution asks for these MFA steps, in order.
        case mfa([MFAChallenge])
        /// The login failed with this error.
        case failed(SandboxError)
        /// A reCAPTCHA first (`{"recaptcha":"good"}` or `{"recaptcha":"bad"}`); once solved the
        /// login goes on (good) or fails with `RECAPTCHA_BAD` (bad).
        case recaptcha(good: Bool)
    }

    /// The only username the sandbox accepts.
    public static let username = "user_good"
    /// The code every sandbox device accepts.
    public static let deviceCode: StaticString = "1234"
    /// The devices the sandbox offers for `mfa_device`.
    public static let devices = ["Text message to (•••) •••-1234", "Phone call to (•••) •••-1234", "Email to u•••@example.com"]

    /// Decides what a login does; the password is read here and nowhere else, in place, byte by
    /// byte (an error code is looked up in the catalog by its bytes: what comes back is the
    /// catalog's entry, not text made from the password).
    public static func login(username: String, password: Secret) -> Outcome {
        guard username == Self.username else { return .failed(SandboxErrorCatalog.invalidCredentials) }
        return password.withUnsafeBytes { outcome(forPassword: $0) }
    }

    private static func outcome(forPassword password: UnsafeRawBufferPointer) -> Outcome {
        if SecretReader.equal(password, "pass_good") { return .authenticated }
        if SecretReader.equal(password, SandboxAuth.automatedMicrodepositsPassword) { return .automatedMicrodeposits }
        if SecretReader.equal(password, #"{"recaptcha":"good"}"#) { return .recaptcha(good: true) }
        if SecretReader.equal(password, #"{"recaptcha":"bad"}"#) { return .recaptcha(good: false) }
        if SecretReader.equal(password, "mfa_device") { return .mfa(deviceFlow()) }
        if SecretReader.equal(password, "mfa_selections") { return .mfa(simpleSelections()) }
        var reader = SecretReader(password)
        if reader.skip("error_") {
            return .failed(knownError(code: reader.rest) ?? SandboxErrorCatalog.invalidCredentials)
        }
        if let numbers = singleDigits(in: password, after: "mfa_questions_", count: 2),
           (1...9).contains(numbers[0]), (1...9).contains(numbers[1]) {
            return .mfa(questions(rounds: numbers[0], perRound: numbers[1]))
        }
        if let numbers = singleDigits(in: password, after: "mfa_selections_", count: 3),
           (1...9).contains(numbers[0]), (1...9).contains(numbers[1]), (2...9).contains(numbers[2]) {
            return .mfa(selections(rounds: numbers[0], perRound: numbers[1], options: numbers[2]))
        }
        return .failed(SandboxErrorCatalog.invalidCredentials)
    }

    /// The catalog's error whose code is exactly `code`'s bytes.
    private static func knownError(code: UnsafeRawBufferPointer) -> SandboxError? {
        SandboxErrorCatalog.all.first { entry in
            var name = entry.error.errorCode.errorCode
            return name.withUTF8 { SecretReader.equal(code, UnsafeRawBufferPointer($0)) }
        }
    }

    /// `count` single digits separated by `_` after `prefix`, and nothing more, e.g.
    /// `mfa_questions_2_3`.
    private static func singleDigits(in password: UnsafeRawBufferPointer, after prefix: StaticString, count: Int) -> [Int]? {
        var reader = SecretReader(password)
        guard reader.skip(prefix) else { return nil }
        var result: [Int] = []
        for index in 0..<count {
            if index > 0 && !reader.skip("_") { return nil }
            guard let digit = reader.digit() else { return nil }
            result.append(digit)
        }
        return reader.isAtEnd ? result : nil
    }

    private static func deviceFlow() -> [MFAChallenge] {
        [
            MFAChallenge(type: .device, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Where should we send your one-time code?", options: devices)],
                         expected: [.anyChoice]),
            MFAChallenge(type: .code, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Enter the code we sent you")],
                         expected: [.deviceCode]),
        ]
    }

    /// The sandbox's security questions (the answer is `answer_<round>_<question>` whatever they ask).
    static let securityQuestions = [
        "What was the name of your first pet?", "In what city were you born?", "What is your mother's maiden name?",
        "What was the make of your first car?", "What was the name of your elementary school?",
        "What street did you grow up on?", "What was your first job?", "Who was your childhood hero?",
        "What is your favorite food?",
    ]

    /// The sandbox's multiple-choice questions (the first option, `answer_<round>_<question>_0`, is right).
    static let selectionQuestions = [
        "Which of these streets have you lived on?", "Which of these banks have you had an account with?",
        "Which of these cities have you lived in?", "Which of these cars have you owned?",
        "Which of these phone numbers have you had?", "Which of these employers have you worked for?",
        "Which of these schools have you attended?", "Which of these people do you know?",
        "Which of these addresses have you received mail at?",
    ]

    private static func questions(rounds: Int, perRound: Int) -> [MFAChallenge] {
        (0..<rounds).map { round in
            MFAChallenge(
                type: .questions, round: round, roundCount: rounds,
                prompts: (0..<perRound).map { index in
                    MFAPrompt(text: securityQuestions[(round * 3 + index) % securityQuestions.count])
                },
                expected: (0..<perRound).map { .answer(round: round, question: $0) })
        }
    }

    private static func simpleSelections() -> [MFAChallenge] {
        [
            MFAChallenge(type: .selections, round: 0, roundCount: 1,
                         prompts: [MFAPrompt(text: "Is this your first time signing in from this device?",
                                             options: ["Yes", "No"])],
                         expected: [.option(0)])  // "Yes"
        ]
    }

    private static func selections(rounds: Int, perRound: Int, options: Int) -> [MFAChallenge] {
        (0..<rounds).map { round in
            MFAChallenge(
                type: .selections, round: round, roundCount: rounds,
                prompts: (0..<perRound).map { index in
                    MFAPrompt(text: selectionQuestions[(round * 3 + index) % selectionQuestions.count],
                              options: (0..<options).map { "answer_\(round)_\(index)_\($0)" })
                },
                expected: (0..<perRound).map { _ in .option(0) })  // answer_<round>_<question>_0
        }
    }
}
