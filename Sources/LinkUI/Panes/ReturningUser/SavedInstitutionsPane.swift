import LinkKit

/// SavedInstitutionsPane: SELECT_SAVED_INSTITUTION: the institutions saved with the verified
/// phone, then "Connect a new institution".
struct SavedInstitutionsPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Saved institutions " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("↑/↓", "move", matches: [.up, .down]), PlaidKeyBinding("Enter", "select", matches: [.enter]),
                PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The highlighted row (the last one is "Connect a new institution").
    var cursor = ListCursor()

    private func saved(_ context: PlaidPaneContext) -> [SavedProfile.SavedInstitution] {
        context.engine.configuration.savedProfile?.institutions ?? []
    }

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { cursor.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        let rows = saved(context)
        if cursor.handle(key, count: rows.count + 1, height: rows.count + 1) { return .handled }
        switch key {
        case .enter:
            return cursor.index < rows.count ? .send(.selectInstitution(id: rows[cursor.index].institution.id)) : .send(.connectNewInstitution)
        case .escape:
            return .send(.back)
        default:
            return .ignored
        }
    }

    /// `select ID`: move to its row; `connect-new`: to the last row; then Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        let rows = saved(context)
        switch command {
        case .select(let id):
            guard let target = rows.firstIndex(where: { $0.institution.id == id }) else { return nil }
            return KeyPlanner.moves(from: cursor.index, to: target) + [.enter]
        case .connectNew:
            return KeyPlanner.moves(from: cursor.index, to: rows.count) + [.enter]
        default:
            return nil
        }
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let rows = saved(context)
        var y = buffer.paragraph("Welcome back", y: area.y, area: area, style: s.title)
        y = buffer.paragraph("Choose an institution you saved, or connect a new one.", y: y, area: area, style: s.muted) + 1
        for (index, row) in rows.enumerated() where y < area.maxY {
            let selected = index == cursor.index
            let accounts = row.accounts.count
            let line = (selected ? "› " : "  ") + sanitizeForTerminal(row.institution.name)
                + "  · \(accounts) saved account\(accounts == 1 ? "" : "s")"
            buffer.text(line, y: y, x: area.x, area: area, style: selected ? s.selectedItem : s.text)
            y += 1
        }
        if y < area.maxY {
            let selected = cursor.index == rows.count
            buffer.text((selected ? "› " : "  ") + "+ Connect a new institution", y: y + 1, x: area.x, area: area,
                        style: selected ? s.selectedItem : s.accent)
        }
        return nil
    }
}
