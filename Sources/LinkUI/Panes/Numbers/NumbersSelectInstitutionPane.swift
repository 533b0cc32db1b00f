import LinkKit

/// NumbersSelectInstitutionPane: NUMBERS_SELECT_INSTITUTION: the routing number typed for
/// same-day micro-deposits belongs to a bank that supports signing in: sign in instead (instant),
/// or go on with the account number (manual).
struct NumbersSelectInstitutionPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Account numbers " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), PlaidKeyBinding("Enter", "continue", matches: [.enter]),
                PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The choices, in the order shown.
    static let choices: [AuthTypeSelection] = [.instant, .manual]

    /// The highlighted choice.
    var list = ChoiceList()

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { list.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        list.handle(key, count: Self.choices.count, back: UserAction.back) { .chooseAuthType(Self.choices[$0]) }
    }

    /// `auth instant`: sign in; `auth manual`: go on with numbers.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .auth(let choice) = command, let target = Self.choices.firstIndex(of: choice) else { return nil }
        return list.keys(choosing: target)
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("\(context.institutionName) supports signing in instantly", y: area.y, area: area, style: s.title)
        y = buffer.paragraph("Your routing number is \(context.institutionName)'s: sign in to connect now, or go on "
                             + "with your account number and wait 1–2 days for the deposit.", y: y, area: area, style: s.muted) + 1
        _ = list.draw([("Sign in to \(context.institutionName) (instant)", nil), ("Continue with account numbers", nil)],
                      into: &buffer, y: y, area: area, styles: s)
        return nil
    }
}
