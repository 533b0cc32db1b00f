import LinkKit

/// The exit status when an output (--events, --record, replay's standard output) could not be
/// written in full: EX_IOERR from sysexits.h.
let outputFailureStatus: Int32 = 74

/// Prints, for a person, what went wrong with an output once the session is over: its failure,
/// and how many records or lines it could not take. Returns whether anything went wrong.
func reportOutput(_ option: String, path: String, failure: OutputFailure?, unwritten: Int, unit: String) -> Bool {
    guard failure != nil || unwritten > 0 else { return false }
    var message = "linkterm: \(option) \(path): "
    if let failure {
        message += "\(failure)"
        if case .system = failure { message += "; the file ends with the last complete \(unit)" }
        if unwritten > 0 { message += "; \(unwritten) \(unit)s were not written" }
    } else {
        message += "the reader did not take the last \(unwritten) \(unit)s in time; they were not written"
    }
    printError(message)
    return true
}
