/// MFAPrompt: one question of an MFA step, with its options where the user picks one.
public struct MFAPrompt: Hashable, Sendable {
    /// The question or instruction shown.
    public var text: String
    /// The choices (devices or answers); empty where the user types the answer.
    public var options: [String]

    /// Creates a prompt.
    public init(text: String, options: [String] = []) {
        self.text = text
        self.options = options
    }
}

/// MFAChallenge: one MFA step the institution asks for (one `TRANSITION_VIEW` to `MFA`).
public struct MFAChallenge: Hashable, Sendable {
    /// The kind of step.
    public var type: MFAType
    /// The zero-based round within a multi-round flow.
    public var round: Int
    /// How many rounds the flow has.
    public var roundCount: Int
    /// The questions of this step: one for `device` and `code`, m for `questions` and `selections`.
    public var prompts: [MFAPrompt]
    /// The accepted answer for each prompt.
    let expected: [MFAAnswer]

    /// Creates a challenge.
    init(type: MFAType, round: Int, roundCount: Int, prompts: [MFAPrompt], expected: [MFAAnswer]) {
        self.type = type
        self.round = round
        self.roundCount = roundCount
        self.prompts = prompts
        self.expected = expected
    }

    /// Whether `response` answers this challenge correctly; call only with a response that
    /// ``problem(with:)`` accepted.
    func isCorrect(_ response: MFAResponse) -> Bool {
        switch response {
        case .device:
            return true
        case .code(let code):
            return expected.first?.accepts(code) ?? false
        case .answers(let answers):
            return zip(answers, expected).allSatisfy { answer, wanted in wanted.accepts(answer) }
        case .selections(let picks):
            return zip(picks, expected).allSatisfy { pick, wanted in wanted.accepts(pick: pick) }
        }
    }

    /// Why `response` cannot be submitted to this challenge (wrong kind, wrong count, an empty
    /// answer, a choice out of range), or `nil` when it can. Never quotes an answer.
    public func problem(with response: MFAResponse) -> String? {
        switch (type, response) {
        case (.device, .device(let index)):
            let count = prompts.first?.options.count ?? 0
            return (0..<count).contains(index) ? nil : "choose a device from 0 to \(count - 1)"
        case (.code, .code(let code)):
            return code.isEmpty ? "enter the code" : nil
        case (.questions, .answers(let answers)):
            if answers.count != prompts.count {
                return "answer all \(prompts.count) question\(prompts.count == 1 ? "" : "s") (got \(answers.count))"
            }
            return answers.contains(where: \.isEmpty) ? "every question needs an answer" : nil
        case (.selections, .selections(let picks)):
            if picks.count != prompts.count {
                return "pick an answer for all \(prompts.count) question\(prompts.count == 1 ? "" : "s") (got \(picks.count))"
            }
            for (pick, prompt) in zip(picks, prompts) where !(0..<prompt.options.count).contains(pick) {
                return "choose an option from 0 to \(prompt.options.count - 1)"
            }
            return nil
        default:
            return "this is a \(type) step"
        }
    }
}

/// MFAAnswer: what one MFA prompt accepts; typed answers are checked against the secret's bytes
/// in place.
enum MFAAnswer: Hashable, Sendable {
    /// Any choice (the device picker).
    case anyChoice
    /// The code ``SandboxCredentials/deviceCode``.
    case deviceCode
    /// The typed answer `answer_<round>_<question>`.
    case answer(round: Int, question: Int)
    /// The option at this zero-based index.
    case option(Int)

    /// Whether the typed `secret` is this answer.
    func accepts(_ secret: Secret) -> Bool {
        switch self {
        case .anyChoice: return true
        case .deviceCode: return secret.matches(SandboxCredentials.deviceCode)
        case .option: return false
        case .answer(let round, let question):
            return secret.withUnsafeBytes { bytes in
                var reader = SecretReader(bytes)
                return reader.skip("answer_") && reader.skip(number: round) && reader.skip("_")
                    && reader.skip(number: question) && reader.isAtEnd
            }
        }
    }

    /// Whether picking option `pick` is this answer.
    func accepts(pick: Int) -> Bool {
        switch self {
        case .anyChoice: return true
        case .option(let index): return pick == index
        case .deviceCode, .answer: return false
        }
    }
}

/// MFAResponse: what the user submits to an MFA step.
public enum MFAResponse: Hashable, Sendable {
    /// The device picked, by zero-based index.
    case device(Int)
    /// The one-time code typed.
    case code(Secret)
    /// One typed answer per question.
    case answers([Secret])
    /// One picked option per question, by zero-based index.
    case selections([Int])

    /// Zeroes every typed answer (in every copy of this response).
    public func wipe() {
        switch self {
        case .code(let code): code.wipe()
        case .answers(let answers): answers.forEach { $0.wipe() }
        case .device, .selections: break
        }
    }

    /// The same response with its own copies of the typed answers (wiping one leaves the other).
    public func copy() -> MFAResponse {
        switch self {
        case .code(let code): .code(code.copy())
        case .answers(let answers): .answers(answers.map { $0.copy() })
        case .device, .selections: self
        }
    }
}
