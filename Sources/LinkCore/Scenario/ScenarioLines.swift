#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ScenarioLines: what a scenario recorder (``ScenarioRecorder``, ``MeshScenarioRecorder``)
/// writes: a header (a comment and the session's options), the steps taken, the steps of the
/// action prepared last (kept only if the engine takes it), and when the last step was, for the
/// `wait` before a `quit`.
package struct ScenarioLines {
    /// The lines written before the steps.
    let header: [String]
    /// The steps, one line each.
    package private(set) var steps: [String] = []
    /// The steps of the action prepared last.
    package var pending: [String] = []
    /// When the last action was taken, and when the action prepared last is.
    package var lastStepAt: Timestamp?
    package var preparedAt: Timestamp?

    package init(header: [String]) {
        self.header = header
    }

    /// Before a `quit` at `time`: a `wait` for the time since the last step (a replay lets what
    /// is in flight answer before every step but `quit`, which may cut it short), at most the
    /// longest wait a scenario takes.
    package mutating func waitBeforeQuit(at time: Timestamp) {
        guard let last = lastStepAt, time.millis > last.millis else { return }
        pending.append("wait \(min(time.millis - last.millis, ScenarioFile.maximumWaitMillis))")
    }

    /// A step that is not an action's (a search the engine reported by itself).
    package mutating func append(_ step: String) { steps.append(step) }

    /// Keeps the steps of the action prepared last (the engine took it).
    package mutating func takePending() {
        steps += pending
        pending = []
    }

    /// The scenario: the header, then every step.
    package var text: String { (header + steps).joined(separator: "\n") + "\n" }

    /// Writes ``text`` to `descriptor` (opened with `OutputFile.open`); returns why it could not
    /// be written in full, or `nil`.
    package func write(to descriptor: Int32) -> String? {
        switch DescriptorWrite.writeAll(Array(text.utf8), to: descriptor) {
        case .done: nil
        case .wouldBlock: "the reader stopped reading"
        case .failed(let error): String(cString: strerror(error))
        }
    }

    /// `text` as one scenario line's argument: `nil` when empty, line breaks as spaces.
    package static func oneLine(_ text: String) -> String? {
        let line = String(text.map { $0.isNewline || $0.isASCIIControl ? " " : $0 }).trimmingWhitespace()
        return line.isEmpty ? nil : line
    }

    /// `text` as one word of a scenario line: `nil` when empty; spaces become `_`.
    package static func oneWord(_ text: String) -> String? {
        oneLine(text).map { String($0.map { $0.isWhitespace ? "_" : $0 }) }
    }
}

/// StepRecording: the end of each action a recorder (an ``ActionRecording``) was shown:
/// ``commit()`` once the engine took it, ``discard()`` when it refused it.
public protocol StepRecording: AnyObject {
    /// The action prepared last was taken.
    func commit()
    /// The action prepared last was refused.
    func discard()
}

/// Runs `send` (an engine taking an action a recorder was just shown) and tells `recorder`
/// whether it was taken or refused.
@inlinable
package func recordingOutcome<Result>(
    of recorder: (any StepRecording)?, _ send: () throws(ActionRejected) -> Result
) throws(ActionRejected) -> Result {
    let result: Result
    do {
        result = try send()
    } catch {
        recorder?.discard()
        throw error
    }
    recorder?.commit()
    return result
}

extension Character {
    /// Whether it is an ASCII control character.
    fileprivate var isASCIIControl: Bool { asciiValue.map { $0 < 32 || $0 == 127 } ?? false }
}
