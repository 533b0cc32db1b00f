import LinkKit

/// MeshCredentialsPane: the integration's sign-in form (sandbox: username Mesh, password Pass123).
struct MeshCredentialsPane: MeshPaneView {
    var username = TextField(maxLength: 128)
    var password = SecretField(maxLength: 128)
    var focus = 0

    static func shows(_ pane: MeshPane) -> Bool { pane == .credentials }
    func title(_ context: MeshPaneContext) -> String { " Sign in " }
    func takesText(_ context: MeshPaneContext) -> Bool { true }

    func keyMap(_ context: MeshPaneContext) -> KeyMap {
        KeyMap([KeyBinding("Tab", "next field", matches: [.tab]), KeyBinding("Enter", "sign in", matches: [.enter]),
                KeyBinding("Esc", "back", matches: [.escape])])
    }

    /// A wrong password keeps the username and clears the password; a new integration starts empty.
    mutating func enter(_ context: MeshPaneContext) {
        password.clear()
        if context.engine.inlineError == nil { username.clear() }
        focus = username.isEmpty ? 0 : 1
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .tab, .backTab, .up, .down:
            focus = 1 - focus
            return .handled
        case .enter:
            if username.isEmpty { focus = 0; return .handled }
            if password.isEmpty { focus = 1; return .handled }
            return .send(.submitCredentials(username: username.text, password: password.takeSecret()))
        case .escape:
            return .send(.back)
        default:
            let used = focus == 0 ? username.handle(key) : password.handle(key)
            return used == nil ? .ignored : .handled
        }
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Sign in to \(context.integrationName)", y: area.y, area: area, style: s.title) + 1
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y, area: area, style: s.error) + 1
        }
        let first = buffer.field(username, label: "Username", y: y, area: area, labelWidth: 12, focused: focus == 0, styles: s)
        let second = buffer.field(password, label: "Password", y: y + 2, area: area, labelWidth: 12, focused: focus == 1, styles: s)
        buffer.centered("[ Sign in ]", y: min(area.maxY - 1, y + 4), area: area,
                        style: username.isEmpty || password.isEmpty ? s.muted : s.selected)
        buffer.paragraph("Sandbox: Mesh / Pass123 (full portfolio) · any other username: a small one",
                         y: min(area.maxY - 1, y + 6), area: area, style: s.muted)
        return first ?? second
    }
}
