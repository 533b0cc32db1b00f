import ArgumentParser
import Foundation
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

/// Writes `text` to standard output in full, short and interrupted writes retried; returns the
/// system's error number when it could not (a full disk, a reader gone), `nil` when every byte
/// was written. The one writer of the commands' results (search, token, replay's timeline and
/// --check, a session's outcome line), so none of them can lose its output silently.
func writeToStandardOutput(_ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
        var written = 0
        while written < bytes.count {
            let result = write(STDOUT_FILENO, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        return nil
    }
}

/// Whether a failure to write standard output is a terminal gone (EIO on a terminal device after
/// a hang-up): the session's last lines are lost with the terminal, which is no output failure.
func isTerminalGone(_ failure: Int32) -> Bool {
    var status = stat()
    return failure == EIO && fstat(STDOUT_FILENO, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
}

/// Writes `text` to standard output (see ``writeToStandardOutput(_:)``); when it cannot, says so
/// on standard error, naming `what` was written, and throws exit status 74.
func writeStandardOutput(_ text: String, what: String) throws {
    guard let failure = writeToStandardOutput(text) else { return }
    printError("linkterm: \(what): cannot write to standard output: \(String(cString: strerror(failure)))")
    throw ExitCode(outputFailureStatus)
}
