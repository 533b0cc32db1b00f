import Foundation

/// ChildReaper: waits for the server's session processes on a thread of its own and reports each
/// one's wait status once it has ended.
///
/// A child is reaped under the reaper's lock, after `waitid(WNOWAIT)` said it exited, so a signal
/// sent through ``signal(_:_:)`` never reaches a process id that has been reaped (and could have
/// been reused).
final class ChildReaper: @unchecked Sendable {
    /// The server's reaper.
    static let shared = ChildReaper()

    private let condition = NSCondition()
    private var waiting: [pid_t: @Sendable (Int32) -> Void] = [:]
    private var unclaimed: [pid_t: Int32] = [:]
    private var started = false

    /// Calls `onExit` (on the reaper's thread) with the wait status of `pid` when it ends.
    func watch(_ pid: pid_t, onExit: @escaping @Sendable (Int32) -> Void) {
        condition.lock()
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.name = "linkterm-serve-reaper"
            thread.start()
        }
        if let status = unclaimed.removeValue(forKey: pid) {
            condition.unlock()
            onExit(status)
            return
        }
        waiting[pid] = onExit
        condition.signal()
        condition.unlock()
    }

    /// Sends `signal` to `pid` if it has not been reaped; returns whether it was sent.
    @discardableResult
    func signal(_ pid: pid_t, _ signal: Int32) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard waiting[pid] != nil else { return false }
        return kill(pid, signal) == 0
    }

    /// Whether `pid` is still running (not reaped yet).
    func isRunning(_ pid: pid_t) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return waiting[pid] != nil
    }

    private func loop() {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            condition.unlock()
            var info = siginfo_t()
            if waitid(P_ALL, 0, &info, WEXITED | WNOWAIT) != 0 {
                if errno != EINTR { usleep(5_000) }  // ECHILD: a child being registered; look again soon
                continue
            }
            let pid = info._sifields._sigchld.si_pid
            condition.lock()
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, 0)
            let callback = waiting.removeValue(forKey: pid)
            if reaped == pid && callback == nil { unclaimed[pid] = status }
            condition.unlock()
            if reaped == pid { callback?(status) }
        }
    }
}
