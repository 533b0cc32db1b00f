import LinkKit

/// IdentitySMSPane: VERIFY_SMS: the mobile number, then the code sent to it (masked).
struct IdentitySMSPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verify your phone " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        if context.engine.identityOutcome != nil { return IdentityEnding.keyMap }
        return PlaidKeyMap([PlaidKeyBinding("Enter", codeSent(context) ? "verify" : "send the code", matches: [.enter]),
                       PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { context.engine.identityOutcome == nil }

    private func codeSent(_ context: PlaidPaneContext) -> Bool { context.pane == .identity(.verifySMS(codeSent: true)) }

    /// The mobile number.
    var phone = TextField(maxLength: 24)
    /// The code (masked).
    var code = SecretField(maxLength: 12)
    /// What was wrong with the number.
    var problem: String?

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        problem = nil
        if !returning { code.clear() }
        if !returning && !codeSent(context) { phone.clear() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        if context.engine.identityOutcome != nil { return key == .enter || key == .escape ? .send(.primary) : .ignored }
        switch key {
        case .escape: return .send(.back)
        case .enter where codeSent(context):
            return code.isEmpty ? .handled : .send(.submitOTP(code.takeSecret()))
        case .enter:
            guard SavedProfile.normalizedPhone(phone.text) != nil else {
                problem = "A phone number has 10 digits (a US number), e.g. \(SandboxIdentity.phone)"
                return .handled
            }
            return .send(.submitPhone(phone.text))
        default:
            let edited = codeSent(context) ? code.handle(key) : phone.handle(key)
            guard let edited else { return .ignored }
            if edited { problem = nil }
            return .handled
        }
    }

    /// `phone N` / `otp C`: clear the field, type, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        switch command {
        case .phone(let number): return [.ctrl("u")] + number.map { Key.char($0) } + [.enter]
        case .otp(let secret): return SecretField.keys(entering: secret)
        default: return nil
        }
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        if let outcome = context.engine.identityOutcome {
            IdentityEnding.draw(outcome, into: &buffer, area: area, styles: s)
            return nil
        }
        var y = buffer.paragraph(codeSent(context) ? "Enter the code we texted to \(context.engine.typedPhone.map(SavedProfile.masked) ?? "you")"
                                                   : "What's your mobile number?", y: area.y, area: area, style: s.title) + 1
        if codeSent(context) { y = buffer.inlineError(context.engine.inlineError, y: y, area: area, styles: s) }
        let cursor = codeSent(context)
            ? buffer.field(code, label: "Code", y: y, area: area, labelWidth: 10, focused: true, styles: s)
            : buffer.field(PhoneLine(field: phone), label: "Mobile", y: y, area: area, labelWidth: 10, focused: true, styles: s)
        if let problem { buffer.paragraph("✗ " + problem, y: y + 2, area: area, style: s.error) }
        buffer.paragraph("Sandbox: \(SandboxIdentity.phone), code \(SandboxIdentity.smsCode) (3 tries)",
                         y: max(y + 4, area.maxY - 1), area: area, style: s.muted)
        return cursor
    }
}
