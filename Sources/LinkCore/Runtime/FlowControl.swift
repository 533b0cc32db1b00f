/// FlowControl: the actions every Link flow takes, whatever its flavor: back (Esc), the exit
/// dialog's three (ask, confirm, stay) and quit (Ctrl-C or a signal: leave at once). A flavor's
/// action carries them as one case, `.control(FlowControl)` (see ``FlowControlling``), so that
/// what they are called in a scenario file and in a walk's checklist is written once.
public enum FlowControl: Hashable, Sendable, CaseIterable {
    /// Esc: the previous pane, or the exit dialog where there is none.
    case back
    /// Ask to leave (Ctrl-X): the exit dialog.
    case requestExit
    /// The exit dialog's "yes, exit".
    case confirmExit
    /// The exit dialog's "no, continue".
    case cancelExit
    /// Leave at once, without asking (Ctrl-C, a signal).
    case quit

    /// The scenario step that takes it: `back`, `exit`, `confirm`, `stay`, `quit`.
    public var verb: String {
        switch self {
        case .back: "back"
        case .requestExit: "exit"
        case .confirmExit: "confirm"
        case .cancelExit: "stay"
        case .quit: "quit"
        }
    }

    /// The control a scenario step names, if `verb` is one of theirs.
    public init?(verb: String) {
        switch verb {
        case "back": self = .back
        case "exit": self = .requestExit
        case "confirm": self = .confirmExit
        case "stay": self = .cancelExit
        case "quit": self = .quit
        default: return nil
        }
    }

    /// What a walk's checklist asks a tester to do ("Go back (Esc)").
    public var title: String {
        switch self {
        case .back: "Go back (Esc)"
        case .requestExit: "Ask to exit"
        case .confirmExit: "Confirm the exit"
        case .cancelExit: "Stay (cancel the exit)"
        case .quit: "Quit (Ctrl-C)"
        }
    }

    /// What a person did, in a walk's words ("went back").
    public var done: String {
        switch self {
        case .back: "went back"
        case .requestExit: "asked to exit"
        case .confirmExit: "confirmed the exit"
        case .cancelExit: "stayed"
        case .quit: "quit"
        }
    }
}

/// FlowControlling: an action type that carries the ``FlowControl`` actions as its case
/// `control(_:)`; `.back`, `.requestExit`, `.confirmExit`, `.cancelExit` and `.quit` make them.
public protocol FlowControlling {
    /// The action carrying `control` (an enum's `case control(FlowControl)`).
    static func control(_ control: FlowControl) -> Self
}

extension FlowControlling {
    /// Esc: the previous pane, or the exit dialog where there is none.
    public static var back: Self { control(.back) }
    /// Ask to leave (Ctrl-X): the exit dialog.
    public static var requestExit: Self { control(.requestExit) }
    /// The exit dialog's "yes, exit".
    public static var confirmExit: Self { control(.confirmExit) }
    /// The exit dialog's "no, continue".
    public static var cancelExit: Self { control(.cancelExit) }
    /// Leave at once, without asking (Ctrl-C, a signal).
    public static var quit: Self { control(.quit) }
}
