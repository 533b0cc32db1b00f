#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ScenarioLines: what a scenario recorder (``ScenarioRecorder``, ``MeshScenarioRecorder``)
/// writes: a header (a comment and the session's options), the steps taken, the steps of the
/// action prepared last (kept only if the engine takes it), and when the last step was, for the
/// `wait` before a `quit`.
struct ScenarioLines {
    /// The lines written before the steps.
    let header: [String]
    /// The steps, one line each.
    private(set) var steps: [String] = []
    /// The steps of the action prepared last.
    var pending: [String] = []
    /// When the last action was taken, and when the action prepared last is.
    var lastStepAt: Timestamp?
    var preparedAt: Timestamp?

    init(header: [String]) {
        self.header = header
    }

    /// Before a `quit` at `time`: a `wait` for the time since the last step (a replay lets what
    /// is in flight answer before every step but `quit`, which may cut it short), at most the
    /// longest wait a scenario takes.
    mutating func waitBeforeQuit(at time: Timestamp) {
        guard let last = lastStepAt, time.millis > last.millis else { return }
        pending.append("wait \(min(time.millis - last.millis, Scenario.maximumWaitMillis))")
    }

    /// A step that is not an action's (a search the engine reported by itself).
    mutating func append(_ step: String) { steps.append(step) }

    /// Keeps the steps of the action prepared last (the engine took it).
    mutating func takePending() {
        steps += pending
        pending = []
    }

    /// The scenario: the header, then every step.
    var text: String { (header + steps).joined(separator: "\n") + "\n" }

    /// Writes ``text`` to `descriptor` (opened with `OutputFile.open`); returns why it could not
    /// be written in full, or `nil`.
    func write(to descriptor: Int32) -> String? {
        switch DescriptorWrite.writeAll(Array(text.utf8), to: descriptor) {
        case .done: nil
        case .wouldBlock: "the reader stopped reading"
        case .failed(let error): String(cString: strerror(error))
        }
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
func recordingOutcome<Result>(
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
