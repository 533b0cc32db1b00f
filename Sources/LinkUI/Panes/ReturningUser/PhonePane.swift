import LinkKit

/// PhonePane: SUBMIT_PHONE: the phone for the returning user experience, or continue without
/// one (Tab to the button, Enter).
struct PhonePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Your phone " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Tab", "field / skip button", matches: [.tab]), PlaidKeyBinding("Enter", "continue", matches: [.enter]),
                PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { !onSkip }

    /// The phone field.
    var phone = TextField(maxLength: 24)
    /// Whether "Continue without a phone number" has the focus.
    var onSkip = false
    /// What was wrong with the number typed.
    var problem: String?

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        problem = nil
        if !returning {
            onSkip = false
            if let typed = context.engine.typedPhone { phone.set(typed) } else { phone.clear() }
        }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        switch key {
        case .escape: return .send(.back)
        case .tab, .backTab, .down, .up:
            onSkip.toggle()
            return .handled
        case .enter where onSkip:
            return .send(.skipPhone)
        case .enter:
            guard SavedProfile.normalizedPhone(phone.text) != nil else {
                problem = "A phone number has 10 digits (a US number), e.g. 415-555-0010"
                return .handled
            }
            return .send(.submitPhone(phone.text))
        default:
            guard !onSkip, let edited = phone.handle(key) else { return .ignored }
            if edited { problem = nil }
            return .handled
        }
    }

    /// `phone N`: type it and Enter; `skip`: Tab to the button and Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        switch command {
        case .phone(let number): return (onSkip ? [.tab] : []) + [.ctrl("u")] + number.map { Key.char($0) } + [.enter]
        case .skip: return (onSkip ? [] : [.tab]) + [.enter]
        default: return nil
        }
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Use your phone to connect faster", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("If you saved accounts with Plaid before, we'll find them with a one-time code. "
                             + "Otherwise your accounts are saved to this number once linked.", y: y, area: area, style: s.text) + 1
        let cursor = buffer.field(PhoneLine(field: phone), label: "Phone", y: y, area: area, labelWidth: 9, focused: !onSkip, styles: s)
        y += 1
        // the hint ends on the card's last row, whole: the code is what a person looks for
        let hint = "Sandbox: phone 415-555-0010, code \(SavedProfile.sandboxCode)"
        let lines = wrap(hint, width: area.width).count
        // the problem, the button, the way round it and the hint, a blank row between each where
        // they all fit, none where they do not (60x18 with a problem pushed the hint off the card)
        let problemLines = problem.map { wrap("✗ " + $0, width: area.width).count } ?? 0
        let gap = y + problemLines + (problemLines > 0 ? 1 : 0) + 2 + 2 + lines <= area.maxY ? 1 : 0
        if let problem { y = buffer.paragraph("✗ " + problem, y: y + gap, area: area, style: s.error) }
        // the card's one filled button (muted until a number is typed), then the way round it
        buffer.primaryButton("Continue", y: y + gap, area: area, enabled: !phone.text.isEmpty, styles: s)
        y += gap + 1
        buffer.text((onSkip ? "› " : "  ") + "Continue without a phone number", y: y + gap, x: area.x, area: area,
                    style: onSkip ? s.selectedItem : s.accent)
        buffer.paragraph(hint, y: max(y + gap + 1, area.maxY - lines), area: area, style: s.muted)
        return cursor
    }
}
