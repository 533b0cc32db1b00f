import LinkKit

/// BrandPane: SELECT_BRAND: the portals of a brand chosen in the search; Enter picks one (as on
/// institution select), Esc goes back to the search.
struct BrandPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Select institution " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("↑/↓", "move", matches: [.up, .down]), PlaidKeyBinding("Enter", "select", matches: [.enter]),
                PlaidKeyBinding("Esc", "back to search", matches: [.escape], sends: .back)])
    }

    /// The highlighted portal.
    var cursor = ListCursor()

    private func portals(_ context: PlaidPaneContext) -> [InstitutionRecord] {
        guard case .selectBrand(let brand) = context.pane else { return [] }
        return (SandboxBrands.portals[brand] ?? []).compactMap { context.engine.configuration.directory[$0] }
    }

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { cursor.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        let rows = portals(context)
        if cursor.handle(key, count: rows.count, height: rows.count) { return .handled }
        switch key {
        case .enter: return rows.indices.contains(cursor.index) ? .send(.selectInstitution(id: rows[cursor.index].id)) : .handled
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `select ID`: move to the portal and Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .select(let id) = command, let target = portals(context).firstIndex(where: { $0.id == id }) else { return nil }
        return KeyPlanner.moves(from: cursor.index, to: target) + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        guard case .selectBrand(let brand) = context.pane else { return nil }
        var y = buffer.paragraph(sanitizeForTerminal(brand), y: area.y, area: area, style: s.title)
        y = buffer.paragraph("Which one do you sign in to?", y: y, area: area, style: s.muted) + 1
        for (index, portal) in portals(context).enumerated() where y < area.maxY {
            let selected = index == cursor.index
            let note = SandboxBrands.notes[portal.id].map { " · " + $0 } ?? ""
            buffer.text((selected ? "› " : "  ") + sanitizeForTerminal(portal.name) + note, y: y, x: area.x, area: area,
                        style: selected ? s.selectedItem : s.text)
            let id = sanitizeForTerminal(portal.id)
            buffer.text(id, y: y, x: area.maxX - displayWidth(of: id), area: area, style: s.muted)
            y += 1
        }
        return nil
    }
}
