import LinkKit

/// MicrodepositVerificationPane: INSTANT_MICRODEPOSIT_VERIFICATION: the 3-letter code from the
/// deposit's description, typed into a masked field (three wrong codes end the session).
struct MicrodepositVerificationPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verify your account " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "verify", matches: [.enter]), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The code field (masked; wiped as the code leaves it).
    var code = SecretField(maxLength: 8)

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { code.clear() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        code.handleCodeEntry(key, back: UserAction.back, submit: UserAction.submitDepositCode)
    }

    /// `code C`: clear the field, type it, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .code(let secret) = command else { return nil }
        return SecretField.keys(entering: secret)
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let mask = context.engine.sharedAccounts.first?.mask.map { " to the account ending in \($0)" } ?? ""
        var y = buffer.paragraph("Enter the code from the $0.01 deposit\(mask)", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("Its description reads like #XXX: the three letters are the code.", y: y, area: area, style: s.text) + 1
        y = buffer.inlineError(context.engine.inlineError, y: y, area: area, styles: s)
        let cursor = buffer.field(code, label: "Code", y: y, area: area, labelWidth: 8, focused: true, styles: s)
        buffer.paragraph("Sandbox: every deposit's code is \(SandboxAuth.depositCode) (3 tries)", y: max(y + 2, area.maxY - 1),
                         area: area, style: s.muted)
        return cursor
    }
}
