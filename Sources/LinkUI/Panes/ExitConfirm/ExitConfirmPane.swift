import LinkKit

/// ExitConfirmPane: "Are you sure you want to exit?" over the pane the user was on.
struct ExitConfirmPane: PaneView {
    static func shows(_ pane: Pane) -> Bool {
        if case .exitConfirmation = pane { true } else { false }
    }

    /// The pane the dialog is over (its title stays).
    func underlay(_ context: PaneContext) -> Pane? {
        if case .exitConfirmation(let underneath) = context.pane { underneath } else { nil }
    }

    /// Enter or y exits; Esc or n stays.
    func keyMap(_ context: PaneContext) -> KeyMap {
        KeyMap([KeyBinding("Enter/y", "exit", matches: [.enter, .char("y"), .char("Y")], sends: .confirmExit),
                KeyBinding("Esc/n", "stay", matches: [.escape, .char("n"), .char("N")], sends: .cancelExit)])
    }

    /// `confirm`: y; `stay`: n.
    func keys(for command: ScenarioCommand, context: PaneContext) -> [Key]? {
        switch command {
        case .confirm: [.char("y")]
        case .stay: [.char("n")]
        default: nil
        }
    }

    /// Draws the dialog centred in `area` (the pane it is over is drawn underneath).
    func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition? {
        Dialog.draw(into: &buffer, area: area, styles: context.styles, title: " Exit? ", lines: [
            ("Are you sure you want to exit?", context.styles.title),
            ("Your progress will be lost and you will return to the app.", context.styles.text),
        ], buttons: "[ Enter/y: Exit ]   [ Esc/n: Stay ]")
        return nil
    }
}

/// Dialog: a small centred box with a title, some lines and a button row.
enum Dialog {
    static func draw(
        into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles, title: String, lines: [(String, Style)],
        buttons: String
    ) {
        let widest = max(lines.map { displayWidth(of: $0.0) }.max() ?? 0, displayWidth(of: buttons))  // the buttons fit too
        let width = min(area.width, max(40, min(64, widest) + 4))
        let wrapped = lines.flatMap { line in wrap(line.0, width: max(1, width - 4)).map { ($0, line.1) } }
        let height = min(area.height, wrapped.count + 5)
        guard width >= 3, height >= 3 else { return }
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: styles.text)
        buffer.drawBox(box, style: styles.border, border: .rounded, title: title)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = inner.y + 1
        for (text, style) in wrapped where y < inner.maxY {
            buffer.text(text, y: y, x: inner.x, area: inner, style: style)
            y += 1
        }
        buffer.centered(buttons, y: inner.maxY - 1, area: inner, style: styles.accent)
    }
}
