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

/// SessionDriver: Plaid's ``FlowDriver``: runs a ``LinkEngine`` against a clock and delivers what
/// it emits to the host's callbacks, then to the observers; keeps how the session ended and
/// applies the actions posted to its mailbox.
public final class SessionDriver: FlowDriver<LinkEngine> {
    /// How the session ended (onSuccess or onExit); nil while it goes on.
    public private(set) var outcome: SessionOutcome?
    /// How the app asked Link to look (set from the configuration before the session opens).
    public var presentationOptions = PresentationOptions()
    /// Actions posted from other threads (`continue(from:)`), applied at the next tick; one that
    /// does not fit the pane is dropped, as a real SDK ignores a stray call.
    public let mailbox: ActionMailbox

    /// Creates a driver; call ``FlowDriver/start()`` to open the session.
    public init(configuration: SessionConfiguration, clock: any SessionClock, callbacks: LinkCallbacks? = nil,
                mailbox: ActionMailbox = ActionMailbox()) {
        self.mailbox = mailbox
        super.init(engine: LinkEngine(configuration: configuration), clock: clock)
        // the first observers: the outcome and the callbacks come before the others. Only the two
        // endings are looked at (not every event copied into an outcome that is not one), and the
        // callbacks are not copied out of an optional for each record.
        observe { [unowned self] record in
            switch record {
            case .success, .exit:
                if self.outcome == nil { self.outcome = SessionOutcome(record) }
            case .load, .event:
                break
            }
        }
        if let callbacks { observe { record in callbacks.deliver(record) } }
    }

    /// Ends the session without showing it, the presentation having no screen to show it on:
    /// `EXIT` and onExit with `error` (see ``LinkEngine/endUnshown(_:at:)``).
    public func endUnshown(_ error: ExitError) {
        isStarted = true
        deliver(engine.endUnshown(error, at: clock.now))
    }

    // The driver's steps, restated for Plaid's engine: called through the class, the generic
    // ``FlowDriver`` copies every record through value witnesses and calls the engine through its
    // protocol; restated here, the compiler specializes them for ``LinkEngine`` (the same code).

    /// Opens the session (see ``FlowDriver/start()``).
    override public func start() { super.start() }

    /// Applies an action now (see ``FlowDriver/send(_:timersFirst:)``).
    override public func send(_ action: UserAction, timersFirst: Bool = true) throws(ActionRejected) {
        try super.send(action, timersFirst: timersFirst)
    }

    /// With a manual clock: lets every pending timer fire (see ``FlowDriver/settle()``).
    override public func settle() { super.settle() }

    /// With a manual clock: moves time forward (see ``FlowDriver/wait(millis:)``).
    override public func wait(millis: Int64) { super.wait(millis: millis) }

    /// Fires the timers that are due by the clock's time, then applies what was posted to the mailbox.
    override public func tick() {
        super.tick()
        for action in mailbox.take() where !engine.isFinished {
            try? apply(action, at: clock.now)
        }
    }
}
