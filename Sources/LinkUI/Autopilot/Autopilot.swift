import LinkKit

/// Autopilot: plays a scenario through the real terminal UI, keys typed at a human pace, and
/// checks the scenario's expectations against the records as they happen.
///
/// Each step waits until the session is idle (no LOADING, no pending search debounce), then its
/// keys go out one every ``typingDelayMillis``; a step's expectations are checked once what it
/// started has settled. A failure is shown on screen and stops the play.
public final class Autopilot: FlavorAutopilot {
    /// Where the play is.
    public typealias State = AutopilotState

    /// The scenario.
    public let scenario: Scenario
    /// Milliseconds between two keys.
    public let typingDelayMillis: Int64
    /// The pace: the least time, in milliseconds, each view is shown before a step acts on it.
    public var paceMillis: Int64 {
        get { hold.millis }
        set { hold.millis = max(0, newValue) }
    }
    private var hold = PaneHold(millis: 0)
    /// The state of the play.
    public private(set) var state: State = .playing(index: 0)

    private var queue: [Key] = []
    private var nextKeyAt: Int64 = 0
    private var stepStarted = false
    private var awaitingCheck = false
    private var checker = ExpectationChecker()
    private var openingChecked = false

    /// Creates an autopilot for `scenario`.
    public init(scenario: Scenario, typingDelayMillis: Int64) {
        self.scenario = scenario
        self.typingDelayMillis = max(0, typingDelayMillis)
    }

    /// Watches `app`'s session records (call before the session starts).
    public func attach(to app: LinkApp) {
        checker.begin(scenario.openingExpectations, after: "the start of the session")
        app.driver.observe { [unowned self] record in self.checker.record(record) }
    }

    /// Each step's line and verb, for the banner.
    public var stepNames: [(line: Int, verb: String)] { scenario.steps.map { ($0.line, $0.command.verb) } }

    /// One line for the screen: the step being played, or how the play ended.
    public var banner: String { state.banner(steps: stepNames) }

    /// The whole report of a failed play (the expected record and what came instead), for standard error.
    public var report: String { state.report(steps: stepNames) }

    /// When the autopilot next wants to act (milliseconds on the session clock), if it is playing.
    public func nextDeadline(now: Int64) -> Int64? {
        guard case .playing = state else { return nil }
        return max(now, nextKeyAt)
    }

    /// When the next key of the step being typed falls due, if one is waiting to be pressed.
    public var nextKeyDue: Int64? {
        guard case .playing = state, !queue.isEmpty else { return nil }
        return nextKeyAt
    }

    /// Does what is due at `now`: checks expectations, plans a step, or presses one key.
    /// Returns what the key it pressed asked of the screen (nothing when it pressed none).
    @discardableResult
    public func tick(app: LinkApp, now: Int64) -> AppEffects {
        guard case .playing(let index) = state, now >= nextKeyAt else { return [] }
        let engine = app.driver.engine
        let idle = engine.nextDeadline == nil
        if !openingChecked {
            guard idle else { return [] }
            openingChecked = true
            if let failure = checker.check() { return failed("line \(failure.line): \(failure.message)") }
        }
        if awaitingCheck {
            // a step's expectations are checked once what it started has settled; a step with
            // none goes on at once (replay does the same: `quit` may then come during LOADING)
            // (`search` always settles: replay lets its debounce pass)
            let expectsNothing = scenario.steps.indices.contains(index) && scenario.steps[index].expectations.isEmpty
                && { if case .search = scenario.steps[index].command { false } else { true } }()
            guard idle || engine.isFinished || expectsNothing else { return [] }
            awaitingCheck = false
            if let failure = checker.check() { return failed("line \(failure.line): \(failure.message)") }
            advance(from: index, now: now)
            return []
        }
        guard scenario.steps.indices.contains(index) else {
            state = .finished
            return []
        }
        let step = scenario.steps[index]
        if !stepStarted {
            if case .wait(let millis) = step.command {
                checker.begin(step.expectations, after: "the step on line \(step.line) (wait)")
                stepStarted = true
                nextKeyAt = now + millis
                return []
            }
            guard idle || step.command == .quit else { return [] }
            if engine.isFinished { return failed("line \(step.line): \(step.command.verb): the session has already ended") }
            // the pace: the view stays long enough to be read before this step acts on it
            let ready = hold.readyAt(view: app.driver.engine.currentView?.description ?? "", now: now)
            if ready > now {
                nextKeyAt = ready
                return []
            }
            do {
                queue = try KeyPlanner.keys(for: step.command, app: app)
            } catch {
                return failed("line \(step.line): \(step.command.verb): \(error.reason)")
            }
            checker.begin(step.expectations, after: "the step on line \(step.line) (\(step.command.verb))")
            stepStarted = true
        }
        if queue.isEmpty {
            // every key typed: check now (a step with no expectations goes on at once, as replay
            // does; waiting for the next wake would sleep through a LOADING the next step interrupts)
            awaitingCheck = true
            return tick(app: app, now: now)
        }
        let effects: AppEffects
        do {
            effects = try app.pressByAutopilot(queue.removeFirst())
        } catch {
            return failed("line \(step.line): \(step.command.verb): \(error.reason)")
        }
        nextKeyAt = now + typingDelayMillis
        return effects
    }

    private func advance(from index: Int, now: Int64) {
        stepStarted = false
        let next = index + 1
        state = scenario.steps.indices.contains(next) ? .playing(index: next) : .finished
        nextKeyAt = now + typingDelayMillis * 4
    }

    private func fail(_ message: String) {
        state = .failed(message)
        queue = []
    }

    /// Fails the play; nothing to draw but the banner (which the app compares itself).
    private func failed(_ message: String) -> AppEffects {
        fail(message)
        return []
    }
}
