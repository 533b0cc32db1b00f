import Testing
@testable import LinkKit

/// Runs scenario text (its `option` lines applied) on a fresh session and returns every record.
func records(
    _ text: String, _ configuration: SessionConfiguration = SessionConfiguration()
) throws -> [SessionRecord] {
    let scenario = try Scenario(text: text, file: "test")
    var configuration = configuration
    _ = scenario.apply(to: &configuration)
    let driver = SessionDriver(configuration: configuration, clock: ManualClock())
    try ScenarioRunner(scenario: scenario).run(on: driver)
    return driver.records
}

/// Runs scenario text and returns the one-line summaries of its records.
func trace(_ text: String, _ configuration: SessionConfiguration = SessionConfiguration()) throws -> [String] {
    try records(text, configuration).map(summary)
}

/// A compact, readable form of a record: the event name and the metadata that matters.
func summary(_ record: SessionRecord) -> String {
    switch record {
    case .load:
        return "load"
    case .event(let event):
        let m = event.metadata
        var parts = [event.eventName.description]
        if let view = m.viewName { parts.append("view=\(view)") }
        if let mfa = m.mfaType { parts.append("mfa=\(mfa)") }
        if let query = m.institutionSearchQuery { parts.append("q=\(query)") }
        if let code = m.errorCode { parts.append("err=\(code.errorCode)") }
        if let status = m.exitStatus { parts.append("status=\(status)") }
        return parts.joined(separator: " ")
    case .success(let success):
        return "success accounts=\(success.metadata.accounts.count)"
    case .exit(let exit):
        var parts = ["exit"]
        if let status = exit.metadata.status { parts.append("status=\(status)") }
        if let error = exit.error { parts.append("err=\(error.errorCode.errorCode)") }
        return parts.joined(separator: " ")
    }
}

/// The events of a record list.
func events(_ records: [SessionRecord]) -> [LinkEvent] {
    records.compactMap { if case .event(let event) = $0 { event } else { nil } }
}

/// The opening of every normal session, up to the credentials pane of First Platypus Bank.
let toCredentials = """
    continue
    select ins_109508
    """

let openToCredentials = [
    "load", "OPEN view=CONSENT", "TRANSITION_VIEW view=SELECT_INSTITUTION", "SELECT_INSTITUTION",
    "TRANSITION_VIEW view=CREDENTIAL",
]

extension SandboxError: CustomTestStringConvertible {
    /// The error code, so test output names each case briefly.
    public var testDescription: String { error.errorCode.description }
}
