/// MeshScenarioRunner: plays a ``MeshScenario`` headless (`linkterm replay` for the Mesh flavor):
/// before each step (but `wait` and `quit`) requests in flight answer, as a person waits; a
/// step's expectations are met, in order, by the records it caused once they settled. A step
/// that does not fit, or an unmet expectation, stops the run with a ``ScenarioError`` naming the line.
public struct MeshScenarioRunner {
    /// The scenario.
    public let scenario: MeshScenario

    /// A runner.
    public init(scenario: MeshScenario) { self.scenario = scenario }

    /// Plays every step from `start`; every record goes to `observe` as it happens, and `watch`
    /// sees the engine after each batch of them (the pane it shows: the timeline's views).
    public func run(start: Timestamp = ManualClock.defaultStart, observe: (MeshRecord) -> Void,
                    watch: (MeshEngine, Timestamp) -> Void = { _, _ in }) throws(ScenarioError) {
        var engine = MeshEngine(configuration: scenario.configuration)
        var now = start
        var caused: [MeshRecord] = []
        watch(engine, now)
        func deliver(_ records: [MeshRecord]) {
            for record in records { observe(record) }
            caused += records
            watch(engine, now)
        }
        func settle() {
            while let due = engine.nextDeadline {
                now = max(now, due)
                deliver(engine.advance(to: now))
            }
        }
        deliver(engine.start(at: now))
        try check(scenario.openingExpectations, against: caused, after: "the start of the session")
        for step in scenario.steps {
            caused = []
            switch step.command {
            case .wait(let millis):
                now = now.adding(millis: millis)
                deliver(engine.advance(to: now))
            case .action(let action):
                if action != .quit { settle() }
                caused = []
                if engine.isFinished { throw failure(step, "the session has already ended") }
                do {
                    deliver(try engine.send(action.copy(), at: now))  // the scenario keeps its secrets
                } catch {
                    throw failure(step, error.reason)
                }
            }
            if !step.expectations.isEmpty { settle() }
            try check(step.expectations, against: caused, after: "the step on line \(step.line) (\(step.command.verb))")
        }
        settle()
        guard engine.isFinished else {
            throw ScenarioError(file: scenario.file, line: scenario.steps.last?.line,
                                message: "the scenario ended on the \(engine.paneName) pane before the session did; end it with exit and confirm, quit, or done",
                                isMalformed: false)
        }
    }

    func failure(_ step: MeshScenario.Step, _ reason: String) -> ScenarioError {
        ScenarioError(file: scenario.file, line: step.line, message: "\(step.command.verb): \(reason)", isMalformed: false)
    }

    /// Each expectation met, in order, by a later record than the one before (``ExpectLine``'s rule).
    public func check(_ expectations: [MeshExpectation], against records: [MeshRecord], after what: String) throws(ScenarioError) {
        guard let (expectation, rest) = ExpectLine.firstUnmet(expectations.map(\.expectLine), in: records) else { return }
        throw ScenarioError(file: scenario.file, line: expectation.line,
                            message: expectation.unmetMessage(after: what, rest: rest, summary: \.name), isMalformed: false)
    }
}
