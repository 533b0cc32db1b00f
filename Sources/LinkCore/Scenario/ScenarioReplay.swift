/// ScenarioReplay: the loop that plays a scenario headless, for either flavor (`linkterm replay`
/// and `--check`, the SDKs' headless paths, the tests), on a ``FlowDriver`` with a manual clock:
///
/// - the session starts; `expect` lines before the first step are met once its start settled;
/// - before each step (but `wait` and `quit`) the timers due pass, as a person waits for LOADING;
///   a step after the session ended is refused;
/// - a step's `expect` lines are met, in order (``ExpectLine``), by the records from the step's
///   start until what it started has settled;
/// - at the end the timers pass, and the session must have ended.
///
/// A step that does not fit, an unmet expectation, or a scenario that ends before the session does
/// stops the run with a ``ScenarioError`` naming the line. A flavor's runner gives its steps (how
/// each plays on the driver) and its words.
package struct ScenarioReplay<Engine: FlowEngine> {
    /// An `expect` line of this flavor.
    package typealias Expect = ExpectLine<Engine.Record>

    /// A step.
    package struct Step {
        /// The 1-based line.
        package var line: Int
        /// The step's first word.
        package var verb: String
        /// Its `expect` lines.
        package var expectations: [Expect]
        /// Whether the timers due pass before it (false for `wait` and `quit`).
        package var settlesFirst: Bool
        /// Plays it on the driver (the timers before it have passed).
        package var play: (FlowDriver<Engine>) throws(ActionRejected) -> Void

        package init(line: Int, verb: String, expectations: [Expect], settlesFirst: Bool,
                     play: @escaping (FlowDriver<Engine>) throws(ActionRejected) -> Void) {
            self.line = line
            self.verb = verb
            self.expectations = expectations
            self.settlesFirst = settlesFirst
            self.play = play
        }
    }

    /// The scenario's file, as given.
    package var file: String
    /// The `expect` lines before the first step.
    package var opening: [Expect]
    /// The steps.
    package var steps: [Step]
    /// A record in one line, for the closest record of an unmet expectation.
    package var summary: (Engine.Record) -> String
    /// The name of the pane `engine` shows, for a scenario that ends before the session.
    package var paneName: (Engine) -> String
    /// How a scenario of this flavor ends its session ("exit and confirm, quit, or done").
    package var endings: String

    package init(file: String, opening: [Expect], steps: [Step], summary: @escaping (Engine.Record) -> String,
                 paneName: @escaping (Engine) -> String, endings: String) {
        self.file = file
        self.opening = opening
        self.steps = steps
        self.summary = summary
        self.paneName = paneName
        self.endings = endings
    }

    /// The records of the step being played, while it has expectations to meet.
    private final class Window<Record> {
        var expectations: [ExpectLine<Record>] = []
        var records: [Record] = []
        var description = "the start of the session"
    }

    /// Plays every step on `driver` (created, not started; its clock a ``ManualClock``), which
    /// hands the records to its observers. `started` runs once the session has opened (Plaid
    /// checks its configuration there).
    package func run(on driver: FlowDriver<Engine>,
                     started: (Engine) throws(ScenarioError) -> Void = { _ in }) throws(ScenarioError) {
        let window = Window<Engine.Record>()
        window.expectations = opening
        driver.observe { record in if !window.expectations.isEmpty { window.records.append(record) } }
        driver.start()
        try started(driver.engine)
        if !opening.isEmpty {
            driver.settle()
            try check(window)
        }
        for step in steps {
            window.expectations = step.expectations
            window.records.removeAll(keepingCapacity: true)
            window.description = "the step on line \(step.line) (\(step.verb))"
            if step.settlesFirst { driver.settle() }
            if driver.engine.isFinished { throw failure(step, "the session has already ended") }
            do {
                try step.play(driver)
            } catch {
                throw failure(step, error.reason)
            }
            // a step's expectations are checked once what it started has settled (LOADING, the debounce)
            if !step.expectations.isEmpty {
                driver.settle()
                try check(window)
            }
        }
        driver.settle()
        guard driver.engine.isFinished else {
            throw ScenarioError(
                file: file, line: steps.last?.line,
                message: "the scenario ended on the \(paneName(driver.engine)) pane before the session did; end it with \(endings)",
                isMalformed: false)
        }
    }

    /// The first of the window's expectations its records do not meet, as an error.
    private func check(_ window: Window<Engine.Record>) throws(ScenarioError) {
        guard let (expectation, rest) = ExpectLine.firstUnmet(window.expectations, in: window.records) else { return }
        throw ScenarioError(file: file, line: expectation.line,
                            message: expectation.unmetMessage(after: window.description, rest: rest, summary: summary),
                            isMalformed: false)
    }

    private func failure(_ step: Step, _ reason: String) -> ScenarioError {
        ScenarioError(file: file, line: step.line, message: "\(step.verb): \(reason)", isMalformed: false)
    }
}
