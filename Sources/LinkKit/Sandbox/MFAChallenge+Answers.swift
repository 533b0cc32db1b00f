extension MFAChallenge {
    /// The response that scenario answers mean for this challenge: the one place where answers
    /// become a response, for `replay` and the autopilot alike. A device is its index; a code
    /// is one answer; questions take their answers in order; a selection is an option's text or
    /// its index. The typed answers are copied (the engine wipes what it is given, and a scenario
    /// may be played again). Whether the response fits (counts, ranges, empty answers) is
    /// ``problem(with:)``'s to say.
    public func response(to answers: [Secret]) throws(ActionRejected) -> MFAResponse {
        switch type {
        case .device:
            guard answers.count == 1, let index = answers[0].integerValue() else {
                throw ActionRejected("the device picker takes one device index (0-based)")
            }
            return .device(index)
        case .code:
            guard answers.count == 1 else { throw ActionRejected("the code step takes one code") }
            return .code(answers[0].copy())
        case .questions:
            return .answers(answers.map { $0.copy() })
        case .selections:
            guard answers.count == prompts.count else {
                throw ActionRejected("pick an answer for all \(prompts.count) question(s) (got \(answers.count))")
            }
            var picks: [Int] = []
            for (number, (answer, prompt)) in zip(answers, prompts).enumerated() {
                let pick = prompt.options.firstIndex(where: { answer.matches($0) }) ?? answer.integerValue()
                guard let pick else {
                    throw ActionRejected("question \(number + 1): the answer is neither one of its options nor an option index")
                }
                picks.append(pick)
            }
            return .selections(picks)
        }
    }
}
