import LinkKit

/// PaneView: one pane of the UI, in one file: the state it keeps while shown, its key map (the
/// footer, the help overlay and, for a pane whose bindings name their action, the matching), its
/// title, whether it takes text, how it handles a key, how it draws, and which keys a person
/// presses on it to carry out a scenario step (the autopilot).
///
/// A pane never changes the engine: ``handle(_:context:)`` returns the action to send. The app
/// finds the view for the engine's pane in ``PaneRegistry``'s switch; adding a pane is a file
/// that conforms to this protocol and two lines there (docs/ARCHITECTURE.md, "To add a pane").
protocol PaneView {
    /// The title of the pane's box; `nil` keeps the title of the pane drawn underneath.
    func title(_ context: PaneContext) -> String?

    /// The pane's bindings, in footer order.
    func keyMap(_ context: PaneContext) -> KeyMap

    /// Whether the focused element takes typed text (then `?` is text, not help).
    func takesText(_ context: PaneContext) -> Bool

    /// The pane drawn underneath this one (a dialog over a pane), if any.
    func underlay(_ context: PaneContext) -> Pane?

    /// When the pane's drawing next changes by itself (an animation frame), on the session clock;
    /// `nil` when it never does.
    func redrawsAt(_ context: PaneContext) -> Int64?

    /// The engine entered this pane (or, on the same pane, a new MFA challenge). `returning`:
    /// back from a dialog drawn over it (the exit dialog, a notice), so what was typed stays.
    mutating func enter(_ context: PaneContext, returning: Bool)

    /// Handles one key: ignored, handled here, or an action for the engine.
    mutating func handle(_ key: Key, context: PaneContext) -> PaneResult

    /// Draws the pane into `area`; returns where the cursor goes (a focused field), if anywhere.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition?

    /// The keys a person presses here to carry out `command` (the engine has already said the
    /// step fits), or `nil` when this pane has no keys for it.
    func keys(for command: ScenarioCommand, context: PaneContext) throws(ActionRejected) -> [Key]?
}

extension PaneView {
    func title(_ context: PaneContext) -> String? { nil }
    func takesText(_ context: PaneContext) -> Bool { false }
    func underlay(_ context: PaneContext) -> Pane? { nil }
    func redrawsAt(_ context: PaneContext) -> Int64? { nil }
    mutating func enter(_ context: PaneContext, returning: Bool) {}
    func keys(for command: ScenarioCommand, context: PaneContext) throws(ActionRejected) -> [Key]? { nil }

    /// By default a key does what the key map's binding for it says.
    mutating func handle(_ key: Key, context: PaneContext) -> PaneResult {
        keyMap(context).action(for: key).map(PaneResult.send) ?? .ignored
    }
}
