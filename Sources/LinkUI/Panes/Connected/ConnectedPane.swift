import LinkKit

/// ConnectedPane: success; the institution and the accounts shared. Enter or Esc finishes.
struct ConnectedPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Connected " }

    /// Enter and Esc finish the session (onSuccess, then HANDOFF); the footer names Enter.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "finish", matches: [.enter, .escape], sends: .primary)])
    }

    /// Draws the success message and the shared accounts.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("✓ Success", y: area.y, area: area, style: s.success) + 1
        let accounts = context.engine.sharedAccounts
        let sentence = accounts.count > 1 ? "Your \(accounts.count) accounts at \(context.institutionName) are connected to linkterm."
            : "Your account at \(context.institutionName) is connected to linkterm."
        y = buffer.paragraph(sentence, y: y, area: area, style: s.text) + 1
        buffer.text("Shared \(accounts.count) account\(accounts.count == 1 ? "" : "s"):", y: y, x: area.x, area: area, style: s.muted)
        y += 1
        let room = area.maxY - y - 2
        for (index, account) in accounts.enumerated() where index < room {
            let more = index == room - 1 && accounts.count > room
            let line = more ? "  … and \(accounts.count - index) more"
                : "  " + AccountRow.columns(account, AccountRow.fitting(accounts, width: area.width - 2))
            buffer.text(line, y: y, x: area.x, area: area, style: s.text)
            y += 1
        }
        buffer.primaryButton("Finish", y: min(area.maxY - 1, y + 1), area: area, styles: s)
        return nil
    }
}
