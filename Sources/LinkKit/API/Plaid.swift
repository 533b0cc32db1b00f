import Foundation

/// LinkPresentation: something that shows a session to a person (the terminal UI) or drives it
/// without one, until it ends.
public protocol LinkPresentation {
    /// The clock the session runs on (the wall clock unless the presentation says otherwise).
    func makeClock() -> any SessionClock
    /// Runs the session: calls `driver.start()`, feeds it actions, returns once it has ended.
    func present(_ driver: SessionDriver)
}

extension LinkPresentation {
    /// The wall clock.
    public func makeClock() -> any SessionClock { SystemClock() }
}

/// Plaid: the entry points, as in LinkKit 7.
public enum Plaid {
    /// Creates a session; throws for a configuration that cannot open at all.
    public static func createPlaidLinkSession(configuration: LinkTokenConfiguration) throws(ConfigurationError)
        -> PlaidLinkSession
    {
        try validate(configuration)
        return PlaidLinkSession(configuration: configuration)
    }

    /// CreateError: why ``create(_:)`` failed.
    public enum CreateError: Error, Hashable, Sendable {
        /// The configuration cannot open a session.
        case configurationError(ConfigurationError)
    }

    /// LinkKit 4–6's entry point with a load callback: `onLoad` is called once Link is ready to
    /// open, after this call has returned (see ``PlaidLinkSession``: from the main queue, or at
    /// `open` if that comes first); the configuration's own `onLoad`, if any, is called too.
    public static func create(_ configuration: LinkTokenConfiguration, onLoad: @escaping () -> Void) -> Result<Handler, CreateError> {
        var configuration = configuration
        let own = configuration.onLoad
        configuration.onLoad = {
            own?()
            onLoad()
        }
        return create(configuration)
    }

    /// The older entry point: a one-time-use ``Handler``.
    public static func create(_ configuration: LinkTokenConfiguration) -> Result<Handler, CreateError> {
        do {
            try validate(configuration)
            return .success(Handler(session: PlaidLinkSession(configuration: configuration)))
        } catch {
            return .failure(.configurationError(error))
        }
    }

    static func validate(_ configuration: LinkTokenConfiguration) throws(ConfigurationError) {
        try configuration.sessionConfiguration.validate()
    }
}

/// PlaidLinkSession: one Link session, opened once.
public final class PlaidLinkSession {
    /// The configuration the session was created with.
    public let configuration: LinkTokenConfiguration
    private var opened = false
    /// Whether Link preloaded when the session was created (a token the sandbox takes): onLoad is
    /// then due, once.
    public private(set) var preloaded = false
    /// The configuration's onLoad until it has been called.
    private var pendingLoad: OnLoadOnce?
    /// Where `continue(from:)` leaves the redirect for the open session.
    private let mailbox = ActionMailbox()
    /// `continue(from:)` as a value any thread may hold: a terminal session's loop owns the main
    /// thread while it runs, so an app's URL handler on another thread resumes it through this.
    public var continuation: OAuthContinuation { OAuthContinuation(mailbox: mailbox) }

    /// Creates the session and preloads Link. As LinkKit does, `onLoad` is called once Link is
    /// ready, after the call that created the session has returned (so the app has kept its
    /// handle, and the seed's "present Link once it has loaded" finds it): from the main queue
    /// (an app's run loop: `RunLoop.main.run()`, `dispatchMain()`), or at `open` when the app
    /// opens first, before Link shows; once either way. A token the sandbox refuses never loads
    /// (the session ends with onExit when opened). Options that set no seed get one of their own
    /// here: every session's ids and token are new.
    init(configuration: LinkTokenConfiguration) {
        var configuration = configuration
        configuration.options = configuration.options.withSessionSeed()
        self.configuration = configuration
        if LinkToken.problem(with: configuration.token) == nil {
            preloaded = true
            if let onLoad = configuration.onLoad {
                let pending = OnLoadOnce(onLoad)
                pendingLoad = pending
                DispatchQueue.main.async { pending.call() }
            }
        }
    }

    /// A driver for this session on `clock`, with the configuration's callbacks attached (onLoad
    /// not again when it was called at creation; the `load` record still opens the events).
    public func makeDriver(clock: any SessionClock = ManualClock()) -> SessionDriver {
        var callbacks = configuration.callbacks
        if preloaded { callbacks.onLoad = nil }
        let driver = SessionDriver(configuration: configuration.sessionConfiguration, clock: clock, callbacks: callbacks, mailbox: mailbox)
        driver.presentationOptions = PresentationOptions(
            noLoadingState: configuration.noLoadingState, showGradientBackground: configuration.showGradientBackground)
        return driver
    }

    /// Resumes the session after an OAuth redirect: the URL the app was opened with. The open
    /// session takes it at its next tick (safe from any thread); a URL that is not this session's
    /// redirect, or a session not waiting for one, ignores it.
    public func `continue`(from url: URL) {
        continuation.continue(from: url)
    }

    /// The session's driver, once it has started: at the first `submit(data:)` (then on the wall
    /// clock) or at `open`.
    private var driver: SessionDriver?
    /// `open` asked for from inside a callback of `submit(data:)`: shown once that call returns,
    /// as UIKit presents on the run loop's next turn.
    private var pendingPresentation: (any LinkPresentation)?
    /// Whether `submit(data:)` is delivering callbacks now.
    private var delivering = false
    /// Why the last `submit(data:)` made before `open` was refused (a phone that is not one, a
    /// date that is not `yyyy-mm-dd`); `nil` when it was taken.
    public private(set) var submissionProblem: String?

    /// Hands Link what the app knows about the person (Layer): Link answers through onEvent
    /// (`LAYER_READY`, `LAYER_NOT_AVAILABLE`, `LAYER_AUTOFILL_NOT_AVAILABLE`). Before `open`, the
    /// session starts now if it has not (on the wall clock) and data that is not a phone or a
    /// date is refused, with the reason in ``submissionProblem`` and no event. Once open, the
    /// data is taken at the session's next tick (safe from any thread, as `continue(from:)`).
    /// A session that is not Layer's refuses it (``submissionProblem``): no event, nothing started.
    public func submit(data: some SubmissionData) {
        let action = UserAction.submitLayerData(phone: data.phoneNumber ?? "", dateOfBirth: data.dateOfBirth)
        // "The submit function is currently only used in the Layer product": another session
        // takes nothing, says nothing and does not start (no `OPEN` before `open()`)
        guard configuration.options.products.contains(.layer) else {
            submissionProblem = "submit(data:) is Layer's: this session's link token was not created for Layer"
            return
        }
        if opened {
            mailbox.post(action)
            return
        }
        let driver = self.driver ?? makeDriver(clock: SystemClock())
        self.driver = driver
        delivering = true
        driver.start()
        do {
            try driver.send(action)
            submissionProblem = nil
        } catch {
            submissionProblem = error.reason
        }
        delivering = false
        if let presentation = pendingPresentation {
            pendingPresentation = nil
            open(using: presentation)
        }
    }

    /// Shows the session with `presentation` and returns when it has ended. A session opens once;
    /// a second call does nothing. Called from inside one of `submit(data:)`'s callbacks (onEvent
    /// `LAYER_READY`), it shows the session once that call returns.
    public func open(using presentation: some LinkPresentation) {
        guard !opened else { return }
        if delivering {
            pendingPresentation = presentation
            return
        }
        opened = true
        pendingLoad?.call()  // Link loaded before it shows (a second `open` inside it does nothing)
        let driver = self.driver ?? makeDriver(clock: presentation.makeClock())
        self.driver = driver
        if driver.engine.pane == .layerWaiting(ready: true) {
            try? driver.send(.primary)  // the app's open() is Layer's: OPEN on its first pane
        }
        presentation.present(driver)
    }
}

/// Handler: the older one-time-use handle returned by ``Plaid/create(_:)``.
public final class Handler {
    private let session: PlaidLinkSession

    init(session: PlaidLinkSession) { self.session = session }

    /// Opens Link with `presentation`.
    public func open(presentUsing presentation: some LinkPresentation) {
        session.open(using: presentation)
    }

    /// Hands Link what the app knows about the person (LinkKit 6's `submit(_:)`, Layer); see
    /// ``PlaidLinkSession/submit(data:)``.
    public func submit(_ data: some SubmissionData) {
        session.submit(data: data)
    }

    /// Resumes an OAuth session with the URL the app was opened with (LinkKit 4–6's
    /// `continue(from:)`); see ``PlaidLinkSession/continue(from:)``.
    public func `continue`(from url: URL) {
        session.continue(from: url)
    }
}

/// OAuthContinuation: resumes one session after its OAuth redirect, from any thread.
public struct OAuthContinuation: Sendable {
    let mailbox: ActionMailbox

    /// Hands `url` to the session; it takes it at its next tick (a stray URL is ignored).
    public func `continue`(from url: URL) {
        mailbox.post(.redirect(url.absoluteString))
    }
}

/// OnLoadOnce: a session's onLoad, called once, from whichever comes first: the main queue or
/// `open` (both on the app's main thread; the lock keeps a second caller out all the same).
final class OnLoadOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var onLoad: (() -> Void)?

    init(_ onLoad: @escaping () -> Void) { self.onLoad = onLoad }

    /// Calls onLoad if it has not been called.
    func call() {
        let taken = lock.withLock {
            defer { onLoad = nil }
            return onLoad
        }
        taken?()
    }
}
