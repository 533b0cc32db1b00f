import LinkKit

/// AppMessage: everything that happens to the UI, the one input of ``LinkApp/update(_:)``. The
/// terminal runner, the autopilot and the tests all speak it, so they all run the same loop.
public enum AppMessage: Hashable, Sendable {
    /// A key typed (or pressed by the autopilot).
    case key(Key)
    /// Time passed: the session's due timers fire, the autopilot acts, animations move on.
    case tick
    /// The terminal changed size.
    case resized
    /// The process was continued after a stop (SIGCONT): what the terminal shows is unknown.
    case resumed
    /// A signal, or the terminal going away, ended the session: onExit now, then leave with `end`.
    case ended(SessionEnd)
    /// An output of the session (the events file, the recording) failed.
    case outputFailed(OutputAlarm)
}

/// AppEffects: what ``LinkApp/update(_:)`` asks of whoever owns the terminal.
public struct AppEffects: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Creates effects from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Something visible changed: draw a frame.
    public static let redraw = AppEffects(rawValue: 1 << 0)
    /// Forget what the terminal shows and paint every cell (Ctrl-L, after a stop).
    public static let repaintAll = AppEffects(rawValue: 1 << 1)
    /// Stop the process as the shell's job control does (Ctrl-Z), the terminal restored.
    public static let suspend = AppEffects(rawValue: 1 << 2)
    /// The loop is over: leave (after drawing, when ``redraw`` is asked too). ``LinkApp/end`` says how.
    public static let leave = AppEffects(rawValue: 1 << 3)
}

/// Banner: a line the footer shows above everything else: the autopilot's progress or verdict, or
/// an output's failure.
public struct Banner: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Whether it reports a failure (drawn in the error style).
    public var isError: Bool
}
