import LinkKit

/// ExitConfirmPane: "Are you sure you want to exit?" over the pane the user was on.
struct ExitConfirmPane: PaneView {
    /// The pane the dialog is over (its title stays).
    func underlay(_ context: PlaidPaneContext) -> Pane? {
        if case .exitConfirmation(let underneath) = context.pane { underneath } else { nil }
    }

    /// The dialog, in Plaid's words.
    var dialog = ExitDialog<UserAction>(
        stayWord: "stay", buttons: ["No, stay", "Yes, exit"],
        message: ["Are you sure you want to exit?", "Your progress will be lost and you will return to the app."])

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) { dialog.reset() }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap { dialog.keyMap }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult { dialog.handle(key) }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        dialog.draw(into: &buffer, area: area, styles: context.styles)
        return nil
    }
}

/// Dialog: a small centred box with a title, some lines and a button row.
enum Dialog {
    static func draw(
        into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles, title: String, lines: [(String, Style)],
        buttons: String
    ) {
        draw(into: &buffer, area: area, styles: styles, title: title, lines: lines, buttonRow: buttons, choices: nil)
    }

    /// The same with buttons to choose from: `choices[focused]` in the selection style.
    static func draw(
        into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles, title: String, lines: [(String, Style)],
        choices: [String], focused: Int
    ) {
        draw(into: &buffer, area: area, styles: styles, title: title, lines: lines,
             buttonRow: choices.map { "[ \($0) ]" }.joined(separator: "   "), choices: (choices, focused))
    }

    private static func draw(
        into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles, title: String, lines: [(String, Style)],
        buttonRow buttons: String, choices: (labels: [String], focused: Int)?
    ) {
        let widest = max(lines.map { displayWidth(of: $0.0) }.max() ?? 0, displayWidth(of: buttons))  // the buttons fit too
        let width = min(area.width, max(40, min(64, widest) + 4))
        let wrapped = lines.flatMap { line in wrap(line.0, width: max(1, width - 4)).map { ($0, line.1) } }
        let height = min(area.height, wrapped.count + 5)
        guard width >= 3, height >= 3 else { return }
        let box = area.centered(width: width, height: height)
        // what is under the dialog dims, and the rows it stands on (and one above and below) are
        // cleared across the card: no cut word of the underlay beside its border
        buffer.clearUnderOverlay(box, in: area, styles: styles)
        buffer.drawBox(box, style: styles.border, border: .rounded, title: title)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = inner.y + 1
        for (text, style) in wrapped where y < inner.maxY {
            buffer.text(text, y: y, x: inner.x, area: inner, style: style)
            y += 1
        }
        guard let choices else {
            buffer.centered(buttons, y: inner.maxY - 1, area: inner, style: styles.accent)
            return
        }
        buffer.buttonRow(choices.labels, focused: choices.focused, y: inner.maxY - 1, area: inner, styles: styles)
    }
}
