import LinkKit

/// ConsentPane: the first pane, what linking shares and how; Enter continues, Esc leaves at once.
struct ConsentPane: PaneView {
    static func shows(_ pane: Pane) -> Bool { pane == .consent }

    func title(_ context: PaneContext) -> String? { " Link your account " }

    func keyMap(_ context: PaneContext) -> KeyMap {
        KeyMap([KeyBinding("Enter", "continue", matches: [.enter], sends: .primary),
                KeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// Draws the consent text and the continue button.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition? {
        let s = context.styles
        var y = area.y
        y = buffer.paragraph("linkterm uses Plaid to connect your account", y: y, area: area, style: s.title) + 1
        let points = [
            ("Connect effortlessly", "Plaid lets you securely connect your financial accounts in seconds."),
            ("Your data belongs to you", "Plaid doesn't sell personal info, and will only use it with your permission."),
            ("Sandbox", "Nothing here touches a real bank: use username user_good and password pass_good."),
        ]
        for (title, text) in points where y < area.maxY - 2 {
            buffer.text("• " + title, y: y, x: area.x, area: area, style: s.accent)
            y = buffer.paragraph(text, y: y + 1, area: area.inset(left: 2), style: s.text) + 1
        }
        let button = "[ Continue ]"
        buffer.centered(button, y: min(area.maxY - 1, max(y, area.y)), area: area, style: s.selected)
        return nil
    }
}
