import LinkKit

/// AccountsPane: account select; checkboxes (or radio buttons in single-account mode).
public struct AccountsPane {
    /// The pane's bindings.
    public static func keyMap(single: Bool) -> KeyMap {
        single
            ? KeyMap([KeyBinding("↑/↓", "move"), KeyBinding("Space", "choose"), KeyBinding("Enter", "continue"), KeyBinding("Esc", "exit")])
            : KeyMap([KeyBinding("↑/↓", "move"), KeyBinding("Space", "toggle"), KeyBinding("a", "all/none"),
                      KeyBinding("Enter", "continue"), KeyBinding("Esc", "exit")])
    }

    /// The highlighted account.
    public var cursor = ListCursor()
    /// The chosen accounts (indices).
    public var checked: Set<Int> = []
    /// A message after Enter with nothing chosen.
    public var note: String?
    /// Rows of the list at the last draw.
    public var listHeight = 8
    /// The screen row of the list's first line at the last draw (for mouse clicks).
    public var listTop = 0

    /// Creates the pane.
    public init() {}

    /// Nothing chosen, cursor at the top.
    public mutating func reset() {
        cursor.reset()
        checked = []
        note = nil
    }

    /// Space toggles, `a` selects all or clears, Enter continues with at least one.
    public mutating func handle(_ key: Key, context: PaneContext) -> PaneResult {
        let count = context.engine.accounts.count
        let single = context.engine.configuration.accountSelection == .single
        if cursor.handle(key, count: count, height: listHeight) { return .handled }
        var key = key
        if case .mouse(let event) = key, event.kind == .press || event.kind == .click {
            let row = cursor.offset + event.y - listTop
            guard event.y >= listTop, event.y < listTop + listHeight, row < count else { return .ignored }
            cursor.set(row, count: count, height: listHeight)
            key = .char(" ")  // a click toggles the account clicked
        }
        switch key {
        case .char(" "):
            guard count > 0 else { return .handled }
            if single {
                checked = [cursor.index]
            } else if checked.contains(cursor.index) {
                checked.remove(cursor.index)
            } else {
                checked.insert(cursor.index)
            }
            note = nil
            return .handled
        case .char("a") where !single:
            checked = checked.count == count ? [] : Set(0..<count)
            note = nil
            return .handled
        case .enter:
            if single && checked.isEmpty && count > 0 { checked = [cursor.index] }
            guard !checked.isEmpty else {
                note = "Choose at least one account (Space, or a for all)."
                return .handled
            }
            return .send(.submitAccounts(checked.sorted()))
        case .escape:
            return .send(.back)
        default:
            return .ignored
        }
    }

    /// Draws the list: checkbox, name, mask, type/subtype.
    public mutating func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) {
        let s = context.styles
        let single = context.engine.configuration.accountSelection == .single
        let accounts = context.engine.accounts
        var y = buffer.paragraph(single ? "Choose an account to share" : "Choose the accounts to share",
                                 y: area.y, area: area, style: s.title)
        buffer.text("\(checked.count) of \(accounts.count) selected", y: y, x: area.x, area: area, style: s.muted)
        y += 2
        listTop = y
        listHeight = max(1, area.maxY - y - (note == nil ? 0 : 1))
        cursor.keepVisible(count: accounts.count, height: listHeight)
        for row in 0..<listHeight {
            let index = cursor.offset + row
            guard accounts.indices.contains(index) else { break }
            let account = accounts[index]
            let selected = index == cursor.index
            let box = single ? (checked.contains(index) ? "(•)" : "( )") : (checked.contains(index) ? "[x]" : "[ ]")
            let style = selected ? s.selected : s.text
            if selected { buffer.fill(Rect(x: area.x, y: y + row, width: area.width, height: 1), style: style) }
            let name = truncate(sanitizeForTerminal(account.name), toWidth: 28, ellipsis: "…")
            let line = "\(box) \(pad(name, toWidth: 28)) ••\(account.mask ?? "    ")  \(account.subtype.type) · \(account.subtype.subtype)"
            buffer.text(line, y: y + row, x: area.x, area: area, style: style)
        }
        if let note {
            buffer.text(note, y: area.maxY - 1, x: area.x, area: area, style: s.warning)
        }
    }
}
