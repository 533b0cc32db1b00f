import LinkKit

/// RecaptchaPane: RECAPTCHA: a word to type back, the terminal's stand-in for a reCAPTCHA.
struct RecaptchaPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Are you human? " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "verify", matches: [.enter]), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The answer field.
    var answer = TextField(maxLength: 32)

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { answer.clear() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        switch key {
        case .escape: return .send(.back)
        case .enter: return answer.isEmpty ? .handled : .send(.submitCaptcha(answer.text))
        default: return answer.handle(key) == nil ? .ignored : .handled
        }
    }

    /// `captcha W`: type it, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .captcha(let word) = command else { return nil }
        return [.ctrl("u")] + word.map { Key.char($0) } + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Type the word in the box to continue", y: area.y, area: area, style: s.title) + 1
        let word = context.engine.captchaWord ?? ""
        let box = "  " + word.map { String($0).uppercased() }.joined(separator: " ") + "  "
        buffer.text("╭" + String(repeating: "─", count: box.count) + "╮", y: y, x: area.x + 2, area: area, style: s.border)
        buffer.text("│", y: y + 1, x: area.x + 2, area: area, style: s.border)
        buffer.text(box, y: y + 1, x: area.x + 3, area: area, style: s.accent)
        buffer.text("│", y: y + 1, x: area.x + 3 + box.count, area: area, style: s.border)
        buffer.text("╰" + String(repeating: "─", count: box.count) + "╯", y: y + 2, x: area.x + 2, area: area, style: s.border)
        y += 4
        return buffer.field(answer, label: "Word", y: y, area: area, labelWidth: 8, focused: true, styles: s)
    }
}
