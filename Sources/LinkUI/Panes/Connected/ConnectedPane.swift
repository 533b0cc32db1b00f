import LinkKit

/// ConnectedPane: success; the institution and the accounts shared. Enter or Esc finishes.
public struct ConnectedPane {
    /// The pane's bindings.
    public static let keyMap = KeyMap([KeyBinding("Enter", "finish")])

    /// Enter and Esc finish the session (onSuccess, then HANDOFF).
    public static func handle(_ key: Key) -> PaneResult {
        switch key {
        case .enter, .escape: .send(.primary)
        default: .ignored
        }
    }

    /// Draws the success message and the shared accounts.
    public static func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) {
        let s = context.styles
        var y = buffer.paragraph("✓ Success", y: area.y, area: area, style: s.success) + 1
        y = buffer.paragraph("Your account at \(context.institutionName) is connected to linkterm.", y: y, area: area, style: s.text) + 1
        let accounts = context.engine.sharedAccounts
        buffer.text("Shared \(accounts.count) account\(accounts.count == 1 ? "" : "s"):", y: y, x: area.x, area: area, style: s.muted)
        y += 1
        let room = area.maxY - y - 2
        for (index, account) in accounts.enumerated() where index < room {
            let more = index == room - 1 && accounts.count > room
            let line = more ? "  … and \(accounts.count - index) more"
                : "  \(pad(truncate(sanitizeForTerminal(account.name), toWidth: 28, ellipsis: "…"), toWidth: 28)) ••\(account.mask ?? "    ")  \(account.subtype.type) · \(account.subtype.subtype)"
            buffer.text(line, y: y, x: area.x, area: area, style: s.text)
            y += 1
        }
        buffer.centered("[ Finish ]", y: min(area.maxY - 1, y + 1), area: area, style: s.selected)
    }
}
