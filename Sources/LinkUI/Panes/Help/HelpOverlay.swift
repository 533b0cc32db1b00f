import LinkKit

/// HelpOverlay: the keys and the sandbox credentials (F1, or `?` outside a text field).
enum HelpOverlay {
    /// The keys every pane shares.
    static let globalKeys = [
        KeyBinding("Enter", "main action"), KeyBinding("Esc", "back / ask to exit"),
        KeyBinding("↑↓ ^P ^N", "move in lists"), KeyBinding("PgUp PgDn", "page in lists"),
        KeyBinding("Home End", "first / last"), KeyBinding("Tab S-Tab", "next / previous field"),
        KeyBinding("Space", "toggle a checkbox"), KeyBinding("Ctrl-X q", "ask to exit Link"),
        KeyBinding("Ctrl-C", "exit at once"), KeyBinding("F1 ?", "this help"),
        KeyBinding("F2", "show / hide the log"), KeyBinding("F3", "browse the log"),
        KeyBinding("F4", "the session's timeline"), KeyBinding("Ctrl-L", "redraw"),
        KeyBinding("Ctrl-U", "clear a field"),
    ]

    /// The sandbox credentials: the sandbox's own list (`SandboxCredentials.documented`).
    static var credentials: [(String, String)] {
        SandboxCredentials.documented.map { entry in
            (entry.password == "pass_good" ? "user_good / pass_good" : entry.password, entry.outcome)
        }
    }

    /// Draws the overlay over `area`.
    static func draw(into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles, paneKeys: KeyMap) {
        let width = min(area.width - 4, 78)
        let height = min(area.height, 8 + (globalKeys.count + 1) / 2 + credentials.count)
        guard width >= 10, height >= 3 else { return }
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: s.text)
        buffer.drawBox(box, style: s.border, border: .rounded, title: " Help · any key closes ")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = inner.y
        let used = buffer.text("This pane: ", y: y, x: inner.x, area: inner, style: s.title)
        buffer.hints(paneKeys.bindings, y: y, area: inner.inset(left: used), styles: s)
        y += 2
        let column = inner.width / 2
        for (index, binding) in globalKeys.enumerated() where y < inner.maxY {
            let x = inner.x + (index % 2) * column
            let cell = Rect(x: x, y: y, width: column - 1, height: 1)
            buffer.text(binding.keys, y: y, x: x, area: cell, style: s.accent)
            buffer.text(binding.action, y: y, x: x + 11, area: cell, style: s.text)
            if index % 2 == 1 { y += 1 }
        }
        y += 1
        guard y < inner.maxY else { return }
        // the values no Plaid document gives, chosen by linkterm (SPEC §3a), before the list so a
        // small terminal still shows them
        buffer.text("Returning user: phone 415-555-0010, code \(SavedProfile.sandboxCode) · deposit code \(SandboxAuth.depositCode)",
                    y: y, x: inner.x, area: inner, style: s.muted)
        y += 1
        guard y < inner.maxY else { return }
        buffer.text("Sandbox credentials (username user_good)", y: y, x: inner.x, area: inner, style: s.title)
        y += 1
        for (password, meaning) in credentials where y < inner.maxY {
            buffer.text(password, y: y, x: inner.x, area: inner, style: s.accent)
            buffer.text(meaning, y: y, x: inner.x + 28, area: inner, style: s.text)
            y += 1
        }

    }
}
