// TerminalSignal.swift: signals the UI loop must act on.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal caught by the flag-only C handlers, as
/// `TerminalScreen.pendingSignal()` reports it.
public enum TerminalSignal: Hashable, Sendable {
    /// SIGHUP: the terminal went away. Close and exit.
    case hangup
    /// SIGTERM: close and exit.
    case terminate
    /// SIGINT: close and exit (Ctrl-C itself arrives as `Key.ctrl("c")` in raw mode).
    case interrupt
    /// Another signal whose default action ends the process (SIGQUIT, SIGUSR1, SIGALRM,
    /// SIGRTMIN+n, …: see `lt_install_signal_handlers`), by number: close and exit 128 + N.
    case ending(Int32)
    /// SIGWINCH: the size changed and is already applied; re-layout and present.
    case resize
    /// SIGCONT (or a SIGTSTP handled by suspending): the terminal modes have
    /// been re-sent and the screen repainted; present again.
    case continued
}

extension TerminalSignal {
    /// The signal's name as `kill -l` spells it with its SIG prefix (`SIGTERM`, `SIGRTMIN+3`).
    public static func name(of number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
            SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGVTALRM: "SIGVTALRM",
            SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGIO: "SIGIO", SIGSYS: "SIGSYS",
        ]
        if let name = names[number] { return name }
        #if os(Linux)
        if number == SIGPWR { return "SIGPWR" }
        if number == SIGSTKFLT { return "SIGSTKFLT" }
        let low = Int32(__libc_current_sigrtmin()), high = Int32(__libc_current_sigrtmax())
        if number >= low && number <= high {
            let fromLow = number - low, fromHigh = high - number
            if fromLow == 0 { return "SIGRTMIN" }
            if fromHigh == 0 { return "SIGRTMAX" }
            return fromLow <= fromHigh ? "SIGRTMIN+\(fromLow)" : "SIGRTMAX-\(fromHigh)"
        }
        #endif
        return "signal \(number)"
    }
}
