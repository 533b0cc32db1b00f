// CrashReports.swift: keeping Swift's crash reporter from waiting at a prompt in a raw terminal.

import CNcurses

/// CrashReports: whether Swift's crash reporter was told, before the runtime started, not to
/// wait at an interactive prompt (docs/ARCHITECTURE.md §5, "Crashes"). See `Sources/CNcurses/early_environment.c`.
public enum CrashReports {
    /// Whether `SWIFT_BACKTRACE=interactive=no` was set before the runtime started (a build
    /// that links the Swift libraries statically); if not, the process must run itself again
    /// with the variable set for it to count.
    public static var configuredBeforeStart: Bool {
        lt_backtraces_set_early() != 0
    }

    /// Makes SIGQUIT end the process (status 131) rather than reach Swift's crash reporter, which
    /// prints "Program crashed: Signal 3" and lets the process run on. Call it first thing; once
    /// the screen is open its handlers end the session cleanly on SIGQUIT instead.
    public static func quitIsNotACrash() {
        lt_quit_without_crash_report()
    }
}
