import LinkKit

/// CredentialsPane: username and password (masked) for the selected institution.
struct CredentialsPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Credentials " }

    /// Esc goes back to search, or in update mode (no search to go back to) asks to exit.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Tab", "next field", matches: [.tab]), PlaidKeyBinding("Enter", "submit", matches: [.enter]),
                PlaidKeyBinding("Esc", context.engine.isUpdateMode ? "exit" : "back", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// After a wrong password the username stays and the password is cleared; a new visit
    /// starts empty; back from the exit dialog, both stay.
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if context.engine.inlineError != nil { retry() } else if !returning { reset() }
    }

    /// Fill both fields (from the username) and press Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .credentials(let name, let secret) = command else { return nil }
        let toUsername: [Key] = focus == 0 ? [] : [.backTab]
        return toUsername + [.ctrl("u")] + name.map { Key.char($0) } + [.tab, .ctrl("u")]
            + KeyPlanner.keys(typing: secret) + [.enter]
    }

    /// The two fields.
    var fields = SignInFields()
    /// The username field.
    var username: TextField { fields.username }
    /// The password field (masked; its text never becomes a `String`).
    var password: SecretField { fields.password }
    /// 0: username, 1: password.
    var focus: Int { fields.focus }

    /// Clears both fields (a new institution).
    mutating func reset() { fields.reset() }

    /// After a wrong password: keep the username, clear the password, focus it.
    mutating func retry() { fields.retry() }

    /// Typing edits the focused field; Tab/arrows switch; Enter submits when both are filled.
    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        fields.handleSignIn(key, back: UserAction.back, submit: UserAction.submitCredentials)
    }

    /// Draws the fields, the inline error and the sandbox hint.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Enter your \(context.institutionName) credentials", y: area.y, area: area, style: s.title) + 1
        let cursor = fields.draw(into: &buffer, y: y, area: area, placeholders: ("user_good", ""), styles: s)
        // a wrong password is said under the fields, in the error style
        y = max(y + 4, buffer.inlineError(context.engine.inlineError, y: y + 3, area: area, styles: s))
        buffer.primaryButton("Submit", y: min(area.maxY - 1, y), area: area, enabled: !fields.isIncomplete, styles: s)
        buffer.paragraph("Sandbox: user_good / pass_good · F1 lists every test password", y: min(area.maxY - 1, y + 2),
                         area: area, style: s.muted)
        return cursor
    }
}
