import LinkKit

/// OAuthSignInPane: the simulated bank sign-in page the OAuth notice leads to.
struct OAuthSignInPane: PaneView {
    /// What can have focus, in Tab order.
    enum Focus: Int, CaseIterable {
        case username, password, approve, cancel, fail
    }

    /// The bank page's username (any input is accepted, as in the sandbox).
    var username = TextField(maxLength: 128)
    /// The bank page's password (masked; never read, wiped when the page closes).
    var password = SecretField(maxLength: 128)
    /// The focused field or button.
    var focus = Focus.username

    static let buttons: [(Focus, String)] = [(.approve, "Sign in and allow"), (.cancel, "Cancel"), (.fail, "Simulate a bank failure")]

    func title(_ context: PlaidPaneContext) -> String? { " OAuth " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Tab", "next", matches: [.tab]), PlaidKeyBinding("Enter", "press", matches: [.enter]),
                PlaidKeyBinding("Esc", "cancel", matches: [.escape], sends: .oauth(.cancel))])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { focus == .username || focus == .password }

    /// Every visit is a fresh page (the sandbox's bank forgets what was typed).
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        reset()
    }

    /// A fresh sign-in page.
    mutating func reset() {
        username.clear()
        password.clear()
        focus = .username
    }

    /// Tab to the button for the result, then Enter (Esc cancels).
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .oauth(let result) = command else { return nil }
        if result == .cancel { return [.escape] }
        let target: Focus = result == .fail ? .fail : .approve
        let count = Focus.allCases.count
        return Array(repeating: Key.tab, count: (target.rawValue - focus.rawValue + count) % count) + [.enter]
    }

    /// Keys on the bank page.
    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        let count = Focus.allCases.count
        switch key {
        case .tab, .down: focus = Focus(rawValue: (focus.rawValue + 1) % count)!; return .handled
        case .backTab, .up: focus = Focus(rawValue: (focus.rawValue + count - 1) % count)!; return .handled
        case .escape: return .send(.oauth(.cancel))
        case .enter:
            let result: OAuthResult = switch focus {
            case .cancel: .cancel
            case .fail: .fail
            case .username, .password, .approve: .approve
            }
            reset()
            return .send(.oauth(result))
        default:
            if focus == .username { return username.handle(key) == nil ? .ignored : .handled }
            if focus == .password { return password.handle(key) == nil ? .ignored : .handled }
            return .ignored
        }
    }

    /// Draws the simulated bank page.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let host = context.institutionName.lowercased().filter { $0.isLetter || $0.isNumber } + ".example"
        buffer.fill(area, style: s.text)
        buffer.drawBox(area, style: s.border, border: .double, title: " 🔒 https://\(host)/oauth ")
        let inner = area.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = buffer.paragraph("Sign in to \(context.institutionName)", y: inner.y, area: inner, style: s.title) + 1
        let first = buffer.field(username, label: "User ID", y: y, area: inner, labelWidth: 11, focused: focus == .username, styles: s)
        let second = buffer.field(password, label: "Password", y: y + 1, area: inner, labelWidth: 11, focused: focus == .password, styles: s)
        y += 3
        y = buffer.paragraph("☑ Share account and balance information with linkterm", y: y, area: inner, style: s.muted)
        y += 1
        for (button, label) in Self.buttons where y < inner.maxY {
            let focused = focus == button
            buffer.text((focused ? "› " : "  ") + "[ \(label) ]", y: y, x: inner.x, area: inner, style: focused ? s.selected : s.accent)
            y += 1
        }
        return first ?? second
    }
}
