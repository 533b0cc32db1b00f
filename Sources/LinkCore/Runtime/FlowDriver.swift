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
///
/// Its stored state is `@exclusivity(unchecked)`: the driver's steps read and write it several
/// times for every record, and the run-time check that no two accesses overlap cost more than the
/// rest of the driver's own work. No access overlaps another: the engine is changed only inside
/// the driver's own steps, and observers are called between them.
open class FlowDriver<Engine: FlowEngine> {
    /// The engine, for panes to read.
    public package(set) final var engine: Engine {
        get { session }
        set { session = newValue }
    }
    /// The engine's storage: the driver's own methods, inlined into each flavor's module (so that
    /// they are specialized for its engine), reach it without an accessor.
    @exclusivity(unchecked) @usableFromInline final var session: Engine
    /// The clock the driver stamps actions with.
    public final let clock: any SessionClock
    @exclusivity(unchecked) @usableFromInline final var observers: [(Engine.Record) -> Void] = []
    /// Every record delivered so far, in order.
    public final var records: [Engine.Record] { delivered }
    @exclusivity(unchecked) @usableFromInline final var delivered: [Engine.Record] = []
    /// Whether to keep ``records`` (benchmarks turn it off).
    @exclusivity(unchecked) public final var keepsRecords = true
    /// Sees every action applied (`--save-scenario`): before, with the engine as it was, then
    /// whether it was taken.
    @exclusivity(unchecked) public final var actionRecorder: (any ActionRecording<Engine>)?
    /// Sees the engine and the time after each batch of records, empty ones too (a replay's
    /// timeline marks the panes as they are shown).
    @exclusivity(unchecked) @usableFromInline package final var watcher: ((Engine, Timestamp) -> Void)?

    /// A driver of `engine`; call ``start()`` to open the session.
    public init(engine: Engine, clock: any SessionClock) {
        self.session = engine
        self.clock = clock
    }

    /// Calls `observer` with every record from now on (inlinable: specialized in the flavor's
    /// module, it appends without looking up the array's generic metadata at run time).
    @inlinable public final func observe(_ observer: @escaping (Engine.Record) -> Void) {
        observers.append(observer)
    }

    /// Whether ``start()`` has opened the session.
    public package(set) final var isStarted: Bool {
        get { started }
        set { started = newValue }
    }
    @exclusivity(unchecked) @usableFromInline final var started = false

    /// Opens the session (once: a session started before it was presented is not started again).
    @inlinable open func start() {
        guard !started else { return }
        started = true
        deliver(session.start(at: clock.now))
    }

    /// Applies an action now; throws, changing nothing, when it does not fit the pane. Timers
    /// due by now fire first, unless `timersFirst` is false: an action that fell due before them
    /// (the autopilot's key, held up with the process) is applied, then they fire if still due.
    @inlinable open func send(_ action: Engine.Action, timersFirst: Bool = true) throws(ActionRejected) {
        let now = clock.now
        if timersFirst { deliver(session.advance(to: now)) }
        try apply(action, at: now)
    }

    /// Applies `action` at `now`, shown to the recorder first.
    @inlinable package final func apply(_ action: Engine.Action, at now: Timestamp) throws(ActionRejected) {
        actionRecorder?.prepare(action, engine: session, at: now)
        deliver(try recordingOutcome(of: actionRecorder) { () throws(ActionRejected) in try session.send(action, at: now) })
    }

    /// Fires what is due by the clock's time.
    @inlinable open func tick() {
        deliver(session.advance(to: clock.now))
    }

    /// With a manual clock: moves time to each pending deadline in turn until none is left
    /// (the user waits for the debounce and LOADING to pass).
    @inlinable open func settle() {
        guard let manual = clock as? ManualClock else { return tick() }
        while let deadline = Self.pendingDeadline(of: &session) {
            manual.advance(to: deadline)
            tick()
        }
    }

    /// With a manual clock: moves time forward and fires what falls due.
    @inlinable open func wait(millis: Int64) {
        guard let manual = clock as? ManualClock else { return tick() }
        let target = manual.now.adding(millis: millis)
        while let deadline = Self.pendingDeadline(of: &session), deadline <= target {
            manual.advance(to: deadline)
            tick()
        }
        manual.advance(to: target)
        tick()
    }

    /// The next deadline of an engine that has not finished, or nil. The engine is passed in place
    /// (`inout`): a plain read of the stored generic property copies the whole engine (some forty
    /// fields, retained and released) before asking it, once per step of ``settle()``.
    @inlinable static func pendingDeadline(of engine: inout Engine) -> Timestamp? {
        engine.isFinished ? nil : engine.nextDeadline
    }

    /// Keeps and hands on every record of `batch`, in order.
    @inlinable package final func deliver(_ batch: [Engine.Record]) {
        for record in batch {
            if keepsRecords { delivered.append(record) }
            for observer in observers { observer(record) }
        }
        watcher?(session, clock.now)
    }
}
