import LinkKit

/// PaneView: one pane of the UI, of either flavor, in one file: the state it keeps while shown,
/// its key map (the footer, the help overlay and, for a pane whose bindings name their action,
/// the matching), its title, whether it takes text, how it handles a key, how it draws, and which
/// keys a person presses on it to carry out a scenario step (the autopilot). `Context` is what
/// its flavor's panes read (``PlaidPaneContext`` for Plaid, ``MeshPaneContext`` for Mesh), and names
/// the flavor's engine action, engine pane and scenario command.
///
/// A pane never changes the engine: ``handle(_:context:)`` returns the action to send. The app
/// finds the view for the engine's pane in its flavor's exhaustive switch (``PlaidPaneRegistry`` for
/// Plaid, ``MeshFlavor/viewType(for:)``); adding a pane is a file that conforms to this protocol
/// and two lines there (docs/ARCHITECTURE.md, "To add a pane").
protocol PaneView<Context> {
    /// What the flavor's panes read.
    associatedtype Context: FlavorPaneContext

    /// The title of the pane's box; `nil` keeps the title of the pane drawn underneath.
    func title(_ context: Context) -> String?

    /// The pane's bindings, in footer order.
    func keyMap(_ context: Context) -> KeyMapOf<Context.Action>

    /// Whether the focused element takes typed text (then `?` is text, not help).
    func takesText(_ context: Context) -> Bool

    /// The pane drawn underneath this one (a dialog over a pane), if any.
    func underlay(_ context: Context) -> Context.EnginePane?

    /// When the pane's drawing next changes by itself (an animation frame), on the session clock;
    /// `nil` when it never does.
    func redrawsAt(_ context: Context) -> Int64?
    /// When the pane has work it can do between keys rather than on the next one (the search's
    /// set of every match, for the next character to narrow from), on the session clock; `nil`
    /// when it has none.
    func idleWorkAt(_ context: Context) -> Int64?
    /// Does that work; the loop calls it once the time has come and no key is waiting. What the
    /// pane shows does not change.
    mutating func idleWork(_ context: Context)

    /// The engine entered this pane (or, on the same pane, something new to show: a new MFA
    /// challenge, an error). `returning`: back from a dialog drawn over it (the exit dialog, a
    /// notice), so what was typed stays.
    mutating func enter(_ context: Context, returning: Bool)

    /// Handles one key: ignored, handled here, or an action for the engine.
    mutating func handle(_ key: Key, context: Context) -> PaneOutcome<Context.Action>

    /// Draws the pane into `area`; returns where the cursor goes (a focused field), if anywhere.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: Context) -> CellPosition?

    /// The keys a person presses here to carry out `command` (the engine has already said the
    /// step fits), or `nil` when this pane has no keys for it.
    func keys(for command: Context.Command, context: Context) throws(ActionRejected) -> [Key]?
}

/// FlavorPaneContext: what a flavor's pane context names: the engine's action, its pane, a
/// scenario's command.
protocol FlavorPaneContext {
    /// The engine's action.
    associatedtype Action: Hashable & Sendable
    /// The engine's pane.
    associatedtype EnginePane
    /// A step of the flavor's scenarios.
    associatedtype Command
}

extension PaneView {
    func title(_ context: Context) -> String? { nil }
    func takesText(_ context: Context) -> Bool { false }
    func underlay(_ context: Context) -> Context.EnginePane? { nil }
    func redrawsAt(_ context: Context) -> Int64? { nil }
    func idleWorkAt(_ context: Context) -> Int64? { nil }
    mutating func idleWork(_ context: Context) {}
    mutating func enter(_ context: Context, returning: Bool) {}
    func keys(for command: Context.Command, context: Context) throws(ActionRejected) -> [Key]? { nil }

    /// By default a key does what the key map's binding for it says.
    mutating func handle(_ key: Key, context: Context) -> PaneOutcome<Context.Action> {
        keyMap(context).action(for: key).map(PaneOutcome.send) ?? .ignored
    }
}
