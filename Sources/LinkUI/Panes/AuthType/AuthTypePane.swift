import LinkKit

/// AuthTypePane: SELECT_AUTH_TYPE (Auth sessions): connect instantly by finding the bank, or
/// manually with account and routing numbers.
struct AuthTypePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Connect your account " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), PlaidKeyBinding("Enter", "continue", matches: [.enter]),
                PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The choices, in the order shown.
    static let choices: [(AuthTypeSelection, String, String)] = [
        (.instant, "Instant", "Find your bank and sign in: connected in seconds"),
        (.manual, "Manual", "Enter your routing and account numbers: takes 1–2 business days"),
    ]

    /// The highlighted choice.
    var list = ChoiceList()

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { list.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        list.handle(key, count: Self.choices.count, back: UserAction.back) { .chooseAuthType(Self.choices[$0].0) }
    }

    /// `auth instant|manual`: move to the choice and press Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .auth(let choice) = command, let target = Self.choices.firstIndex(where: { $0.0 == choice }) else { return nil }
        return list.keys(choosing: target)
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let y = buffer.paragraph("How would you like to connect your account?", y: area.y, area: area, style: context.styles.title) + 1
        _ = list.draw(Self.choices.map { ($0.1, $0.2) }, into: &buffer, y: y, area: area, styles: context.styles)
        return nil
    }
}
