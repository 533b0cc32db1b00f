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
    /// The accepted answer for each prompt; `nil` where any choice is right (the device picker).
    let expected: [String?]

    /// Creates a challenge.
    init(type: MFAType, round: Int, roundCount: Int, prompts: [MFAPrompt], expected: [String?]) {
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
            return expected.first.flatMap { $0 }.map { code.matches($0) } ?? false
        case .answers(let answers):
            return zip(answers, expected).allSatisfy { answer, wanted in wanted.map { answer.matches($0) } ?? true }
        case .selections(let picks):
            return zip(zip(picks, prompts), expected).allSatisfy { pair, wanted in
                let (pick, prompt) = pair
                return wanted.map { prompt.options[pick] == $0 } ?? true
            }
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
}
