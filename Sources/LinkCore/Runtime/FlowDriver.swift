/// ActionRecording: sees each action a ``FlowDriver`` applies: ``prepare(_:engine:at:)`` just
/// before (typed secrets still readable, the engine as it was), then ``StepRecording/commit()``
/// once the engine took it or ``StepRecording/discard()`` when it refused it (`--save-scenario`).
public protocol ActionRecording<Engine>: StepRecording {
    /// The engine whose actions it sees.
    associatedtype Engine: FlowEngine
    /// The action about to be applied to `engine` at `time`.
    func prepare(_ action: Engine.Action, engine: Engine, at time: Timestamp)
}

/// FlowDriver: runs a ``FlowEngine`` against a clock and hands every record to its observers
/// (an SDK's callbacks, the log panel, the events file), for either flavor: Plaid's
/// ``SessionDriver`` adds the callbacks, the outcome and the mailbox; Mesh's is ``MeshDriver``.
///
/// The same driver serves the terminal UI (wall clock), replays and tests (manual clock). It is
/// not thread-safe: one thread owns it.
open class FlowDriver<Engine: FlowEngine> {
    /// The engine, for panes to read.
    public package(set) var engine: Engine
    /// The clock the driver stamps actions with.
    public let clock: any SessionClock
    private var observers: [(Engine.Record) -> Void] = []
    /// Every record delivered so far, in order.
    public private(set) var records: [Engine.Record] = []
    /// Whether to keep ``records`` (benchmarks turn it off).
    public var keepsRecords = true
    /// Sees every action applied (`--save-scenario`): before, with the engine as it was, then
    /// whether it was taken.
    public var actionRecorder: (any ActionRecording<Engine>)?
    /// Sees the engine and the time after each batch of records, empty ones too (a replay's
    /// timeline marks the panes as they are shown).
    package var watcher: ((Engine, Timestamp) -> Void)?

    /// A driver of `engine`; call ``start()`` to open the session.
    public init(engine: Engine, clock: any SessionClock) {
        self.engine = engine
        self.clock = clock
    }

    /// Calls `observer` with every record from now on.
    public func observe(_ observer: @escaping (Engine.Record) -> Void) {
        observers.append(observer)
    }

    /// Whether ``start()`` has opened the session.
    public package(set) var isStarted = false

    /// Opens the session (once: a session started before it was presented is not started again).
    open func start() {
        guard !isStarted else { return }
        isStarted = true
        deliver(engine.start(at: clock.now))
    }

    /// Applies an action now; throws, changing nothing, when it does not fit the pane. Timers
    /// due by now fire first, unless `timersFirst` is false: an action that fell due before them
    /// (the autopilot's key, held up with the process) is applied, then they fire if still due.
    open func send(_ action: Engine.Action, timersFirst: Bool = true) throws(ActionRejected) {
        let now = clock.now
        if timersFirst { deliver(engine.advance(to: now)) }
        try apply(action, at: now)
    }

    /// Applies `action` at `now`, shown to the recorder first.
    package func apply(_ action: Engine.Action, at now: Timestamp) throws(ActionRejected) {
        actionRecorder?.prepare(action, engine: engine, at: now)
        deliver(try recordingOutcome(of: actionRecorder) { () throws(ActionRejected) in try engine.send(action, at: now) })
    }

    /// Fires what is due by the clock's time.
    open func tick() {
        deliver(engine.advance(to: clock.now))
    }

    /// With a manual clock: moves time to each pending deadline in turn until none is left
    /// (the user waits for the debounce and LOADING to pass).
    open func settle() {
        guard let manual = clock as? ManualClock else { return tick() }
        while let deadline = Self.pendingDeadline(of: &engine) {
            manual.advance(to: deadline)
            tick()
        }
    }

    /// With a manual clock: moves time forward and fires what falls due.
    open func wait(millis: Int64) {
        guard let manual = clock as? ManualClock else { return tick() }
        let target = manual.now.adding(millis: millis)
        while let deadline = Self.pendingDeadline(of: &engine), deadline <= target {
            manual.advance(to: deadline)
            tick()
        }
        manual.advance(to: target)
        tick()
    }

    /// The next deadline of an engine that has not finished, or nil. The engine is passed in place
    /// (`inout`): a plain read of the stored generic property copies the whole engine (some forty
    /// fields, retained and released) before asking it, once per step of ``settle()``.
    private static func pendingDeadline(of engine: inout Engine) -> Timestamp? {
        engine.isFinished ? nil : engine.nextDeadline
    }

    /// Keeps and hands on every record of `batch`, in order.
    package func deliver(_ batch: [Engine.Record]) {
        for record in batch {
            if keepsRecords { records.append(record) }
            for observer in observers { observer(record) }
        }
        watcher?(engine, clock.now)
    }
}
