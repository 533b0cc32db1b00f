import LinkKit
import LinkSDK

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

    /// The dialog, in Mesh's words.
    var dialog = ExitDialog<MeshAction>(
        stayWord: "continue", buttons: ["No, continue", "Yes, exit"],
        message: ["Are you sure you want to exit?", "Your progress will be lost."])

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { dialog.reset() }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap { dialog.keyMap }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult { dialog.handle(key) }

    /// `continue` on the exit dialog: y (Enter would press the focused "No, continue").
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        return action == .primary ? [.char("y")] : nil
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        dialog.draw(into: &buffer, area: area, styles: context.styles)
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
