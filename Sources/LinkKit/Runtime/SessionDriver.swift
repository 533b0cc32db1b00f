/// LinkCallbacks: the host's callbacks, called as records happen.
public struct LinkCallbacks {
    /// Called once when the session links an item.
    public var onSuccess: (LinkSuccess) -> Void
    /// Called once when the session ends without linking.
    public var onExit: ((LinkExit) -> Void)?
    /// Called for every event.
    public var onEvent: ((LinkEvent) -> Void)?
    /// Called when the session is ready to show.
    public var onLoad: (() -> Void)?

    /// Creates callbacks.
    public init(
        onSuccess: @escaping (LinkSuccess) -> Void, onExit: ((LinkExit) -> Void)? = nil,
        onEvent: ((LinkEvent) -> Void)? = nil, onLoad: (() -> Void)? = nil
    ) {
        self.onSuccess = onSuccess
        self.onExit = onExit
        self.onEvent = onEvent
        self.onLoad = onLoad
    }

    /// Calls the callback that matches `record`.
    public func deliver(_ record: SessionRecord) {
        switch record {
        case .load: onLoad?()
        case .event(let event): onEvent?(event)
        case .success(let success): onSuccess(success)
        case .exit(let exit): onExit?(exit)
        }
    }
}

/// SessionDriver: runs a ``LinkEngine`` against a clock and delivers what it emits.
///
/// The same driver serves the terminal UI (wall clock), replays and tests (manual clock). It is
/// not thread-safe: one thread owns it.
public final class SessionDriver {
    /// The engine, for panes to read.
    public private(set) var engine: LinkEngine
    /// The clock the driver stamps actions with.
    public let clock: any SessionClock
    private let callbacks: LinkCallbacks?
    private var observers: [(SessionRecord) -> Void] = []
    /// Every record delivered so far, in order.
    public private(set) var records: [SessionRecord] = []
    /// Whether to keep ``records`` (benchmarks turn it off).
    public var keepsRecords = true
    /// How the session ended (onSuccess or onExit); nil while it goes on.
    public private(set) var outcome: SessionOutcome?
    /// How the app asked Link to look (set from the configuration before the session opens).
    public var presentationOptions = PresentationOptions()
    /// Actions posted from other threads (`continue(from:)`), applied at the next tick; one that
    /// does not fit the pane is dropped, as a real SDK ignores a stray call.
    public let mailbox: ActionMailbox

    /// Creates a driver; call ``start()`` to open the session.
    public init(configuration: SessionConfiguration, clock: any SessionClock, callbacks: LinkCallbacks? = nil,
                mailbox: ActionMailbox = ActionMailbox()) {
        engine = LinkEngine(configuration: configuration)
        self.mailbox = mailbox
        self.clock = clock
        self.callbacks = callbacks
    }

    /// Adds an observer called for every record after the callbacks (log panel, events file).
    public func observe(_ observer: @escaping (SessionRecord) -> Void) {
        observers.append(observer)
    }

    /// Whether ``start()`` has opened the session.
    public private(set) var isStarted = false

    /// Opens the session (once: a session started before it was presented, a Layer session the
    /// app submitted data to, is not started again).
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        deliver(engine.start(at: clock.now))
    }

    /// Ends the session without showing it, the presentation having no screen to show it on:
    /// `EXIT` and onExit with `error` (see ``LinkEngine/endUnshown(_:at:)``).
    public func endUnshown(_ error: ExitError) {
        isStarted = true
        deliver(engine.endUnshown(error, at: clock.now))
    }

    /// Applies an action now; throws, changing nothing, when it does not fit the pane. Timers
    /// due by now fire first, unless `timersFirst` is false: an action that fell due before them
    /// (the autopilot's key, held up with the process) is applied, then they fire if still due.
    public func send(_ action: UserAction, timersFirst: Bool = true) throws(ActionRejected) {
        let now = clock.now
        if timersFirst { deliver(engine.advance(to: now)) }
        try apply(action, at: now)
    }

    /// Sees every action applied (`--save-scenario`): before, with the engine as it was, then
    /// whether it was taken.
    public var actionRecorder: (any ActionRecording)?

    private func apply(_ action: UserAction, at now: Timestamp) throws(ActionRejected) {
        actionRecorder?.prepare(action, engine: engine)
        deliver(try recordingOutcome(of: actionRecorder) { () throws(ActionRejected) in try engine.send(action, at: now) })
    }

    /// Fires the timers that are due by the clock's time, then applies what was posted to the mailbox.
    public func tick() {
        deliver(engine.advance(to: clock.now))
        for action in mailbox.take() where !engine.isFinished {
            try? apply(action, at: clock.now)
        }
    }

    /// With a manual clock: moves time to each pending deadline in turn until none is left
    /// (the user waits for the debounce and LOADING to pass).
    public func settle() {
        guard let manual = clock as? ManualClock else { return tick() }
        while let deadline = engine.nextDeadline, !engine.isFinished {
            manual.advance(to: deadline)
            tick()
        }
    }

    /// With a manual clock: moves time forward and fires what falls due.
    public func wait(millis: Int64) {
        guard let manual = clock as? ManualClock else { return tick() }
        let target = manual.now.adding(millis: millis)
        while let deadline = engine.nextDeadline, deadline <= target, !engine.isFinished {
            manual.advance(to: deadline)
            tick()
        }
        manual.advance(to: target)
        tick()
    }

    private func deliver(_ batch: [SessionRecord]) {
        for record in batch {
            if keepsRecords { records.append(record) }
            if outcome == nil, let ending = SessionOutcome(record) { outcome = ending }
            callbacks?.deliver(record)
            for observer in observers { observer(record) }
        }
    }
}
