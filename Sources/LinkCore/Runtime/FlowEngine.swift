/// FlowEngine: the contract every Link engine keeps (Plaid's ``LinkEngine``, Mesh's
/// ``MeshEngine``), so that one driver (``FlowDriver``), one replay runner and the autopilot
/// serve both.
///
/// An engine is a value type that never reads a clock: it is told the time. ``send(_:at:)``
/// returns the records an action made, or throws ``ActionRejected`` and changes nothing;
/// ``refusal(of:)`` asks the same of a copy, so "does this step fit?" changes nothing either.
public protocol FlowEngine: Sendable {
    /// What a person does (a key's meaning, a scenario's step).
    associatedtype Action: FlowControlling
    /// What the engine emits (events, callbacks).
    associatedtype Record
    /// What is on screen.
    associatedtype Pane: Hashable

    /// The pane shown.
    var pane: Pane { get }
    /// Whether the session has ended.
    var isFinished: Bool { get }
    /// When the engine next acts by itself (a request answering, a debounce), or nil.
    var nextDeadline: Timestamp? { get }
    /// Opens the session at `time` (once: a second call emits nothing).
    mutating func start(at time: Timestamp) -> [Record]
    /// Fires what is due by `time`.
    mutating func advance(to time: Timestamp) -> [Record]
    /// Applies `action` at `time`; throws, changing nothing, when it does not fit the pane.
    mutating func send(_ action: Action, at time: Timestamp) throws(ActionRejected) -> [Record]
    /// Why `action` would be refused now, or nil, asked of a copy.
    func refusal(of action: Action) -> ActionRejected?
}

