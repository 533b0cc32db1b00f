// TerminalScreen+Signals.swift: the signals the flag-only handlers caught.

import CNcurses

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalScreen {
    /// The signal caught since the last call, if any (by priority: hangup,
    /// terminate, interrupt, the other ending signals, then suspend, resize and continue). Resize and continue
    /// are already handled when they are reported (size applied, modes
    /// re-sent); a SIGTSTP suspends the process here and reports `.continued`.
    public func pendingSignal() -> TerminalSignal? {
        let number = lt_take_signal_number()
        switch number {
        case 0: return nil
        case SIGHUP: return .hangup
        case SIGTERM: return .terminate
        case SIGINT: return .interrupt
        case SIGTSTP:
            suspend()
            return .continued
        case SIGWINCH:
            if isOpen {
                if lt_update_size() != 0 { needsFullCopy = true }
                refreshSize()
            }
            return .resize
        case SIGCONT:
            if isOpen {
                lt_resume()
                refreshSize()
                needsFullCopy = true
            }
            return .continued
        default:
            // a crash signal is flagged only when another process sent it (kill -SEGV): it ends
            // the session like any ending signal
            return lt_is_ending_signal(number) != 0 || lt_is_crash_signal(number) != 0 ? .ending(number) : nil
        }
    }
}
