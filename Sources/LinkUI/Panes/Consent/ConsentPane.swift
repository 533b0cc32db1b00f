import LinkKit

/// ConsentPane: the first pane, what linking shares and how; Enter continues, Esc leaves at once.
struct ConsentPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Link your account " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        var bindings = [PlaidKeyBinding("Enter", "continue", matches: [.enter], sends: .primary),
                        PlaidKeyBinding("d", "data shared", matches: [.char("d")], sends: .viewDataTypes)]
        if context.engine.configuration.products.contains(.assets) {
            bindings.append(PlaidKeyBinding("m", "my.plaid.com", matches: [.char("m")], sends: .openMyPlaid))
        }
        return PlaidKeyMap(bindings + [PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// Whether my.plaid.com was opened (the pane gives its address).
    var openedMyPlaid = false

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        guard let action = keyMap(context).action(for: key) else { return .ignored }
        if action == .openMyPlaid { openedMyPlaid = true }
        return .send(action)
    }

    /// `data-types`: d; `my-plaid`: m.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        switch command {
        case .dataTypes: [.char("d")]
        case .myPlaid: [.char("m")]
        default: nil
        }
    }

    /// Draws the consent text and the continue button.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
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
        if y < area.maxY - 2 {
            buffer.text("d: see the data you share", y: y, x: area.x, area: area, style: s.muted)
            y += 1
        }
        if context.engine.configuration.products.contains(.assets), y < area.maxY - 2 {
            buffer.text(openedMyPlaid ? "Opened https://my.plaid.com in your browser" : "m: manage your connections at my.plaid.com",
                        y: y, x: area.x, area: area, style: openedMyPlaid ? s.success : s.muted)
            y += 1
        }
        buffer.primaryButton("Continue", y: min(area.maxY - 1, max(y + 1, area.y)), area: area, styles: s)
        return nil
    }
}
