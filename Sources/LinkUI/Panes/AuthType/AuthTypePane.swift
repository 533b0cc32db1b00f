import LinkKit

/// AuthTypePane: SELECT_AUTH_TYPE (Auth sessions): connect instantly by finding the bank, or
/// manually with account and routing numbers.
struct AuthTypePane: PaneView {
    static func shows(_ pane: Pane) -> Bool { pane == .selectAuthType }

    func title(_ context: PaneContext) -> String? { " Connect your account " }

    func keyMap(_ context: PaneContext) -> KeyMap {
        KeyMap([KeyBinding("↑/↓", "choose", matches: [.up, .down]), KeyBinding("Enter", "continue", matches: [.enter]),
                KeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The choices, in the order shown.
    static let choices: [(AuthTypeSelection, String, String)] = [
        (.instant, "Instant", "Find your bank and sign in: connected in seconds"),
        (.manual, "Manual", "Enter your routing and account numbers: takes 1–2 business days"),
    ]

    /// The highlighted choice.
    var highlighted = 0

    mutating func enter(_ context: PaneContext, returning: Bool) {
        if !returning { highlighted = 0 }
    }

    mutating func handle(_ key: Key, context: PaneContext) -> PaneResult {
        switch key {
        case .up, .ctrl("p"): highlighted = 0; return .handled
        case .down, .ctrl("n"): highlighted = 1; return .handled
        case .enter: return .send(.chooseAuthType(Self.choices[highlighted].0))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `auth instant|manual`: move to the choice and press Enter.
    func keys(for command: ScenarioCommand, context: PaneContext) -> [Key]? {
        guard case .auth(let choice) = command, let target = Self.choices.firstIndex(where: { $0.0 == choice }) else { return nil }
        return KeyPlanner.moves(from: highlighted, to: target) + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("How would you like to connect your account?", y: area.y, area: area, style: s.title) + 1
        for (index, choice) in Self.choices.enumerated() where y < area.maxY - 1 {
            let selected = index == highlighted
            buffer.text((selected ? "› " : "  ") + choice.1, y: y, x: area.x, area: area, style: selected ? s.selectedItem : s.text)
            y += 1
            let indented = Rect(x: area.x + 4, y: area.y, width: max(1, area.width - 4), height: area.height)
            y = buffer.paragraph(choice.2, y: y, area: indented, style: s.muted) + 1
        }
        return nil
    }
}
