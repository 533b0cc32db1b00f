/// ScenarioFile: the skeleton every flavor's scenario file shares (``Scenario``, ``MeshScenario``):
/// lines split on `\n` (a `\r` before it dropped), comments (`#` at the start or after white
/// space) and blank lines skipped, `option` lines before the first step, `expect` lines (words
/// with `"…"` kept together) after the step they check or before the first step (the opening's),
/// any other line a step; the first line a flavor refuses ends the reading with its number.
/// A flavor gives only its vocabulary: how an expectation, an option and a step are read.
package enum ScenarioFile {
    /// Reads `text`; returns the expectations before the first step and the steps, each with
    /// the expectations after it (`attach`). `expectation` gets the words after `expect` and the
    /// line number, `option` the words after `option`, `step` the line (comment and edges cut)
    /// and its words.
    package static func read<Step, Expect>(
        _ text: String, file: String,
        expectation: (_ words: [String], _ line: Int) throws(ActionRejected) -> Expect,
        option: (_ words: [String]) throws(ActionRejected) -> Void,
        step: (_ line: String, _ words: [String], _ number: Int) throws(ActionRejected) -> Step,
        attach: (Expect, inout Step) -> Void
    ) throws(ScenarioError) -> (opening: [Expect], steps: [Step]) {
        var opening: [Expect] = []
        var steps: [Step] = []
        // split on scalars: "\r\n" is one Character, so splitting a CRLF file on "\n" finds no line
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = String(String.UnicodeScalarView($0))
            if line.hasSuffix("\r") { line.removeLast() }
            return line
        }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = ScenarioFile.stripComment(raw).trimmingWhitespace()
            if line.isEmpty { continue }
            do throws(ActionRejected) {
                let words = line.split(whereSeparator: { $0.isBlank }).map(String.init)
                switch words[0] {
                case "expect":
                    let expected = try expectation(Array(try ScenarioFile.quotedWords(line).dropFirst()), number)
                    if steps.isEmpty { opening.append(expected) } else { attach(expected, &steps[steps.count - 1]) }
                case "option":
                    guard steps.isEmpty else { throw ActionRejected("option lines must come before the first step") }
                    try option(Array(words.dropFirst()))
                default:
                    steps.append(try step(line, words, number))
                }
            } catch let problem {
                throw ScenarioError(file: file, line: number, message: problem.reason, isMalformed: true)
            }
        }
        return (opening, steps)
    }

    /// A step's arguments: the line after its verb as written (edges cut) and its words (`words`,
    /// when the caller has them: the line's words after the verb).
    package static func arguments(of line: String, verb: String, words: [String]? = nil) -> (rest: String, words: [String]) {
        let rest = String(line.dropFirst(verb.count)).trimmingWhitespace()
        return (rest, words ?? rest.split(whereSeparator: { $0.isBlank }).map(String.init))
    }

    /// A `wait` step's milliseconds: one whole number from 0 to a day.
    package static func waitMillis(_ words: [String]) throws(ActionRejected) -> Int64 {
        guard words.count == 1, let millis = Int64(words[0]), (0...ScenarioFile.maximumWaitMillis).contains(millis) else {
            throw ActionRejected("wait takes 0 to \(ScenarioFile.maximumWaitMillis) milliseconds, e.g. wait 500")
        }
        return millis
    }

    /// Each word as a 0-based index; `refusal` says why a word is not one.
    package static func indices(_ words: [String], refusal: (String) -> ActionRejected) throws(ActionRejected) -> [Int] {
        var indices: [Int] = []
        for word in words {
            guard let index = Int(word), index >= 0 else { throw refusal(word) }
            indices.append(index)
        }
        return indices
    }
}
