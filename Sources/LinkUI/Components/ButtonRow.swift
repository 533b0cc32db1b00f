import LinkKit

extension CellBuffer {
    /// Draws `labels` as buttons side by side (`[ label ]`, three columns apart), the row centred
    /// in `area` at row `y`: the focused one filled in the selection style, the others in the
    /// accent colour, so one button alone looks pressable (Plaid's exit dialog, Mesh's Connected).
    mutating func buttonRow(_ labels: [String], focused: Int, y: Int, area: Rect, styles s: ThemeStyles) {
        let buttons = labels.map { "[ \($0) ]" }
        let row = buttons.joined(separator: "   ")
        var x = area.x + max(0, (area.width - displayWidth(of: row)) / 2)
        for (index, button) in buttons.enumerated() {
            if index > 0 { x += 3 }
            x += text(button, y: y, x: x, area: area, style: index == focused ? s.selected : s.accent)
        }
    }

    /// Dims what lies in `rect` (the card under a dialog): its text kept, every cell muted and
    /// faint on the page's background, so the dialog over it is what stands out.
    mutating func dimUnderDialog(_ rect: Rect, styles s: ThemeStyles) {
        restyle(rect) { _ in Style(fg: s.muted.fg, bg: s.text.bg, dim: true) }
    }

    /// Makes room in `area` for a box at `box` laid over it (a dialog, the help, the timeline):
    /// what is under it dims, and the rows the box stands on (and one above and below) are
    /// cleared across the area, so no cut word or border of what is underneath shows beside it.
    mutating func clearUnderOverlay(_ box: Rect, in area: Rect, styles s: ThemeStyles) {
        dimUnderDialog(area, styles: s)
        fill(Rect(x: area.x, y: box.y - 1, width: area.width, height: box.height + 2).intersection(area), style: s.text)
        fill(box, style: s.text)
    }
}
