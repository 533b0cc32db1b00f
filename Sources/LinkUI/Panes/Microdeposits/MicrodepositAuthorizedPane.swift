import LinkKit

/// MicrodepositAuthorizedPane: INSTANT_ or SAME_DAY_MICRODEPOSIT_AUTHORIZED: the deposit is on
/// its way. Instant: Enter goes on to type its code. Same-day: the Item is linked; Enter (or any
/// way out) finishes with onSuccess.
struct MicrodepositAuthorizedPane: PaneView {
    private func isInstant(_ context: PlaidPaneContext) -> Bool {
        context.pane == .microdepositAuthorized(instant: true)
    }

    func title(_ context: PlaidPaneContext) -> String? { " Deposit authorized " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        isInstant(context)
            ? PlaidKeyMap([PlaidKeyBinding("Enter", "enter the code", matches: [.enter], sends: .primary),
                      PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
            : PlaidKeyMap([PlaidKeyBinding("Enter", "finish", matches: [.enter, .escape], sends: .primary)])
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let mask = context.engine.sharedAccounts.first?.mask.map { " ending in \($0)" } ?? ""
        var y = buffer.paragraph("✓ Deposit authorized", y: area.y, area: area, style: s.success) + 1
        if isInstant(context) {
            y = buffer.paragraph("We sent $0.01 to your account\(mask). Its description holds a 3-letter code: "
                                 + "find it in your bank's app and enter it next.", y: y, area: area, style: s.text) + 1
            buffer.primaryButton("Enter the code", y: min(area.maxY - 1, y), area: area, styles: s)
        } else {
            y = buffer.paragraph("A deposit of $0.01 will reach your account\(mask) in 1–2 business days. "
                                 + "Its description holds a 3-letter code; come back to verify it.", y: y, area: area, style: s.text) + 1
            y = buffer.paragraph("Your account is saved as pending manual verification.", y: y, area: area, style: s.muted) + 1
            buffer.primaryButton("Finish", y: min(area.maxY - 1, y), area: area, styles: s)
        }
        return nil
    }
}
