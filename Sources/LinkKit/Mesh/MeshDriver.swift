/// MeshDriver: runs a ``MeshEngine`` on a clock and hands every record to its observers (the
/// LinkSDK callbacks, the log panel, the events file), as ``SessionDriver`` does for Plaid.
public final class MeshDriver {
    /// The flow's state.
    public private(set) var engine: MeshEngine
    /// The clock actions and answers are timed by.
    public let clock: any SessionClock
    /// Every record so far.
    public private(set) var records: [MeshRecord] = []
    private var observers: [(MeshRecord) -> Void] = []

    /// A driver for a session not yet started.
    public init(configuration: MeshConfiguration, clock: any SessionClock) {
        engine = MeshEngine(configuration: configuration)
        self.clock = clock
    }

    /// Calls `observer` with every record from now on.
    public func observe(_ observer: @escaping (MeshRecord) -> Void) {
        observers.append(observer)
    }

    /// Opens the session (`loaded`).
    public func start() { deliver(engine.start(at: clock.now)) }

    /// Applies an action now; throws, changing nothing, when it does not fit the pane. A request
    /// due by now answers first.
    public func send(_ action: MeshAction) throws(ActionRejected) {
        let now = clock.now
        deliver(engine.advance(to: now))
        actionRecorder?.prepare(action, engine: engine, at: now)
        deliver(try recordingOutcome(of: actionRecorder) { () throws(ActionRejected) in try engine.send(action, at: now) })
    }

    /// Sees every action applied (`--save-scenario`): before, with the engine as it was, then
    /// whether it was taken.
    public var actionRecorder: (any MeshActionRecording)?

    /// Lets a request in flight answer if it is due.
    public func tick() { deliver(engine.advance(to: clock.now)) }

    private func deliver(_ batch: [MeshRecord]) {
        for record in batch {
            records.append(record)
            for observer in observers { observer(record) }
        }
    }
}
