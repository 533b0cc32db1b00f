import LinkKit

/// ReplayBounds: what `replay` checks before it writes its first record, so that a scenario it
/// cannot play to the end is refused (exit 2) with nothing written: the update-mode institution
/// must exist, a step's text must be short, and the clock must stay within the year 9999.
enum ReplayBounds {
    /// The latest instant a record may carry: 9999-12-31T23:59:59.999Z (ISO 8601 has four-digit years).
    static let latestTimestamp = Timestamp(millis: 253_402_300_799_999)
    /// The most Unicode scalars a step's text (a search query, an institution id, a username) may have.
    static let maximumTextLength = 256
    /// Time a step other than `wait` is allowed for timers besides LOADING and the search debounce.
    static let stepAllowanceMillis: Int64 = 60_000

    /// Throws the first problem as a malformed-scenario error naming the line.
    static func check(_ scenario: Scenario, configuration: SessionConfiguration,
                      start: Timestamp = ManualClock.defaultStart) throws(ScenarioError) {
        do {
            try configuration.validate()
        } catch {
            throw ScenarioError(file: scenario.file, line: nil, message: error.description, isMalformed: true)
        }
        let perStep = configuration.latencyMillis + configuration.searchDebounceMillis + stepAllowanceMillis
        var elapsed: Int64 = 0
        for step in scenario.steps {
            if let (what, text) = text(of: step.command), text.unicodeScalars.count > maximumTextLength {
                throw ScenarioError(
                    file: scenario.file, line: step.line,
                    message: "\(step.command.verb): the \(what) is \(text.unicodeScalars.count) characters long; at most \(maximumTextLength)",
                    isMalformed: true)
            }
            if case .wait(let millis) = step.command {
                elapsed = saturatingSum(elapsed, millis)
            } else {
                elapsed = saturatingSum(elapsed, perStep)
            }
            if start.adding(millis: elapsed) > latestTimestamp {
                throw ScenarioError(
                    file: scenario.file, line: step.line,
                    message: "\(step.command.verb): the session's clock would pass the end of the year 9999 here (it starts at \(start.iso8601)); wait less",
                    isMalformed: true)
            }
        }
    }

    /// The text a step carries, named for an error.
    private static func text(of command: ScenarioCommand) -> (String, String)? {
        switch command {
        case .search(let query): ("query", query)
        case .select(let id): ("institution id", id)
        case .credentials(let username, _): ("username", username)
        default: nil
        }
    }

    private static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
