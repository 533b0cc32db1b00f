import LinkKit

/// MatchedPane: MATCHED_CONSENT: an institution found in the search that the verified phone
/// linked before: share the saved accounts again (phone), or sign in (password).
struct MatchedPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Saved institution " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), PlaidKeyBinding("Enter", "continue", matches: [.enter]),
                PlaidKeyBinding("Esc", "back to search", matches: [.escape], sends: .back)])
    }

    static let choices: [(VerifyMethod, String)] = [
        (.phoneotp, "Use my verified phone: share my saved accounts"),
        (.password, "Sign in with my username and password"),
    ]

    /// The highlighted choice.
    var list = ChoiceList()

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { list.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        list.handle(key, count: Self.choices.count, back: UserAction.back) { .chooseVerifyMethod(Self.choices[$0].0) }
    }

    /// `verify M`: move to it and Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .verify(let method) = command, let target = Self.choices.firstIndex(where: { $0.0 == method }) else { return nil }
        return list.keys(choosing: target)
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("You connected \(context.institutionName) before", y: area.y, area: area, style: s.title)
        y = buffer.paragraph("It is saved with your verified phone.", y: y, area: area, style: s.muted) + 1
        _ = list.draw(Self.choices.map { ($0.1, nil) }, into: &buffer, y: y, area: area, styles: s)
        return nil
    }
}
