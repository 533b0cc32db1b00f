import LinkKit

/// MFAPane: one MFA step: a device list, a code, several questions, or multiple choice.
struct MFAPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verification " }

    /// The bindings for each kind of step.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        let esc = PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)
        let enter = { (action: String) in PlaidKeyBinding("Enter", action, matches: [.enter]) }
        return switch context.engine.currentChallenge?.type ?? .code {
        case .device: PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), enter("send code"), esc])
        case .code: PlaidKeyMap([enter("submit"), esc])
        case .questions: PlaidKeyMap([PlaidKeyBinding("Tab", "next question", matches: [.tab]), enter("submit"), esc])
        case .selections: PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), PlaidKeyBinding("Space", "pick", matches: [.char(" ")]),
                                  PlaidKeyBinding("Tab", "next question", matches: [.tab]), enter("pick, then submit"), esc])
        }
    }

    func takesText(_ context: PlaidPaneContext) -> Bool {
        context.engine.currentChallenge.map { $0.type == .code || $0.type == .questions } ?? false
    }

    /// A new challenge starts empty; back from the exit dialog, the answers stay.
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if let challenge = context.engine.currentChallenge, !returning { reset(for: challenge) }
    }

    /// The keys for one submission: the same response replay sends, checked as the engine
    /// will check it, then typed or picked field by field.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .mfa(let given) = command, let challenge = context.engine.currentChallenge else { return nil }
        let response = try challenge.response(to: given)
        defer { response.wipe() }
        if let problem = challenge.problem(with: response) { throw ActionRejected(problem) }
        let toFirstField: [Key] = Array(repeating: .backTab, count: focus)
        switch response {
        case .device(let index):
            return KeyPlanner.moves(from: highlighted.first ?? 0, to: index) + [.enter]
        case .code(let code):
            return toFirstField + [.ctrl("u")] + KeyPlanner.keys(typing: code) + [.enter]
        case .answers(let typed):
            var keys = toFirstField
            for (index, answer) in typed.enumerated() {
                if index > 0 { keys.append(.tab) }
                keys.append(.ctrl("u"))
                keys += KeyPlanner.keys(typing: answer)
            }
            return keys + [.enter]
        case .selections(let picks):
            var keys = toFirstField
            for (number, pick) in picks.enumerated() {
                let from = highlighted.indices.contains(number) ? highlighted[number] : 0
                keys += KeyPlanner.moves(from: from, to: pick) + [.char(" ")]
            }
            return keys + [.enter]
        }
    }

    /// One masked answer field per question (or one for the code).
    var answers: [SecretField] = []
    /// The focused question.
    var focus = 0
    /// The highlighted option of each question (device list, selections).
    var highlighted: [Int] = []
    /// The picked option of each question (selections).
    var picked: [Int?] = []

    /// Prepares for a new step.
    mutating func reset(for challenge: MFAChallenge) {
        answers = challenge.prompts.map { _ in SecretField(maxLength: 64) }
        highlighted = challenge.prompts.map { _ in 0 }
        picked = challenge.prompts.map { _ in nil }
        focus = 0
    }

    /// Handles a key for the current challenge.
    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        guard let challenge = context.engine.currentChallenge else { return .ignored }
        if answers.count != challenge.prompts.count { reset(for: challenge) }
        let count = challenge.prompts.count
        switch key {
        case .escape:
            return .send(.back)
        case .tab where count > 1:
            focus = (focus + 1) % count
            return .handled
        case .backTab where count > 1:
            focus = (focus + count - 1) % count
            return .handled
        default:
            break
        }
        switch challenge.type {
        case .device:
            let options = challenge.prompts[0].options.count
            switch key {
            case .up, .ctrl("p"): highlighted[0] = max(0, highlighted[0] - 1); return .handled
            case .down, .ctrl("n"): highlighted[0] = min(options - 1, highlighted[0] + 1); return .handled
            case .enter: return .send(.submitMFA(.device(highlighted[0])))
            default: return .ignored
            }
        case .code, .questions:
            if key == .enter {
                if let empty = answers.firstIndex(where: \.isEmpty) { focus = empty; return .handled }
                // each field is wiped as its secret leaves it; the engine wipes the secrets once read
                var secrets: [Secret] = []
                for index in answers.indices { secrets.append(answers[index].takeSecret()) }
                focus = 0
                return .send(.submitMFA(challenge.type == .code ? .code(secrets[0]) : .answers(secrets)))
            }
            if key == .down && focus < count - 1 { focus += 1; return .handled }
            if key == .up && focus > 0 { focus -= 1; return .handled }
            return answers[focus].handle(key) == nil ? .ignored : .handled
        case .selections:
            let options = challenge.prompts[focus].options.count
            switch key {
            case .up, .ctrl("p"): highlighted[focus] = max(0, highlighted[focus] - 1); return .handled
            case .down, .ctrl("n"): highlighted[focus] = min(options - 1, highlighted[focus] + 1); return .handled
            case .char(" "):
                picked[focus] = highlighted[focus]
                if focus < count - 1 { focus += 1 }
                return .handled
            case .enter:
                // an answer is sent only once it has been shown as chosen: Enter on a question
                // not answered yet chooses its highlighted option and goes to the next one
                if picked[focus] == nil {
                    picked[focus] = highlighted[focus]
                    if let missing = picked.firstIndex(where: { $0 == nil }) { focus = missing }
                    return .handled
                }
                if let missing = picked.firstIndex(where: { $0 == nil }) { focus = missing; return .handled }
                let choices = picked.compactMap { $0 }
                reset(for: challenge)
                return .send(.submitMFA(.selections(choices)))
            default:
                return .ignored
            }
        }
    }

    /// Draws the step.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        guard let challenge = context.engine.currentChallenge else { return nil }
        if answers.count != challenge.prompts.count { reset(for: challenge) }
        let s = context.styles
        let heading = switch challenge.type {
        case .device: "Verify your identity"
        case .code: "Enter your verification code"
        case .questions: "Answer your security questions"
        case .selections: "Answer a few questions"
        }
        var y = buffer.paragraph(heading, y: area.y, area: area, style: s.title)
        if challenge.roundCount > 1 {
            buffer.text("Round \(challenge.round + 1) of \(challenge.roundCount)", y: area.y, x: area.maxX - 12, area: area, style: s.muted)
        }
        y += 1
        y = buffer.inlineError(context.engine.inlineError, y: y, area: area, styles: s)
        var cursor: CellPosition?
        switch challenge.type {
        case .device:
            y = buffer.paragraph(challenge.prompts[0].text, y: y, area: area, style: s.text) + 1
            for (index, option) in challenge.prompts[0].options.enumerated() where y < area.maxY {
                let selected = index == highlighted[0]
                buffer.text((selected ? "› " : "  ") + option, y: y, x: area.x, area: area, style: selected ? s.selected : s.text)
                y += 1
            }
        case .code, .questions:
            for (index, prompt) in challenge.prompts.enumerated() where y < area.maxY - 1 {
                // questions are numbered from 1 on screen; the field's placeholder numbers the
                // round and the question as the sandbox's answers do (from 0), never the answer itself
                let text = challenge.type == .questions && challenge.prompts.count > 1 ? "\(index + 1). \(prompt.text)" : prompt.text
                buffer.text(text, y: y, x: area.x, area: area, style: index == focus ? s.accent : s.text)
                let placeholder = challenge.type == .code ? "\(SandboxCredentials.deviceCode)" : "sandbox: round \(challenge.round), question \(index)"
                let here = buffer.field(answers[index], label: "", y: y + 1, area: area, labelWidth: 2, focused: index == focus,
                                        styles: s, placeholder: placeholder)
                cursor = cursor ?? here
                y += 2
            }
        case .selections:
            for (index, prompt) in challenge.prompts.enumerated() where y < area.maxY {
                buffer.text(prompt.text, y: y, x: area.x, area: area, style: index == focus ? s.accent : s.text)
                y += 1
                for (optionIndex, option) in prompt.options.enumerated() where y < area.maxY {
                    let mark = picked[index] == optionIndex ? "(•) " : "( ) "
                    let isHighlighted = index == focus && optionIndex == highlighted[index]
                    buffer.text("  " + mark + option, y: y, x: area.x, area: area, style: isHighlighted ? s.selected : s.text)
                    y += 1
                }
            }
        }
        // the card's one filled button, under what it submits (the sandbox hint keeps the last row)
        if y + 1 < area.maxY - 1 {
            buffer.primaryButton(challenge.type == .device ? "Send code" : "Continue", y: y + 1, area: area, styles: s)
        }
        let hint = Self.sandboxHint(challenge)
        if y < area.maxY - 1 {
            buffer.text(hint, y: area.maxY - 1, x: area.x, area: area, style: s.muted)
        }
        return cursor
    }

    /// What the sandbox takes here (answers count from 0, as the sandbox's passwords name them).
    static func sandboxHint(_ challenge: MFAChallenge) -> String {
        switch challenge.type {
        case .device: "Sandbox: any device; the code is then \(SandboxCredentials.deviceCode)"
        case .code: "Sandbox: the code is \(SandboxCredentials.deviceCode)"
        case .questions: "Sandbox: answer_<round>_<question>, from 0"
        case .selections: "Sandbox: the first option of each question is right"
        }
    }
}
