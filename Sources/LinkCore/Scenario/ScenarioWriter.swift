/// ScenarioWriter: what every flavor's `--save-scenario` recorder shares: the scenario's lines
/// (its header, the steps written, those of the action prepared last) and writing them out. A
/// flavor's recorder is a subclass that is an ``ActionRecording`` of its engine and says what
/// each action is as a step.
open class ScenarioWriter {
    /// The header, the steps, and those of the action prepared last.
    package var lines: ScenarioLines

    /// A scenario that starts with `header` (its comment and `option` lines).
    package init(header: [String]) { lines = ScenarioLines(header: header) }

    /// The steps, one line each.
    public var steps: [String] { lines.steps }

    /// The scenario: the header, then every step.
    public var text: String { lines.text }

    /// Writes ``text`` to `descriptor` (opened with `OutputFile.open`); returns why it could not
    /// be written in full, or `nil`.
    public func write(to descriptor: Int32) -> String? { lines.write(to: descriptor) }
}
