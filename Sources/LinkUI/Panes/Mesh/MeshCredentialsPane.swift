import LinkKit
import LinkSDK

/// MeshCredentialsPane: the integration's sign-in form (sandbox: username Mesh, password Pass123).
struct MeshCredentialsPane: PaneView {
    var fields = SignInFields()

    func title(_ context: MeshPaneContext) -> String? { " Sign in " }
    func takesText(_ context: MeshPaneContext) -> Bool { true }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("Tab", "next field", matches: [.tab]), MeshKeyBinding("Enter", "sign in", matches: [.enter]),
                MeshKeyBinding("Esc", "back", matches: [.escape])])
    }

    /// A wrong password keeps the username and clears the password; a new integration starts empty.
    mutating func enter(_ context: MeshPaneContext, returning: Bool) {
        if context.engine.inlineError == nil { fields.reset() } else { fields.retry() }
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        fields.handleSignIn(key, back: MeshAction.back, submit: MeshAction.submitCredentials)
    }

    /// `credentials`: to the username, each field emptied and typed, Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .submitCredentials(let username, let password) = action else { return nil }
        let toUsername: [Key] = fields.focus == 1 ? [.backTab] : []
        return toUsername + [.ctrl("u")] + KeyPlanner.keys(typing: username) + [.tab, .ctrl("u")]
            + KeyPlanner.keys(typing: password) + [.enter]
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Sign in to \(context.integrationName)", y: area.y, area: area, style: s.title) + 1
        let cursor = fields.draw(into: &buffer, y: y, area: area, placeholders: ("Mesh", ""), styles: s)
        // a wrong password is said under the fields, in the error style (where Plaid's says it)
        y += 4
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y - 1, area: area, style: s.error) + 1
        }
        buffer.primaryButton("Sign in", y: min(area.maxY - 1, y), area: area, enabled: !fields.isIncomplete, styles: s)
        buffer.paragraph("Sandbox: Mesh / Pass123 (full portfolio) · any other username: a small one",
                         y: min(area.maxY - 1, y + 2), area: area, style: s.muted)
        return cursor
    }
}
