/// ScenarioWord: one word a scenario file understands (a step's verb, or an `option` line's name):
/// how it is written, what it does, and a line that parses. The parsers accept exactly the words of
/// their vocabulary, and `linkterm help replay` prints it, so the two cannot drift.
public struct ScenarioWord: Hashable, Sendable {
    /// The first word of the line (for an option, the word after `option`).
    public let name: String
    /// How the line is written, e.g. `credentials <username> <password>`.
    public let usage: String
    /// What it does, in a few words.
    public let summary: String
    /// A whole line that parses, e.g. `credentials user_good pass_good`.
    public let example: String

    /// A word of a vocabulary.
    public init(_ name: String, _ usage: String, _ summary: String, example: String? = nil) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.example = example ?? usage
    }
}

/// ScenarioVocabulary: the steps and `option` lines a flavor's scenario files understand.
public struct ScenarioVocabulary: Sendable {
    /// The steps, in the order help lists them.
    public let steps: [ScenarioWord]
    /// The `option` lines (before the first step).
    public let options: [ScenarioWord]
    /// Each step's place in `steps`, by name (a file of millions of lines looks a verb up on each).
    private let stepIndex: [String: Int]

    /// A vocabulary of `steps` and `options`, in the order help lists them.
    public init(steps: [ScenarioWord], options: [ScenarioWord]) {
        self.steps = steps
        self.options = options
        stepIndex = Dictionary(steps.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The step named `verb`, if the vocabulary has it.
    public func step(_ verb: String) -> ScenarioWord? { stepIndex[verb].map { steps[$0] } }

    /// Every first word a line may start with: the steps, then `expect` and `option`.
    public var lineWords: [String] { steps.map(\.name) + ["expect", "option"] }

    /// The vocabulary as help lists it: one entry per step, then one per option, each usage in a
    /// column and its summary beside it (under it when the usage is long), no line longer than
    /// `width` (80-column help is not wrapped again).
    public func helpLines(width: Int = 78) -> [String] {
        steps.flatMap { Self.helpEntry($0.usage, $0.summary, width: width) }
            + options.flatMap { Self.helpEntry("option " + $0.usage, $0.summary, width: width) }
    }

    /// One entry of help: `usage` in a column, `summary` beside it (under it when the usage is
    /// long), wrapped at `width`.
    public static func helpEntry(_ usage: String, _ summary: String, width: Int = 78) -> [String] {
        let column = 28
        var lines: [String] = []
        var line = "  " + usage
        if line.count + 2 > column {
            lines.append(line)
            line = ""
        }
        line += String(repeating: " ", count: column - line.count)
        var lineHasWord = false
        for word in summary.split(separator: " ") {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: column)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}

extension ScenarioWord {
    /// `continue`: the pane's main action, a step of every flavor.
    public static let continueStep = ScenarioWord("continue", "continue", "the current pane's main action (Enter)")
    /// The steps that end every flavor's list: back, the exit dialog's three, quit (``FlowControl``), wait.
    public static let controlSteps: [ScenarioWord] = [
        ScenarioWord(FlowControl.back.verb, "back", "go back a pane (Esc)"),
        ScenarioWord(FlowControl.requestExit.verb, "exit", "ask to exit (Ctrl-X): the exit dialog"),
        ScenarioWord(FlowControl.confirmExit.verb, "confirm", "the exit dialog: exit"),
        ScenarioWord(FlowControl.cancelExit.verb, "stay", "the exit dialog: stay"),
        ScenarioWord(FlowControl.quit.verb, "quit", "close Link at once (Ctrl-C)"),
        ScenarioWord("wait", "wait <ms>", "let time pass (at most a day)", example: "wait 500"),
    ]
    /// `option seed <n>`: every flavor's ids from a seed.
    public static let seedOption = ScenarioWord("seed", "seed <n>", "the seed of every id", example: "seed 7")
}
