import LinkKit

/// NumbersSelectInstitutionPane: NUMBERS_SELECT_INSTITUTION: the routing number typed for
/// same-day micro-deposits belongs to a bank that supports signing in: sign in instead (instant),
/// or go on with the account number (manual).
struct NumbersSelectInstitutionPane: PaneView {
    static func shows(_ pane: Pane) -> Bool { pane == .numbersSelectInstitution }

    func title(_ context: PaneContext) -> String? { " Account numbers " }

    func keyMap(_ context: PaneContext) -> KeyMap {
        KeyMap([KeyBinding("↑/↓", "choose", matches: [.up, .down]), KeyBinding("Enter", "continue", matches: [.enter]),
                KeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The highlighted choice: 0 sign in, 1 numbers.
    var highlighted = 0

    mutating func enter(_ context: PaneContext, returning: Bool) {
        if !returning { highlighted = 0 }
    }

    mutating func handle(_ key: Key, context: PaneContext) -> PaneResult {
        switch key {
        case .up, .ctrl("p"): highlighted = 0; return .handled
        case .down, .ctrl("n"): highlighted = 1; return .handled
        case .enter: return .send(.chooseAuthType(highlighted == 0 ? .instant : .manual))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `auth instant`: sign in; `auth manual`: go on with numbers.
    func keys(for command: ScenarioCommand, context: PaneContext) -> [Key]? {
        guard case .auth(let choice) = command else { return nil }
        return KeyPlanner.moves(from: highlighted, to: choice == .instant ? 0 : 1) + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("\(context.institutionName) supports signing in instantly", y: area.y, area: area, style: s.title)
        y = buffer.paragraph("Your routing number is \(context.engine.routingNumber ?? "")'s bank: sign in to connect now, or go on "
                             + "with your account number and wait 1–2 days for the deposit.", y: y, area: area, style: s.muted) + 1
        for (index, line) in ["Sign in to \(context.institutionName) (instant)", "Continue with account numbers"].enumerated() where y < area.maxY {
            let selected = index == highlighted
            buffer.text((selected ? "› " : "  ") + line, y: y, x: area.x, area: area, style: selected ? s.selectedItem : s.text)
            y += 1
        }
        return nil
    }
}
