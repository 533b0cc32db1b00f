import LinkKit
import LinkSDK

/// MeshPaneContext: what a Mesh pane reads: the pane asked about, the engine, the styles, the time.
struct MeshPaneContext {
    var pane: MeshPane
    let engine: MeshEngine
    let styles: ThemeStyles
    let now: Int64
    /// What the session has reported so far (the cards that show a connection's or a
    /// transfer's details read them).
    var records: [MeshRecord] = []

    /// The payload of the last `onIntegrationConnected`.
    var lastConnection: JSONValue? {
        for record in records.reversed() { if case .integrationConnected(let payload) = record { return payload } }
        return nil
    }

    /// The payload of the last `transferExecuted` event.
    var lastTransfer: JSONValue? {
        for record in records.reversed() {
            if case .event(let type, let payload) = record, type == "transferExecuted" { return payload }
        }
        return nil
    }

    /// The chosen integration's name, sanitised.
    var integrationName: String { engine.integration.map { sanitizeForTerminal($0.name) } ?? "the integration" }
}

/// What a key did in a Mesh pane.
typealias MeshPaneResult = PaneOutcome<MeshAction>

extension MeshPaneContext: FlavorPaneContext {
    typealias Action = MeshAction
    typealias EnginePane = MeshPane
    typealias Command = MeshScenarioCommand
}

/// A list of rows with a highlighted one: the catalog, assets, networks, accounts.
struct MeshList {
    var cursor = ListCursor()
    var height = 10

    /// Moves with the arrows; returns whether the key moved it.
    mutating func handle(_ key: Key, count: Int) -> Bool { cursor.handle(key, count: count, height: height) }

    /// Draws `rows` from `y` down to the area's bottom; the highlighted one marked. With a
    /// `button`, the card's one filled button under the list (two rows kept for it).
    mutating func draw(_ rows: [String], y: Int, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles,
                       button: String? = nil) {
        height = button == nil ? max(1, area.maxY - y) : max(1, min(rows.count, area.maxY - y - 2))
        if let button { buffer.primaryButton(button, y: min(area.maxY - 1, y + height + 1), area: area, styles: s) }
        cursor.keepVisible(count: rows.count, height: height)
        for row in 0..<height {
            let index = cursor.offset + row
            guard rows.indices.contains(index) else { break }
            let selected = index == cursor.index
            buffer.text((selected ? "› " : "  ") + sanitizeForTerminal(rows[index]), y: y + row, x: area.x, area: area,
                        style: selected ? s.selected : s.text)
        }
        buffer.scrollMarks(cursor, count: rows.count, height: height, top: y, area: area, style: s.text)
    }
}
