// TerminalSignal.swift: signals the UI loop must act on.

/// A signal caught by the flag-only C handlers, as
/// `TerminalScreen.pendingSignal()` reports it.
public enum TerminalSignal: Hashable, Sendable {
    /// SIGHUP: the terminal went away. Close and exit.
    case hangup
    /// SIGTERM: close and exit.
    case terminate
    /// SIGINT: close and exit (Ctrl-C itself arrives as `Key.ctrl("c")` in raw mode).
    case interrupt
    /// SIGWINCH: the size changed and is already applied; re-layout and present.
    case resize
    /// SIGCONT (or a SIGTSTP handled by suspending): the terminal modes have
    /// been re-sent and the screen repainted; present again.
    case continued
}
