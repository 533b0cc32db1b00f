import LinkKit

/// AutopilotScript: a flavor's scenario as ``ScenarioAutopilot`` plays it: its steps, which wait
/// or act while the session is busy, the keys of a step on the pane shown, and the checking of
/// the expectations against the records each step caused.
public protocol AutopilotScript: AnyObject {
    /// The flavor played.
    associatedtype Flavor: AppFlavor
    /// Each step's line and verb.
    var stepNames: [(line: Int, verb: String)] { get }
    /// Whether a key due before the session's timers is typed first (see ``FlavorAutopilot/nextKeyDue``).
    var typesBeforeTimers: Bool { get }
    /// How long step `index` waits, when it is a `wait`.
    func waitMillis(step index: Int) -> Int64?
    /// Whether step `index` acts while a request is in flight (`quit`).
    func actsWhenBusy(step index: Int) -> Bool
    /// Whether step `index` is checked as soon as its keys are typed, without waiting for the
    /// session to settle (it expects nothing).
    func checksAtOnce(step index: Int) -> Bool
    /// Watches `app`'s records; the opening expectations are the first checked.
    func attach(to app: FlavorApp<Flavor>)
    /// From now on, the records count for step `index`'s expectations.
    func begin(step index: Int)
    /// Checks the expectations begun against the records since; the failure, said with its line.
    func check() -> String?
    /// The keys a person presses on the pane shown to carry out step `index` (the engine is asked
    /// first, on a copy, whether it fits).
    func keys(step index: Int, app: FlavorApp<Flavor>) throws(ActionRejected) -> [Key]
    /// The view shown (the pace holds each for a while).
    func viewName(app: FlavorApp<Flavor>) -> String
}

/// Autopilot: plays a Plaid scenario through the terminal UI.
public typealias Autopilot = ScenarioAutopilot<PlaidScript>

extension ScenarioAutopilot where Script == PlaidScript {
    /// Creates an autopilot for `scenario`.
    public convenience init(scenario: Scenario, typingDelayMillis: Int64) {
        self.init(script: PlaidScript(scenario: scenario), typingDelayMillis: typingDelayMillis)
    }

    /// The scenario.
    public var scenario: Scenario { script.scenario }
}

/// PlaidScript: a Plaid scenario for the autopilot: expectations checked as the records come
/// (``ExpectationChecker``), each step's keys asked of the pane shown (``KeyPlanner``).
public final class PlaidScript: AutopilotScript {
    /// The scenario.
    public let scenario: Scenario
    private var checker = ExpectationChecker()

    init(scenario: Scenario) { self.scenario = scenario }

    public var stepNames: [(line: Int, verb: String)] { scenario.steps.map { ($0.line, $0.command.verb) } }
    public var typesBeforeTimers: Bool { true }

    public func waitMillis(step index: Int) -> Int64? {
        if case .wait(let millis) = scenario.steps[index].command { millis } else { nil }
    }

    public func actsWhenBusy(step index: Int) -> Bool { scenario.steps[index].command == .quit }

    /// Nothing expected, and no search (replay always lets a search's debounce pass).
    public func checksAtOnce(step index: Int) -> Bool {
        let step = scenario.steps[index]
        if case .search = step.command { return false }
        return step.expectations.isEmpty
    }

    public func attach(to app: LinkApp) {
        checker.begin(scenario.openingExpectations, after: "the start of the session")
        app.driver.observe { [unowned self] record in self.checker.record(record) }
    }

    public func begin(step index: Int) {
        let step = scenario.steps[index]
        checker.begin(step.expectations, after: "the step on line \(step.line) (\(step.command.verb))")
    }

    public func check() -> String? {
        checker.check().map { "line \($0.line): \($0.message)" }
    }

    public func keys(step index: Int, app: LinkApp) throws(ActionRejected) -> [Key] {
        let command = scenario.steps[index].command
        let action = command.isWait ? nil : try ScenarioRunner.action(for: command, engine: app.driver.engine)
        return try KeyPlanner.keys(for: command, meaning: action, verb: command.verb, primary: .primary, app: app)
    }

    public func viewName(app: LinkApp) -> String { app.driver.engine.currentView?.description ?? "" }
}
