import LinkKit

/// ProfileReviewPane: PROFILE_DATA_REVIEW: the profile Layer found for the phone; Enter shares it
/// (onSuccess), Esc asks to exit.
struct ProfileReviewPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Review your information " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "share", matches: [.enter], sends: .primary), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("We found your information", y: area.y, area: area, style: s.title) + 1
        let phone = context.engine.typedPhone.map(SavedProfile.masked) ?? ""
        buffer.text("Phone    \(phone)", y: y, x: area.x, area: area, style: s.text)
        buffer.text("Bank     \(context.institutionName)", y: y + 1, x: area.x, area: area, style: s.text)
        y += 3
        for account in context.engine.accounts where y < area.maxY - 2 {
            let layout = AccountRow.fitting(context.engine.accounts, width: area.width - 2)
            buffer.text("  " + AccountRow.columns(account, layout), y: y, x: area.x, area: area, style: s.text)
            y += 1
        }
        buffer.primaryButton("Share with the app", y: min(area.maxY - 1, y + 1), area: area, styles: s)
        return nil
    }
}
