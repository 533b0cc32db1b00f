import LinkKit

/// IdentityMatchBlockPane: IDENTITY_MATCH_BLOCK: the accounts' owner is not the person the app
/// named (`--identity-match`); Enter or Esc goes back to choose another institution.
struct IdentityMatchBlockPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Account not verified " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter/Esc", "choose another institution", matches: [.enter, .escape], sends: .primary),
                PlaidKeyBinding("Ctrl-X", "exit", matches: [.ctrl("x")])])
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("✗ We couldn't confirm this account is yours", y: area.y, area: area, style: s.error) + 1
        y = buffer.paragraph("The name on the accounts at \(context.institutionName) does not match the name you gave the app. "
                             + "Connect an account in your own name.", y: y, area: area, style: s.text) + 1
        buffer.paragraph("Sandbox: the owner of user_good's accounts is \(SandboxIdentity.accountOwner)", y: max(y, area.maxY - 1),
                         area: area, style: s.muted)
        return nil
    }
}
