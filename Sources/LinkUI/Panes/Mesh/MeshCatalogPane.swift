import LinkKit
import LinkSDK

/// MeshCatalogPane: the integrations (exchanges, brokerages, wallets), searched as you type.
struct MeshCatalogPane: PaneView {
    var field = TextField(maxLength: 64)
    var list = MeshList()

    func title(_ context: MeshPaneContext) -> String? { " Connect an account " }
    func takesText(_ context: MeshPaneContext) -> Bool { true }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("type", "search", matches: [.char("a")]), MeshKeyBinding("↑/↓", "move", matches: [.up, .down]),
                MeshKeyBinding("Enter", "connect", matches: [.enter]), MeshKeyBinding("Esc", "exit", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) {
        field.set(context.engine.query)
        list.cursor.reset()
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        if let changed = field.handle(key) {
            guard changed else { return .handled }
            list.cursor.reset()
            return .send(.setQuery(field.text))
        }
        let rows = context.engine.listedIntegrations
        if list.handle(key, count: rows.count) { return .handled }
        switch key {
        case .enter:
            guard rows.indices.contains(list.cursor.index) else { return .handled }
            return .send(.selectIntegration(rows[list.cursor.index].brokerType))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `search`: the field emptied, the text typed; `integration`: arrows to its row and Enter,
    /// or its name typed when the search hides it.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        switch action {
        case .setQuery(let text): return [.ctrl("u")] + KeyPlanner.keys(typing: text)
        case .selectIntegration(let name):
            let target = MeshSandbox.integration(name)
            if let index = context.engine.listedIntegrations.firstIndex(where: { $0.brokerType == target?.brokerType }) {
                return try KeyPlanner.pick(index, from: list.cursor.index, name, pane: context.engine.paneName)
            }
            return [.ctrl("u")] + KeyPlanner.keys(typing: target?.brokerType ?? name) + [.enter]  // not listed: search for it
        default: return nil
        }
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        buffer.text("Select an exchange, brokerage or wallet", y: area.y, x: area.x, area: area, style: s.title)
        let cursor = buffer.field(field, label: "Search", y: area.y + 2, area: area, labelWidth: 10, focused: true, styles: s)
        var y = area.y + 4
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y, area: area, style: s.error) + 1
        }
        let rows = context.engine.listedIntegrations
        if rows.isEmpty {
            buffer.paragraph("Nothing matches. Change the search (Ctrl-U clears it).", y: y, area: area, style: s.warning)
            return cursor
        }
        let connected = Set(context.engine.configuration.connectedIntegrations)
        list.draw(rows.map { "\($0.name)  (\($0.kind))" + (connected.contains($0.brokerType) ? " · connected" : "") },
                  y: y, into: &buffer, area: area, styles: s)
        return cursor
    }
}
