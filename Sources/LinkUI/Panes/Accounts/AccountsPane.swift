import LinkKit

/// AccountsPane: account select; checkboxes (or radio buttons in single-account mode). Also the
/// returning user's saved accounts (SELECT_SAVED_ACCOUNT), with `c` to connect a new institution.
struct AccountsPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { context.pane == .selectSavedAccount ? " Saved accounts " : " Select accounts " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        let move = PlaidKeyBinding("↑/↓", "move", matches: [.up, .down])
        let enter = PlaidKeyBinding("Enter", "continue", matches: [.enter])
        let esc = PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)
        if context.pane == .selectSavedAccount {
            let new = PlaidKeyBinding("c", "connect a new institution", matches: [.char("c")], sends: .connectNewInstitution)
            return context.singleAccount
                ? PlaidKeyMap([move, PlaidKeyBinding("Space", "choose", matches: [.char(" ")]), enter, new, esc])
                : PlaidKeyMap([move, PlaidKeyBinding("Space", "toggle", matches: [.char(" ")]), PlaidKeyBinding("a", "all/none", matches: [.char("a")]),
                          enter, new, esc])
        }
        return context.singleAccount
            ? PlaidKeyMap([move, PlaidKeyBinding("Space", "choose", matches: [.char(" ")]), enter, esc])
            : PlaidKeyMap([move, PlaidKeyBinding("Space", "toggle", matches: [.char(" ")]), PlaidKeyBinding("a", "all/none", matches: [.char("a")]),
                      enter, esc])
    }

    /// A new visit starts with nothing chosen; back from the exit dialog, the choice stays.
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { reset() }
    }

    /// Move to each account to change and press Space, then Enter; `accounts all`: `a` unless all
    /// are chosen already, then Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) throws(ActionRejected) -> [Key]? {
        let accounts = context.engine.accounts
        switch command {
        case .allAccounts:
            return (checked.count == accounts.count ? [] : [.char("a")]) + [.enter]
        case .connectNew where context.pane == .selectSavedAccount:
            return [.char("c")]
        case .accounts(let indices):
            var keys: [Key] = []
            var at = cursor.index
            var now = context.singleAccount ? [] : checked
            for index in indices.sorted() where !now.contains(index) {
                guard accounts.indices.contains(index) else {
                    throw ActionRejected("there is no account \(index); choose from 0 to \(accounts.count - 1)")
                }
                keys += KeyPlanner.moves(from: at, to: index) + [.char(" ")]
                at = index
                now.insert(index)
            }
            for index in now.subtracting(indices).sorted() {
                keys += KeyPlanner.moves(from: at, to: index) + [.char(" ")]
                at = index
            }
            return keys + [.enter]
        default:
            return nil
        }
    }

    /// The highlighted account.
    var cursor = ListCursor()
    /// The chosen accounts (indices).
    var checked: Set<Int> = []
    /// A message after Enter with nothing chosen.
    var note: String?
    /// Rows of the list at the last draw.
    var listHeight = 8
    /// The screen row of the list's first line at the last draw (for mouse clicks).
    var listTop = 0

    /// Nothing chosen, cursor at the top.
    mutating func reset() {
        cursor.reset()
        checked = []
        note = nil
    }

    /// Space toggles, `a` selects all or clears, Enter continues with at least one.
    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        let count = context.engine.accounts.count
        let single = context.singleAccount
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
        case .char("c") where context.pane == .selectSavedAccount:
            return .send(.connectNewInstitution)
        default:
            return .ignored
        }
    }

    /// Draws the list: checkbox, name, mask, type/subtype.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let single = context.singleAccount
        let accounts = context.engine.accounts
        let heading = context.pane == .selectSavedAccount
            ? "Your saved accounts at \(context.institutionName)" : single ? "Choose an account to share" : "Choose the accounts to share"
        var y = buffer.paragraph(heading, y: area.y, area: area, style: s.title)
        buffer.text("\(checked.count) of \(accounts.count) selected", y: y, x: area.x, area: area, style: s.muted)
        y += 2
        listTop = y
        // the list, then (when Enter found none chosen) the note under it, then the card's one
        // filled button: rows kept for them below the list
        listHeight = max(1, min(accounts.count, area.maxY - y - 2 - (note == nil ? 0 : 1)))
        cursor.keepVisible(count: accounts.count, height: listHeight)
        for row in 0..<listHeight {
            let index = cursor.offset + row
            guard accounts.indices.contains(index) else { break }
            let account = accounts[index]
            let selected = index == cursor.index
            let box = single ? (checked.contains(index) ? "(•)" : "( )") : (checked.contains(index) ? "[x]" : "[ ]")
            // the highlighted row as every list marks it (institution search too): the marker in the
            // selection colours, or, without a selection colour, the whole row reversed
            let wholeRow = s.selectedItem == s.selected
            let style = selected ? s.selectedItem : s.text
            if selected && wholeRow { buffer.fill(Rect(x: area.x, y: y + row, width: area.width, height: 1), style: style) }
            let marker = buffer.text(selected ? "› " : "  ", y: y + row, x: area.x, area: area,
                                     style: selected ? s.selectionMarker : s.text)
            // what the marker and the box leave
            let line = "\(box) " + AccountRow.columns(account, AccountRow.fitting(accounts, width: area.width - 6))
            buffer.text(line, y: y + row, x: area.x + marker, area: area, style: style)
        }
        buffer.scrollMarks(cursor, count: accounts.count, height: listHeight, top: y, area: area, style: s.text)
        var below = y + listHeight
        if let note {
            buffer.text(note, y: below, x: area.x, area: area, style: s.warning)
            below += 1
        }
        buffer.primaryButton("Continue", y: min(area.maxY - 1, below + 1), area: area, enabled: single || !checked.isEmpty, styles: s)
        return nil
    }
}
