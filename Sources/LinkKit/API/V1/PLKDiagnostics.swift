import Foundation

/// PLKDiagnostics: LinkKit v1's console logging, set by the `PLKPLAIDLINK_DIAGNOSTICS`
/// environment variable as seed 004 documents it ("LinkKit will use the value of the
/// `PLKPLAIDLINK_DIAGNOSTICS` environment variable and enable different logging to the
/// console"): 0 None, 1 Error, 2 Warning, 3 Info, 4 Debug. The console is standard error (held
/// while Link is on screen, written once the terminal is restored). What each level logs is
/// linkterm's choice (no document says): Error the `ERROR` events and an exit's error, Warning
/// an exit without success, Info every event's name and view, Debug every record's JSON.
public enum PLKDiagnostics {
    /// A log level of the document's table.
    public enum Level: Int, Comparable, Sendable {
        case none = 0, error, warning, info, debug

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The environment variable's name.
    public static let variable = "PLKPLAIDLINK_DIAGNOSTICS"

    /// The level `environment` sets (none when unset), and why a value set is not one (then none).
    public static func level(in environment: [String: String]) -> (level: Level, problem: String?) {
        guard let text = environment[variable] else { return (.none, nil) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = Int(trimmed), let level = Level(rawValue: number) else {
            return (.none, "\(variable)=\(UntrustedText.quoted(text)) is not a log level (0 None, 1 Error, 2 Warning, 3 Info, 4 Debug): no diagnostics")
        }
        return (level, nil)
    }

    /// The lines `record` logs at `level` (none below its level). Passwords, PINs and answers
    /// never reach a record, so none reaches a line.
    public static func lines(for record: SessionRecord, at level: Level) -> [String] {
        var lines: [String] = []
        switch record {
        case .event(let event):
            if level >= .error, event.eventName == .error {
                let code = event.metadata.errorCode.map { "\($0.errorType)/\($0.errorCode)" } ?? "null"
                lines.append("[Error] ERROR \(code): \(event.metadata.errorMessage ?? "")")
            }
            if level >= .info {
                lines.append("[Info] event \(event.eventName) view=\(event.metadata.viewName?.description ?? "null")")
            }
        case .exit(let exit):
            if level >= .error, let error = exit.error {
                lines.append("[Error] exit with \(error.errorCode.errorType)/\(error.errorCode.errorCode): \(error.errorMessage)")
            }
            if level >= .warning {
                lines.append("[Warning] Link exited without success (status \(exit.metadata.status?.description ?? "null"))")
            }
        case .success, .load:
            break
        }
        if level >= .debug { lines.append("[Debug] \(record.jsonLine)") }
        return lines.map { "LinkKit " + UntrustedText.visible($0, limit: nil, quoting: false) }
    }

    /// Writes `record`'s lines at the environment's level to standard error.
    static func log(_ record: SessionRecord, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let level = level(in: environment).level
        guard level > .none else { return }
        for line in lines(for: record, at: level) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// Says once, on standard error, that the variable holds no level.
    static func reportProblem(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let problem = level(in: environment).problem {
            FileHandle.standardError.write(Data(("LinkKit: " + problem + "\n").utf8))
        }
    }
}
