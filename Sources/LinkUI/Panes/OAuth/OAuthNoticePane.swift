import LinkKit

/// OAuthNoticePane: the OAUTH pane's notice: "you will sign in on your bank's site".
struct OAuthNoticePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " OAuth " }

    /// Enter opens the bank page, Esc goes back.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "continue to bank", matches: [.enter], sends: .primary),
                PlaidKeyBinding("Esc", "back", matches: [.escape], sends: .back)])
    }

    /// Draws the OAuth notice.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("You will be sent to \(context.institutionName)", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("\(context.institutionName) signs you in on its own site (OAuth). Sign in there, approve sharing, and you will come back here to choose your accounts.",
                             y: y, area: area, style: s.text) + 1
        y = buffer.paragraph("In the sandbox the bank's page is simulated in this terminal; any input is accepted.",
                             y: y, area: area, style: s.muted) + 1
        buffer.primaryButton("Continue to \(context.institutionName)", y: min(area.maxY - 1, y), area: area, styles: s)
        return nil
    }
}
