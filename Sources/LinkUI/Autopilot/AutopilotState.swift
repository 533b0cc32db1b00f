/// AutopilotState: where a scripted play is (either flavor's autopilot), and how it reads in the
/// footer and on standard error.
public enum AutopilotState: Equatable, Sendable {
    /// Playing step `index`.
    case playing(index: Int)
    /// Every step played and every expectation met.
    case finished
    /// An expectation was not met or a step did not fit: the message, naming the line.
    case failed(String)

    /// Whether steps are still being played.
    var isPlaying: Bool {
        if case .playing = self { true } else { false }
    }

    /// One line for the footer: the step being played (`steps`: each step's line and verb), or
    /// how the play ended.
    func banner(steps: [(line: Int, verb: String)]) -> String {
        switch self {
        case .playing(let index):
            guard steps.indices.contains(index) else { return "▶ autopilot" }
            return "▶ autopilot \(index + 1)/\(steps.count): line \(steps[index].line) \(steps[index].verb)"
        case .finished: return "✓ autopilot: every step played, every expectation met"
        case .failed(let message): return "✗ autopilot: " + (message.split(separator: "\n").first.map(String.init) ?? message)
        }
    }

    /// The whole report of a failed play (the expected record and what came instead), for standard error.
    func report(steps: [(line: Int, verb: String)]) -> String {
        if case .failed(let message) = self { return "✗ autopilot: \(message)" }
        return banner(steps: steps)
    }

    /// The footer's banner once the session state is known: after the play, what a key does now.
    func footer(steps: [(line: Int, verb: String)], sessionFinished: Bool, exitAtEnd: Bool) -> Banner {
        var banner = Banner(text: banner(steps: steps), isError: false)
        if case .playing = self { return banner }
        if case .failed = self { banner.isError = true }
        if !exitAtEnd { banner.text += sessionFinished ? " · press any key to leave" : " · the session is yours" }
        return banner
    }
}
