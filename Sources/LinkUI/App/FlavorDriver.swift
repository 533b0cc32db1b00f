import LinkKit

/// FlavorDriver: what ``FlavorApp`` reads of a flavor's driver (Plaid's ``SessionDriver``, Mesh's
/// ``MeshDriver``): the clock, the records and their observers, starting, the timers.
public protocol FlavorDriver: AnyObject {
    /// What the engine emits.
    associatedtype Record
    /// The session clock.
    var clock: any SessionClock { get }
    /// Every record so far.
    var records: [Record] { get }
    /// Calls `observer` with every record from now on.
    func observe(_ observer: @escaping (Record) -> Void)
    /// Starts the session.
    func start()
    /// Lets the session's due timers fire.
    func tick()
    /// Whether the session has ended.
    var isFinished: Bool { get }
    /// When the engine next acts by itself (a request answering, a debounce), in milliseconds on
    /// the session clock.
    var engineDeadline: Int64? { get }
}

extension SessionDriver: FlavorDriver {
    public var isFinished: Bool { engine.isFinished }
    public var engineDeadline: Int64? { engine.nextDeadline?.millis }
}

extension MeshDriver: FlavorDriver {
    /// Whether the Mesh session has ended (onExit was called).
    public var isFinished: Bool { engine.isFinished }
    /// When a Mesh request in flight answers.
    public var engineDeadline: Int64? { engine.nextDeadline?.millis }
}
