// TerminalError.swift: why the terminal could not be opened.

/// Why `TerminalScreen.open(term:)` refused to start a full-screen session.
/// Each case explains itself in `description`, for a clear message instead of
/// a garbage screen.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped or redirected).
    case notATerminal
    /// `TERM` is unset, empty or `dumb`: no cursor addressing.
    case unsupportedTerminal(String)
    /// The terminfo database has no entry for `TERM`.
    case unknownTerminal(String)
    /// A screen is already open in this process.
    case alreadyOpen

    /// A message for the user.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal for the full-screen interface"
        case .unsupportedTerminal(let name):
            let shown = name.isEmpty ? "TERM is not set" : "TERM=\(name) cannot move the cursor"
            return "\(shown); set TERM to your terminal type (for example TERM=xterm-256color)"
        case .unknownTerminal(let name):
            return "unknown terminal type TERM=\(name) (no terminfo entry); try TERM=xterm-256color"
        case .alreadyOpen:
            return "a terminal screen is already open"
        }
    }
}
