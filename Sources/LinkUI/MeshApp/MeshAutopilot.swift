import LinkKit

/// MeshAutopilot: plays a ``MeshScenario`` through the Mesh terminal UI, keys typed at a human
/// pace, checking the scenario's expectations against the records as replay does: before a step
/// (but `wait` and `quit`) a request in flight answers; a step's expectations are met once what it
/// started has settled; a step with none goes on at once.
public final class MeshAutopilot: FlavorAutopilot {
    /// Where the play is.
    public typealias State = AutopilotState

    public let scenario: MeshScenario
    public let typingDelayMillis: Int64
    public private(set) var state: State = .playing(index: 0)
    /// The pace: the least time, in milliseconds, each view is shown before a step acts on it.
    public var paceMillis: Int64 {
        get { hold.millis }
        set { hold.millis = max(0, newValue) }
    }
    private var hold = PaneHold(millis: 0)

    private var queue: [Key] = []
    private var nextKeyAt: Int64 = 0
    private var stepStarted = false
    private var awaitingCheck = false
    private var openingChecked = false
    private var caused: [MeshRecord] = []
    private var runner: MeshScenarioRunner { MeshScenarioRunner(scenario: scenario) }

    /// An autopilot for `scenario`.
    public init(scenario: MeshScenario, typingDelayMillis: Int64) {
        self.scenario = scenario
        self.typingDelayMillis = max(0, typingDelayMillis)
    }

    /// Watches `app`'s records (before the session starts).
    public func attach(to app: MeshApp) {
        app.driver.observe { [unowned self] record in self.caused.append(record) }
    }

    /// Each step's line and verb, for the banner.
    public var stepNames: [(line: Int, verb: String)] { scenario.steps.map { ($0.line, $0.command.verb) } }

    /// One line for the footer.
    public var banner: String { state.banner(steps: stepNames) }

    /// The whole report, for standard error.
    public var report: String { state.report(steps: stepNames) }

    /// When the autopilot next wants to act.
    public func nextDeadline(now: Int64) -> Int64? {
        guard case .playing = state else { return nil }
        return max(now, nextKeyAt)
    }

    /// Never before the session's timers: Mesh's driver lets every due request answer before an action.
    public var nextKeyDue: Int64? { nil }

    /// Does what is due at `now`; returns a redraw when it pressed a key.
    @discardableResult
    public func tick(app: MeshApp, now: Int64) -> AppEffects {
        act(app: app, now: now) ? .redraw : []
    }

    /// Does what is due at `now`; returns whether it pressed a key.
    private func act(app: MeshApp, now: Int64) -> Bool {
        guard case .playing(let index) = state, now >= nextKeyAt else { return false }
        let engine = app.driver.engine
        let idle = engine.nextDeadline == nil
        if !openingChecked {
            guard idle else { return false }
            openingChecked = true
            if !verify(scenario.openingExpectations, after: "the start of the session") { return false }
            caused = []
        }
        if awaitingCheck {
            let step = scenario.steps[index]
            guard idle || engine.isFinished || step.expectations.isEmpty else { return false }
            awaitingCheck = false
            if !verify(step.expectations, after: "the step on line \(step.line) (\(step.command.verb))") { return false }
            stepStarted = false
            let next = index + 1
            state = scenario.steps.indices.contains(next) ? .playing(index: next) : .finished
            nextKeyAt = now + typingDelayMillis * 4
            return false
        }
        guard scenario.steps.indices.contains(index) else {
            state = .finished
            return false
        }
        let step = scenario.steps[index]
        if !stepStarted {
            if case .wait(let millis) = step.command {
                stepStarted = true
                caused = []
                nextKeyAt = now + millis
                awaitingCheck = true
                return false
            }
            guard idle || step.command == .action(.quit) else { return false }
            if engine.isFinished { return fail("line \(step.line): \(step.command.verb): the session has already ended") }
            // the pace: the view stays long enough to be read before this step acts on it
            let ready = hold.readyAt(view: engine.paneName, now: now)
            if ready > now {
                nextKeyAt = ready
                return false
            }
            do {
                queue = try MeshKeyPlanner.keys(for: step.command, app: app)
            } catch {
                return fail("line \(step.line): \(step.command.verb): \(error.reason)")
            }
            caused = []
            stepStarted = true
        }
        if queue.isEmpty {
            // every key typed: check now (a step with no expectations goes on at once, as replay
            // does; waiting for the next wake would sleep through a LOADING the next step interrupts)
            awaitingCheck = true
            return act(app: app, now: now)
        }
        do {
            _ = try app.pressByAutopilot(queue.removeFirst())
        } catch {
            return fail("line \(step.line): \(step.command.verb): \(error.reason)")
        }
        nextKeyAt = now + typingDelayMillis
        return true
    }

    private func verify(_ expectations: [MeshExpectation], after what: String) -> Bool {
        do {
            try runner.check(expectations, against: caused, after: what)
            return true
        } catch {
            _ = fail("line \(error.line.map(String.init) ?? "?"): \(error.message)")
            return false
        }
    }

    private func fail(_ message: String) -> Bool {
        state = .failed(message)
        queue = []
        return false
    }
}
