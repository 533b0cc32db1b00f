import LinkKit

extension CellBuffer {
    /// Writes wrapped text from `y` in `area`; returns the row after the last line written.
    @discardableResult
    mutating func paragraph(_ text: String, y: Int, area: Rect, style: Style) -> Int {
        var row = y
        for line in wrap(text, width: area.width) where row < area.maxY {
            _ = put(line, y: row, x: area.x, maxWidth: area.width, style: style)
            row += 1
        }
        return row
    }

    /// Writes the error a submission just met (`✗ ` and its user-facing message, else the
    /// developer's) from `y`, if there is one; returns the row after it (`y` when there is none).
    mutating func inlineError(_ error: ExitError?, y: Int, area: Rect, styles: ThemeStyles) -> Int {
        guard let error else { return y }
        return paragraph("✗ " + (error.displayMessage ?? error.errorMessage), y: y, area: area, style: styles.error) + 1
    }

    /// Writes text clipped to `area`'s width at row `y`; returns the columns used.
    @discardableResult
    mutating func text(_ text: String, y: Int, x: Int, area: Rect, style: Style) -> Int {
        guard y >= area.y, y < area.maxY, x < area.maxX else { return 0 }
        return put(text, y: y, x: x, maxWidth: area.maxX - x, style: style)
    }

    /// Writes key hints (`Enter continue · Esc back`) at row `y`.
    ///
    /// Hints that do not fit are left out from the last, and the row then ends in `… F1 keys`, so
    /// a cut footer says it is cut and where the rest is (`…` alone when F1 is among the hints shown).
    mutating func hints<Action>(_ bindings: [KeyBindingOf<Action>], y: Int, area: Rect, styles: ThemeStyles) {
        let pieces = bindings.enumerated().map { index, binding in
            (keys: (index > 0 ? "  " : "") + binding.keys, action: " " + binding.action)
        }
        let widths = pieces.map { displayWidth(of: $0.keys) + displayWidth(of: $0.action) }
        let marker = "  … F1 keys"
        let cut = widths.reduce(0, +) > area.width
        let room = area.maxX - (cut ? displayWidth(of: marker) : 0)
        var x = area.x
        var namesHelp = false
        for (piece, width) in zip(pieces, widths) {
            guard x + width <= room else { break }
            x += text(piece.keys, y: y, x: x, area: area, style: styles.accent)
            x += text(piece.action, y: y, x: x, area: area, style: styles.muted)
            namesHelp = namesHelp || piece.keys.hasSuffix("F1")
        }
        // the rest is in the help (F1): said unless the row already says it
        if cut { text(namesHelp ? "  …" : marker, y: y, x: x, area: area, style: styles.muted) }
    }

    /// Writes a text field: its label, then the value underlined across `width` columns (an
    /// empty field shows `placeholder` dimmed). Returns the cursor position when focused.
    mutating func field(
        _ field: some EditableLine, label: String, y: Int, area: Rect, labelWidth: Int, focused: Bool, styles: ThemeStyles,
        placeholder: String = ""
    ) -> CellPosition? {
        guard y >= area.y, y < area.maxY else { return nil }
        text((focused ? "› " : "  ") + label, y: y, x: area.x, area: area, style: focused ? styles.accent : styles.text)
        let x = area.x + labelWidth
        let width = max(1, min(area.maxX - x, 40))
        guard x < area.maxX else { return nil }
        let style = focused ? styles.focusedField : styles.field
        let (shown, cursorColumn) = field.visible(width: width - 1)
        fill(Rect(x: x, y: y, width: width, height: 1), style: style)
        if shown.isEmpty && !placeholder.isEmpty {
            // what goes here, dimmed, until the first character is typed
            let dimmed = Style(fg: styles.muted.fg, bg: style.bg, underline: style.underline, dim: styles.muted.dim)
            text(truncate(placeholder, toWidth: width - 1, ellipsis: "…"), y: y, x: x, area: area, style: dimmed)
        } else {
            text(shown, y: y, x: x, area: area, style: style)
        }
        return focused ? CellPosition(y: y, x: min(x + cursorColumn, area.maxX - 1)) : nil
    }

    /// Writes `text` centred in `area` at row `y`.
    mutating func centered(_ text: String, y: Int, area: Rect, style: Style) {
        let width = min(displayWidth(of: text), area.width)
        self.text(text, y: y, x: area.x + (area.width - width) / 2, area: area, style: style)
    }
}
