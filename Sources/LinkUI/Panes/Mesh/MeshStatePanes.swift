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

/// MeshExitPane: "Are you sure you want to exit?" (Mesh's own words), over the pane underneath;
/// its two buttons take the focus in turn, as Plaid's exit dialog's do.
struct MeshExitPane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { " Exit " }

    /// The buttons, in the order drawn: continuing first, and the default (Mesh's words).
    static let buttons = ["No, continue", "Yes, exit"]

    /// Whether "Yes, exit" has the focus (never by default: Esc-then-Enter out of habit must not
    /// end the session).
    var exitFocused = false

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { exitFocused = false }

    /// ←/→ or Tab move between the buttons, Enter presses the focused one (continuing, unless
    /// moved); y exits, Esc or n continues.
    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("←/→", "choose", matches: [.left, .right, .tab, .backTab]),
                    MeshKeyBinding("Enter", exitFocused ? "exit" : "continue", matches: [.enter]),
                    MeshKeyBinding("y", "exit", matches: [.char("y"), .char("Y")]),
                    MeshKeyBinding("Esc/n", "continue", matches: [.escape, .char("n"), .char("N")])])
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .left, .right, .tab, .backTab:
            exitFocused.toggle()
            return .handled
        case .enter: return .send(exitFocused ? .confirmExit : .cancelExit)
        case .char("y"), .char("Y"): return .send(.confirmExit)
        case .escape, .char("n"), .char("N"): return .send(.cancelExit)
        default: return .ignored
        }
    }

    /// Draws the dialog centred in `area` (the pane it is over is drawn underneath), the focused
    /// button in the selection style.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        Dialog.draw(into: &buffer, area: area, styles: context.styles, title: " Exit? ", lines: [
            ("Are you sure you want to exit?", context.styles.title),
            ("Your progress will be lost.", context.styles.text),
        ], choices: Self.buttons, focused: exitFocused ? 1 : 0)
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
