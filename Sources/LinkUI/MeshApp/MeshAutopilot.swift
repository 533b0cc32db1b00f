import LinkKit
import LinkSDK

/// MeshAutopilot: plays a ``MeshScenario`` through the Mesh terminal UI, checking its
/// expectations against the records as replay does: before a step (but `wait` and `quit`) a
/// request in flight answers; a step's expectations are met once what it started has settled; a
/// step with none goes on at once.
public typealias MeshAutopilot = ScenarioAutopilot<MeshScript>

extension ScenarioAutopilot where Script == MeshScript {
    /// An autopilot for `scenario`.
    public convenience init(scenario: MeshScenario, typingDelayMillis: Int64) {
        self.init(script: MeshScript(scenario: scenario), typingDelayMillis: typingDelayMillis)
    }

    /// The scenario.
    public var scenario: MeshScenario { script.scenario }
}

/// MeshScript: a Mesh scenario for the autopilot: a step's expectations checked against the
/// records it caused (``MeshScenarioRunner/check(_:against:after:)``), its keys planned by
/// ``MeshKeyPlanner``.
public final class MeshScript: AutopilotScript {
    /// The scenario.
    public let scenario: MeshScenario
    /// The expectations begun, and what the check says they follow.
    private var expected: (expectations: [MeshExpectation], after: String)
    private var caused: [MeshRecord] = []

    init(scenario: MeshScenario) {
        self.scenario = scenario
        expected = (scenario.openingExpectations, "the start of the session")
    }

    public var stepNames: [(line: Int, verb: String)] { scenario.steps.map { ($0.line, $0.command.verb) } }
    /// Mesh's driver lets every due request answer before an action.
    public var typesBeforeTimers: Bool { false }

    public func waitMillis(step index: Int) -> Int64? {
        if case .wait(let millis) = scenario.steps[index].command { millis } else { nil }
    }

    public func actsWhenBusy(step index: Int) -> Bool { scenario.steps[index].command == .action(.quit) }
    public func checksAtOnce(step index: Int) -> Bool { scenario.steps[index].expectations.isEmpty }

    public func attach(to app: MeshApp) {
        app.driver.observe { [unowned self] record in self.caused.append(record) }
    }

    public func begin(step index: Int) {
        let step = scenario.steps[index]
        expected = (step.expectations, "the step on line \(step.line) (\(step.command.verb))")
        caused = []
    }

    public func check() -> String? {
        do {
            try MeshScenarioRunner(scenario: scenario).check(expected.expectations, against: caused, after: expected.after)
        } catch {
            return "line \(error.line.map(String.init) ?? "?"): \(error.message)"
        }
        caused = []  // the opening's records are not the first step's
        return nil
    }

    public func keys(step index: Int, app: MeshApp) throws(ActionRejected) -> [Key] {
        let command = scenario.steps[index].command
        let action: MeshAction? = if case .action(let action) = command { action.copy() } else { nil }
        return try KeyPlanner.keys(for: command, meaning: action, verb: command.verb, primary: .primary, app: app)
    }

    public func viewName(app: MeshApp) -> String { app.driver.engine.paneName }
}
