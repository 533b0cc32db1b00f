import LinkKit

/// MeshLoadingPane: a request in flight (the sandbox's latency).
struct MeshLoadingPane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { " Connecting " }
    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap { MeshKeyMap([]) }
    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult { .ignored }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let frame = LoadingPane.frames[Int((context.now / LoadingPane.frameMillis) % Int64(LoadingPane.frames.count))]
        buffer.centered("\(frame) Talking to \(context.integrationName)…", y: area.y + max(0, area.height / 2 - 1), area: area,
                        style: context.styles.accent)
        return nil
    }
}

/// MeshExitPane: "Are you sure you want to exit?" (Mesh's own words), over the pane underneath.
struct MeshExitPane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { " Exit " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("y", "Yes, exit", matches: [.char("y")]), MeshKeyBinding("Enter/n/Esc", "No, continue", matches: [.enter, .char("n"), .escape])])
    }

    /// The safe choice is the default: Enter continues.
    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .char("y"), .char("Y"): .send(.confirmExit)
        case .enter, .escape, .char("n"), .char("N"): .send(.cancelExit)
        default: .ignored
        }
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        Dialog.draw(into: &buffer, area: area, styles: context.styles, title: " Exit? ", lines: [
            ("Are you sure you want to exit?", context.styles.title),
            ("Your progress will be lost.", context.styles.text),
        ], buttons: "[ y: Yes, exit ]   [ Enter: No, continue ]")
        return nil
    }
}

/// MeshDonePane: the session has ended (onExit was called).
struct MeshDonePane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { " Done " }
    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap { MeshKeyMap([]) }
    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult { .ignored }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        buffer.centered("onExit", y: area.y + max(0, area.height / 2 - 1), area: area, style: context.styles.warning)
        return nil
    }
}
