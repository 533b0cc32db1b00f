/// MeshScenarioRunner: plays a ``MeshScenario`` headless (`linkterm replay` for the Mesh flavor)
/// on a ``MeshDriver`` with a manual clock, in the loop both flavors' replays share
/// (``ScenarioReplay``: before each step but `wait` and `quit` the requests in flight answer, as a
/// person waits; a step's expectations are met, in order, by the records from its start until it
/// settled). A step that does not fit, or an unmet expectation, stops the run with a
/// ``ScenarioError`` naming the line.
public struct MeshScenarioRunner {
    /// The scenario.
    public let scenario: MeshScenario

    /// A runner.
    public init(scenario: MeshScenario) { self.scenario = scenario }

    /// Plays every step from `start`; every record goes to `observe` as it happens, and `watch`
    /// sees the engine after each batch of them (the pane it shows: the timeline's views).
    public func run(start: Timestamp = ManualClock.defaultStart, observe: @escaping (MeshRecord) -> Void,
                    watch: @escaping (MeshEngine, Timestamp) -> Void = { _, _ in }) throws(ScenarioError) {
        let driver = MeshDriver(configuration: scenario.configuration, clock: ManualClock(start: start))
        driver.keepsRecords = false
        driver.observe(observe)
        watch(driver.engine, start)
        driver.watcher = watch
        let replay = ScenarioReplay<MeshEngine>(
            file: scenario.file, opening: scenario.openingExpectations.map(\.expectLine),
            steps: scenario.steps.map { step in
                switch step.command {
                case .wait(let millis):
                    ScenarioReplay.Step(line: step.line, verb: step.command.verb, expectations: step.expectations.map(\.expectLine),
                                        settlesFirst: false, play: { driver in driver.wait(millis: millis) })
                case .action(let action):
                    // the scenario keeps its secrets: a copy is sent
                    ScenarioReplay.Step(line: step.line, verb: step.command.verb, expectations: step.expectations.map(\.expectLine),
                                        settlesFirst: action != .quit,
                                        play: { (driver) throws(ActionRejected) in try driver.send(action.copy()) })
                }
            },
            summary: \.name, paneName: \.paneName, endings: "exit and confirm, quit, or done")
        try replay.run(on: driver)
    }

    /// Each expectation met, in order, by a later record than the one before (``ExpectLine``'s rule).
    public func check(_ expectations: [MeshExpectation], against records: [MeshRecord], after what: String) throws(ScenarioError) {
        guard let (expectation, rest) = ExpectLine.firstUnmet(expectations.map(\.expectLine), in: records) else { return }
        throw ScenarioError(file: scenario.file, line: expectation.line,
                            message: expectation.unmetMessage(after: what, rest: rest, summary: \.name), isMalformed: false)
    }
}
