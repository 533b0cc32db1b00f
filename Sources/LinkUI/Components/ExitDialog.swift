import LinkCore

/// ExitDialog: "Are you sure you want to exit?" as both flavors ask it, over the pane the user
/// was on: two buttons, staying first and focused by default (Esc-then-Enter out of habit must not
/// end the session); ←/→ or Tab move the focus, Enter presses the focused one, y exits, Esc or n
/// stays. A flavor brings its words (Plaid's "No, stay", Mesh's "No, continue"); the actions are
/// every flow's ``FlowControl/confirmExit`` and ``FlowControl/cancelExit``.
struct ExitDialog<Action: Hashable & Sendable & FlowControlling> {
    /// The action of leaving (y, or Enter on "Yes, exit").
    var confirm: Action { .confirmExit }
    /// The action of staying (Esc, n, or Enter on the first button).
    var cancel: Action { .cancelExit }
    /// What staying is called in the footer ("stay", "continue").
    let stayWord: String
    /// The buttons, in the order drawn: staying first.
    let buttons: [String]
    /// The lines above the buttons: the question, then what leaving costs.
    let message: [String]
    /// Whether "Yes, exit" has the focus.
    private(set) var exitFocused = false

    /// A dialog in a flavor's words.
    init(stayWord: String, buttons: [String], message: [String]) {
        self.stayWord = stayWord
        self.buttons = buttons
        self.message = message
    }

    /// The dialog opens with staying focused.
    mutating func reset() { exitFocused = false }

    /// The footer's bindings, each with the action it sends.
    var keyMap: KeyMapOf<Action> {
        KeyMapOf([KeyBindingOf("←/→", "choose", matches: [.left, .right, .tab, .backTab]),
                  KeyBindingOf("Enter", exitFocused ? "exit" : stayWord, matches: [.enter], sends: exitFocused ? confirm : cancel),
                  KeyBindingOf("y", "exit", matches: [.char("y"), .char("Y")], sends: confirm),
                  KeyBindingOf("Esc/n", stayWord, matches: [.escape, .char("n"), .char("N")], sends: cancel)])
    }

    /// A key: the focus moves, or the action of its binding.
    mutating func handle(_ key: Key) -> PaneOutcome<Action> {
        switch key {
        case .left, .right, .tab, .backTab:
            exitFocused.toggle()
            return .handled
        default:
            return keyMap.action(for: key).map(PaneOutcome.send) ?? .ignored
        }
    }

    /// Draws the dialog centred in `area` (the pane it is over is drawn underneath), the focused
    /// button in the selection style.
    func draw(into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles) {
        let lines = message.enumerated().map { index, text in (text, index == 0 ? styles.title : styles.text) }
        Dialog.draw(into: &buffer, area: area, styles: styles, title: " Exit? ", lines: lines, choices: buttons,
                    focused: exitFocused ? 1 : 0)
    }
}
