import LinkKit

/// SignInFields: a username field and a masked password field with one focus, the way every
/// sign-in form here works: Tab or an arrow switches; Enter submits once both are filled (else
/// moves to the empty one); Esc is for the pane; other keys edit the focused field.
struct SignInFields {
    /// What a key did.
    enum Outcome: Equatable {
        case ignored
        case handled
        /// Both are filled: the username and the password (the field is wiped as it leaves).
        case submit(username: String, password: Secret)
    }

    var username = TextField(maxLength: 128)
    var password = SecretField(maxLength: 128)
    /// 0: username, 1: password.
    var focus = 0

    /// Both cleared, the username focused.
    mutating func reset() {
        username.clear()
        password.clear()
        focus = 0
    }

    /// After a wrong password: the username stays, the password is cleared and focused.
    mutating func retry() {
        password.clear()
        focus = username.isEmpty ? 0 : 1
    }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .tab, .down, .backTab, .up:
            focus = 1 - focus
            return .handled
        case .enter:
            if username.isEmpty { focus = 0; return .handled }
            if password.isEmpty { focus = 1; return .handled }
            return .submit(username: username.text, password: password.takeSecret())
        default:
            let used = focus == 0 ? username.handle(key) : password.handle(key)
            return used == nil ? .ignored : .handled
        }
    }

    /// A sign-in pane's keys: Esc sends `back`; typing edits the focused field, Tab and the
    /// arrows switch, Enter sends what `submit` makes of both once both are filled (the password
    /// field is wiped as the secret leaves it; the engine wipes the secret once read).
    mutating func handleSignIn<Action>(_ key: Key, back: Action, submit: (String, Secret) -> Action) -> PaneOutcome<Action> {
        if key == .escape { return .send(back) }
        switch handle(key) {
        case .ignored: return .ignored
        case .handled: return .handled
        case .submit(let name, let secret): return .send(submit(name, secret))
        }
    }

    /// Draws both fields from `y` (the password two rows below), each empty one showing its
    /// placeholder (the sandbox's username; a password field shows only its dots); returns the cursor.
    func draw(into buffer: inout CellBuffer, y: Int, area: Rect, labels: (String, String) = ("Username", "Password"),
              placeholders: (String, String) = ("", ""), styles: ThemeStyles) -> CellPosition? {
        let first = buffer.field(username, label: labels.0, y: y, area: area, labelWidth: 12, focused: focus == 0, styles: styles,
                                 placeholder: placeholders.0)
        let second = buffer.field(password, label: labels.1, y: y + 2, area: area, labelWidth: 12, focused: focus == 1,
                                  styles: styles, placeholder: placeholders.1)
        return first ?? second
    }

    /// Whether either field is empty (the submit button is muted).
    var isIncomplete: Bool { username.isEmpty || password.isEmpty }
}
