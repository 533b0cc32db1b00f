import LinkKit

/// AppFlavor: what one Link system (Plaid Link, Mesh Connect) gives the one terminal app,
/// ``FlavorApp``: its session (engine and driver), the lookup of its engine's pane among its pane
/// views, its header, its help rows, its records for the log panel and the timeline. Everything
/// else (the global keys, the help overlay, the log panel and its mouse, the timeline, "terminal
/// too small", the last screen's hold, the layout, a watcher's copy) is the app's, written once
/// (docs/ARCHITECTURE.md §4a).
///
/// A flavor is a class: it keeps its session and its pane views' state (the cursor, the text
/// typed) while the app runs.
public protocol AppFlavor: AnyObject {
    /// What the flavor's engine takes (a key sent by a pane, a step of a scenario).
    associatedtype Action: Hashable & Sendable
    /// What the flavor's engine emits (the log panel's entries, the timeline's marks).
    associatedtype Record = Engine.Record
    /// The flavor's engine (the contract both engines keep).
    associatedtype Engine: FlowEngine where Engine.Record == Record, Engine.Action == Action
    /// The flavor's driver, which runs its engine on a clock.
    associatedtype Driver: FlowDriver<Engine>
    /// The flavor's autopilot, which plays its scenarios through the app.
    associatedtype Pilot: FlavorAutopilot where Pilot.Flavor == Self
    /// A step of the flavor's scenarios.
    associatedtype Command

    /// The session.
    var driver: Driver { get }
    /// The styles the flavor's panes are drawn with.
    var styles: ThemeStyles { get }
    /// Whether the session ended in onSuccess.
    var succeeded: Bool { get }
    /// Whether Ctrl-X and `q` ask to exit now (not on the exit dialog itself).
    var exitKeysApply: Bool { get }

    /// Starts the session (by default, the driver).
    func start()
    /// Adds `record` to the log panel, as the flavor's SDK receives it.
    func append(_ record: Record, to log: inout LogPanel)
    /// Applies an action now; throws, changing nothing, when the engine refuses it. `timersFirst`:
    /// the session's due timers fire before it (false when the autopilot types a key that fell
    /// due before them).
    func send(_ action: Action, timersFirst: Bool) throws(ActionRejected)
    /// Tells the pane view when the engine entered its pane (after every message).
    func sync()

    /// The bindings of the pane shown, in footer order (the footer, the help overlay).
    var paneKeyMap: KeyMapOf<Action> { get }
    /// Whether the focused element of the pane shown takes typed text (then `?` and `q` are text).
    var paneTakesText: Bool { get }
    /// Gives `key` to the pane shown; returns the action it sends, if any.
    func handlePaneKey(_ key: Key) -> Action?
    /// The keys a person presses on the pane shown to carry out `command` (its own: the engine
    /// has said the step fits), or nil when the pane has none for it (``KeyPlanner``).
    func paneKeys(for command: Command) throws(ActionRejected) -> [Key]?
    /// The name of the pane shown, for a step that does not fit it.
    var paneName: String { get }
    /// Draws the header line (the flavor's name, where the session is) into `area`.
    func drawHeader(into buffer: inout CellBuffer, area: Rect)
    /// Draws the card and the pane shown in it (a dialog's underlay first); returns where the
    /// cursor goes, if a field has focus. `focused`: the card has the focus (not the log).
    /// `live`: the terminal's own frame, whose drawing the pane views keep (their scrolling);
    /// else a copy at another size (a watcher's), drawn by copies of the views.
    func drawCard(into buffer: inout CellBuffer, layout: Layout, focused: Bool, live: Bool) -> CellPosition?
    /// When the pane last drawn next changes by itself (an animation frame), on the session clock.
    var redrawsAt: Int64? { get }
    /// Whether every tick redraws (a pane animated at the pace of the loop's own wakes).
    var redrawsEveryTick: Bool { get }
    /// When the pane shown has work to do between keys (``PaneView/idleWorkAt(_:)``), on the
    /// session clock; `nil` when none.
    var idleWorkAt: Int64? { get }
    /// Does the pane's work between keys; what it shows does not change.
    func doIdleWork()
    /// The help overlay's rows below the pane's keys: the sandbox's values, the keys every pane shares.
    var helpRows: [HelpOverlay.Row] { get }
    /// The session so far as a timeline (F4).
    var timeline: SessionTimeline { get }
}

extension AppFlavor {
    /// Starts the driver.
    public func start() { driver.start() }
    /// No work between keys (a flavor whose panes have some says when).
    public var idleWorkAt: Int64? { nil }
    /// Nothing to do between keys.
    public func doIdleWork() {}
}

/// FlavorAutopilot: what ``FlavorApp`` asks of a flavor's autopilot (``Autopilot`` for Plaid,
/// ``MeshAutopilot`` for Mesh): watch the records, say when it acts next, act.
public protocol FlavorAutopilot: AnyObject {
    /// The flavor it plays.
    associatedtype Flavor: AppFlavor
    /// Where the play is.
    var state: AutopilotState { get }
    /// Each step's line and verb, for the banner.
    var stepNames: [(line: Int, verb: String)] { get }
    /// Watches `app`'s records (called before the session starts).
    func attach(to app: FlavorApp<Flavor>)
    /// When the autopilot next wants to act (milliseconds on the session clock), if it is
    /// playing and not waiting for the session to settle (`sessionIdle`: no timer pending), whose
    /// own deadline wakes the loop then.
    func nextDeadline(now: Int64, sessionIdle: Bool, sessionFinished: Bool) -> Int64?
    /// When the next key of the step being typed falls due, if one is waiting to be pressed
    /// before the session's timers.
    var nextKeyDue: Int64? { get }
    /// Does what is due at `now`; returns what the key it pressed asked of the screen.
    func tick(app: FlavorApp<Flavor>, now: Int64) -> AppEffects
}
