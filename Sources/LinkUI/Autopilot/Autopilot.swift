import LinkKit

/// ScenarioAutopilot: plays a scenario through the real terminal UI of either flavor, keys typed
/// at a human pace, and checks the scenario's expectations against the records as they happen
/// (``Autopilot`` for Plaid, ``MeshAutopilot`` for Mesh: the same loop over each flavor's
/// ``AutopilotScript``).
///
/// Each step waits until the session is idle (no LOADING, no pending search debounce), then its
/// keys go out one every ``typingDelayMillis``; a step's expectations are checked once what it
/// started has settled. A failure (an unmet expectation, a step that does not fit, the engine's
/// refusal of a key's action) is shown on screen and stops the play.
public final class ScenarioAutopilot<Script: AutopilotScript> {
    /// Where the play is.
    public typealias State = AutopilotState

    /// The flavor's scenario, as the loop plays it.
    let script: Script
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
    private var openingChecked = false

    /// An autopilot playing `script`.
    init(script: Script, typingDelayMillis: Int64) {
        self.script = script
        self.typingDelayMillis = max(0, typingDelayMillis)
    }

    /// One line for the screen: the step being played, or how the play ended.
    public var banner: String { state.banner(steps: stepNames) }

    /// The whole report of a failed play (the expected record and what came instead), for standard error.
    public var report: String { state.report(steps: stepNames) }

    /// Does what is due at `now`: checks expectations, plans a step, or presses one key.
    /// Returns what the key it pressed asked of the screen (nothing when it pressed none).
    @discardableResult
    public func tick(app: FlavorApp<Script.Flavor>, now: Int64) -> AppEffects {
        guard case .playing(let index) = state, now >= nextKeyAt else { return [] }
        let finished = app.flavor.driver.isFinished
        let idle = app.flavor.driver.engineDeadline == nil
        if !openingChecked {
            guard idle else { return [] }
            openingChecked = true
            if let failure = script.check() { return failed(failure) }
        }
        let steps = script.stepNames
        if awaitingCheck {
            // a step's expectations are checked once what it started has settled; a step with
            // none goes on at once (replay does the same: `quit` may then come during LOADING)
            guard idle || finished || (steps.indices.contains(index) && script.checksAtOnce(step: index)) else { return [] }
            awaitingCheck = false
            if let failure = script.check() { return failed(failure) }
            advance(from: index, now: now)
            return []
        }
        guard steps.indices.contains(index) else {
            state = .finished
            return []
        }
        let step = steps[index]
        if !stepStarted {
            if let millis = script.waitMillis(step: index) {
                script.begin(step: index)
                stepStarted = true
                nextKeyAt = now + millis
                return []
            }
            guard idle || script.actsWhenBusy(step: index) else { return [] }
            if finished { return failed("line \(step.line): \(step.verb): the session has already ended") }
            // the pace: the view stays long enough to be read before this step acts on it
            let ready = hold.readyAt(view: script.viewName(app: app), now: now)
            if ready > now {
                nextKeyAt = ready
                return []
            }
            do {
                queue = try script.keys(step: index, app: app)
            } catch {
                return failed("line \(step.line): \(step.verb): \(error.reason)")
            }
            script.begin(step: index)
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
            return failed("line \(step.line): \(step.verb): \(error.reason)")
        }
        nextKeyAt = now + typingDelayMillis
        return effects
    }

    private func advance(from index: Int, now: Int64) {
        stepStarted = false
        let next = index + 1
        state = script.stepNames.indices.contains(next) ? .playing(index: next) : .finished
        nextKeyAt = now + typingDelayMillis * 4
    }

    /// Fails the play; nothing to draw but the banner (which the app compares itself).
    private func failed(_ message: String) -> AppEffects {
        state = .failed(message)
        queue = []
        return []
    }
}

extension ScenarioAutopilot: FlavorAutopilot {
    /// Each step's line and verb, for the banner.
    public var stepNames: [(line: Int, verb: String)] { script.stepNames }

    /// Watches `app`'s session records (call before the session starts).
    public func attach(to app: FlavorApp<Script.Flavor>) { script.attach(to: app) }

    /// When the autopilot next wants to act (milliseconds on the session clock), if it is
    /// playing and not waiting for the session to settle (see ``waitsForSession(idle:finished:)``).
    public func nextDeadline(now: Int64, sessionIdle: Bool, sessionFinished: Bool) -> Int64? {
        guard case .playing = state, !waitsForSession(idle: sessionIdle, finished: sessionFinished) else { return nil }
        return max(now, nextKeyAt)
    }

    /// Whether the next thing the play does waits for the session to settle (the opening's
    /// check, a step's check, a step's first key, each waiting for LOADING or a debounce to end),
    /// as ``tick(app:now:)`` decides it. Anything else (a key to type, a step to check at once,
    /// the next step after a check) is due at its time, however long the session's timers run.
    func waitsForSession(idle: Bool, finished: Bool) -> Bool {
        guard case .playing(let index) = state, !idle else { return false }
        if !openingChecked { return true }
        let steps = script.stepNames
        if awaitingCheck { return !finished && !(steps.indices.contains(index) && script.checksAtOnce(step: index)) }
        guard steps.indices.contains(index), !stepStarted, script.waitMillis(step: index) == nil else { return false }
        return !script.actsWhenBusy(step: index)
    }

    /// When the next key of the step being typed falls due, if one is waiting to be pressed and
    /// the flavor types it before the session's timers due by then.
    public var nextKeyDue: Int64? {
        guard script.typesBeforeTimers, case .playing = state, !queue.isEmpty else { return nil }
        return nextKeyAt
    }
}
