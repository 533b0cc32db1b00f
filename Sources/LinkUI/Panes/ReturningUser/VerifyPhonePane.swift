import LinkKit

/// VerifyPhonePane: VERIFY_PHONE: the one-time code sent to the phone (masked; three wrong codes
/// stop and continue as a new user). Esc goes back to the phone.
struct VerifyPhonePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verify your phone " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "verify", matches: [.enter]), PlaidKeyBinding("Esc", "change the number", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The code field.
    var code = SecretField(maxLength: 12)

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { code.clear() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        code.handleCodeEntry(key, back: UserAction.back, submit: UserAction.submitOTP)
    }

    /// `otp C`: clear the field, type the code, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .otp(let secret) = command else { return nil }
        return SecretField.keys(entering: secret)
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let phone = context.engine.typedPhone.map(SavedProfile.masked) ?? "your phone"
        var y = buffer.paragraph("Enter the code sent to \(phone)", y: area.y, area: area, style: s.title) + 1
        y = buffer.inlineError(context.engine.inlineError, y: y, area: area, styles: s)
        let cursor = buffer.field(code, label: "Code", y: y, area: area, labelWidth: 8, focused: true, styles: s)
        // the card's one filled button (muted until a code is typed), as every code card's
        buffer.primaryButton("Verify", y: y + 2, area: area, enabled: !code.isEmpty, styles: s)
        buffer.paragraph("Sandbox: the code is \(SavedProfile.sandboxCode) (3 tries)", y: max(y + 4, area.maxY - 1),
                         area: area, style: s.muted)
        return cursor
    }
}
