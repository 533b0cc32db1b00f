import Foundation

/// WalkVerdict: how one step of a scenario ended in a run (a walk or a replay).
public enum WalkVerdict: Hashable, Sendable, Codable {
    /// Done, and every expectation met.
    case passed
    /// Not done as written, an expectation unmet, or marked failed; the message says why.
    case failed(String)
    /// Marked blocked by the tester; the note says why.
    case blocked(String)
    /// The run ended before the step.
    case notReached

    /// One word for reports: passed, failed, blocked, not reached.
    public var word: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .blocked: "blocked"
        case .notReached: "not reached"
        }
    }

    /// The mark of the checklist and the report: ✓, ✗, ⊘, ·.
    public var mark: String {
        switch self {
        case .passed: "✓"
        case .failed: "✗"
        case .blocked: "⊘"
        case .notReached: "·"
        }
    }
}

/// WalkStepResult: one step of a run: the step, its verdict, its time, the tester's notes.
public struct WalkStepResult: Hashable, Sendable, Codable {
    /// The step (its line, its words, its expectations).
    public var entry: WalkOutline.Entry
    /// How it ended.
    public var verdict: WalkVerdict
    /// Milliseconds from the step becoming current to its end, when it ended.
    public var millis: Int64?
    /// Notes: off-script actions seen on the way, the tester's own note.
    public var notes: [String] = []

    /// Creates a result.
    public init(entry: WalkOutline.Entry, verdict: WalkVerdict, millis: Int64? = nil, notes: [String] = []) {
        self.entry = entry
        self.verdict = verdict
        self.millis = millis
        self.notes = notes
    }
}

/// WalkScenarioResult: one scenario's run: its steps' results (one JUnit test suite).
public struct WalkScenarioResult: Hashable, Sendable, Codable {
    /// The scenario's file, as given.
    public var file: String
    /// Each step's result, the opening first when it has expectations.
    public var steps: [WalkStepResult]
    /// A problem with the file itself (malformed, unreadable), reported as the suite's error.
    public var error: String?
    /// The session's timeline, as F4 and `replay --timeline` print it (the report's last part).
    public var timeline: [String] = []

    /// Creates a result.
    public init(file: String, steps: [WalkStepResult], error: String? = nil, timeline: [String] = []) {
        self.file = file
        self.steps = steps
        self.error = error
        self.timeline = timeline
    }

    /// The scenario's state in the run: passed when every step passed, else failed, blocked or not run.
    public var verdict: WalkVerdict {
        if let error { return .failed(error) }
        if let failed = steps.first(where: { if case .failed = $0.verdict { true } else { false } }) { return failed.verdict }
        if let blocked = steps.first(where: { if case .blocked = $0.verdict { true } else { false } }) { return blocked.verdict }
        if steps.allSatisfy({ $0.verdict == .passed }) { return .passed }
        return .notReached
    }

    /// What a replay says of a scenario as results: every step passed, or the steps before the
    /// one `error` names passed, that one failed with the message, the rest not reached.
    public static func replay(file: String, outline: [WalkOutline.Entry], error: ScenarioError?) -> WalkScenarioResult {
        guard let error else {
            return WalkScenarioResult(file: file, steps: outline.map { WalkStepResult(entry: $0, verdict: .passed) })
        }
        if error.isMalformed && outline.isEmpty || WalkOutline.entry(of: error.line, in: outline) == nil {
            return WalkScenarioResult(file: file, steps: outline.map { WalkStepResult(entry: $0, verdict: .notReached) },
                                      error: error.description)
        }
        let failing = WalkOutline.entry(of: error.line, in: outline) ?? 0
        return WalkScenarioResult(file: file, steps: outline.enumerated().map { index, entry in
            WalkStepResult(entry: entry, verdict: index < failing ? .passed : index == failing ? .failed(error.description) : .notReached)
        })
    }
}

/// WalkReport: a run's results written for people (Markdown) and for CI (JUnit XML).
public enum WalkReport {
    /// JUnit XML: one `testsuite` per scenario, one `testcase` per step; a failed step has a
    /// `failure` with its message, a blocked or unreached one `skipped`, a malformed file an `error`.
    public static func junit(_ results: [WalkScenarioResult], name: String) -> String {
        func count(_ result: WalkScenarioResult, _ word: String) -> Int { result.steps.filter { $0.verdict.word == word }.count }
        let tests = results.reduce(0) { $0 + max(1, $1.steps.count) }
        let failures = results.reduce(0) { $0 + count($1, "failed") }
        let errors = results.filter { $0.error != nil }.count
        let skipped = results.reduce(0) { $0 + count($1, "blocked") + count($1, "not reached") }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
        for result in results {
            let seconds = Double(result.steps.compactMap(\.millis).reduce(0, +)) / 1000
            let suiteSkipped = count(result, "blocked") + count(result, "not reached")
            xml += "  <testsuite name=\"\(escape(result.file))\" tests=\"\(max(1, result.steps.count))\" failures=\"\(count(result, "failed"))\""
            xml += " errors=\"\(result.error == nil ? 0 : 1)\" skipped=\"\(suiteSkipped)\" time=\"\(format(seconds))\">\n"
            if let error = result.error, result.steps.isEmpty {
                xml += "    <testcase classname=\"\(escape(result.file))\" name=\"the scenario file\">\n"
                xml += "      <error message=\"\(escape(firstLine(error)))\">\(escape(error))</error>\n    </testcase>\n"
            }
            for (index, step) in result.steps.enumerated() {
                let time = step.millis.map { " time=\"\(format(Double($0) / 1000))\"" } ?? ""
                xml += "    <testcase classname=\"\(escape(result.file))\" name=\"\(escape(caseName(step, index: index)))\"\(time)>\n"
                switch step.verdict {
                case .passed: break
                case .failed(let message):
                    xml += "      <failure message=\"\(escape(firstLine(message)))\">\(escape(([message] + step.notes).joined(separator: "\n")))</failure>\n"
                case .blocked(let note):
                    xml += "      <skipped message=\"\(escape("blocked: " + firstLine(note)))\"/>\n"
                case .notReached:
                    xml += "      <skipped message=\"not reached\"/>\n"
                }
                if let error = result.error, index == 0 {
                    xml += "      <error message=\"\(escape(firstLine(error)))\">\(escape(error))</error>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A test case's name: its place and its words (`03 line 5: Choose First Platypus Bank`).
    static func caseName(_ step: WalkStepResult, index: Int) -> String {
        "\(index < 9 ? "0" : "")\(index + 1) line \(step.entry.line): \(step.entry.title)"
    }

    /// The Markdown report: the run's header (date, terminal size), then each scenario: each
    /// step with its mark, verdict, time, unmet expectations and notes, then its timeline.
    public static func markdown(_ results: [WalkScenarioResult], date: Date, terminal: (cols: Int, rows: Int)?) -> String {
        var lines = ["# linkterm walk", ""]
        let formatter = ISO8601DateFormatter()
        lines.append("- Date: \(formatter.string(from: date))")
        if let terminal { lines.append("- Terminal: \(terminal.cols)x\(terminal.rows)") }
        let passed = results.filter { $0.verdict == .passed }.count
        lines.append("- Scenarios: \(results.count), \(passed) passed")
        for result in results {
            lines += ["", "## \(result.file): \(result.verdict.word)", ""]
            if let error = result.error { lines += ["The file: \(error)", ""] }
            for step in result.steps {
                let time = step.millis.map { String(format: " (%.1f s)", Double($0) / 1000) } ?? ""
                lines.append("- \(step.verdict.mark) line \(step.entry.line): \(step.entry.title): \(step.verdict.word)\(time)")
                for expectation in step.entry.expectations { lines.append("  - `\(expectation)`") }
                var verdictMessage: String?
                switch step.verdict {
                case .failed(let message), .blocked(let message):
                    verdictMessage = message
                    for line in message.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("    > \(line)") }
                default: break
                }
                // (a note the verdict already quotes, an off-script one, is not said twice)
                for note in step.notes where note != verdictMessage { lines.append("  - note: \(note)") }
            }
            if !result.timeline.isEmpty {
                lines += ["", "### Timeline", "", "```"] + result.timeline + ["```"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `text` to `descriptor` (opened with ``OutputFile/open(_:)``); returns why it could
    /// not be written in full, or nil.
    public static func write(_ text: String, to descriptor: Int32) -> String? {
        switch DescriptorWrite.writeAll(Array(text.utf8), to: descriptor) {
        case .done: nil
        case .wouldBlock: "the reader stopped reading"
        case .failed(let error): String(cString: strerror(error))
        }
    }

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// XML-escaped text (attributes and content); control characters but tab and newline are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
