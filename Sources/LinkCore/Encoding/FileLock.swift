import Foundation

/// FileLock: an exclusive lock (`flock(2)`) on a lock file beside a shared file (`FILE.lock`),
/// held while a save re-reads the file, merges its own change into what is there now and
/// replaces it, so that two sessions saving the same file at once both keep what they saved
/// (`--profile`, `--mesh-store`). The lock file is created 0600 and left in place (removing it
/// would let a third process lock a file nobody else sees); the kernel releases the lock when
/// its holder exits, even by SIGKILL.
///
/// A lock held by someone else is waited for, polling, up to ``waitSeconds``; past that the save
/// fails with ``Failure`` naming the lock file, and the shared file is left as it was (nothing
/// is written without the lock).
public enum FileLock {
    /// Why the lock could not be taken.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The lock file.
        public var path: String
        /// What went wrong.
        public var reason: String

        /// `PATH: reason`.
        public var description: String { "\(path): \(reason)" }
    }

    /// The default wait for a lock held by another process: 10 seconds, or
    /// `$LINKTERM_LOCK_WAIT` seconds (0 to 3600) when set.
    public static var waitSeconds: Double {
        if let text = ProcessInfo.processInfo.environment["LINKTERM_LOCK_WAIT"], let seconds = Double(text),
           seconds.isFinite, (0...3600).contains(seconds) {
            return seconds
        }
        return 10
    }

    /// The lock file of `path`: `path.lock`.
    public static func lockPath(of path: String) -> String { path + ".lock" }

    /// Runs `body` holding the lock of `path` (waiting up to `seconds` for another holder), then
    /// releases it. Throws ``Failure`` when the lock could not be had, without running `body`.
    public static func withLock<T>(of path: String, waitingUpTo seconds: Double = waitSeconds,
                                   _ body: () throws -> T) throws -> T {
        let lockFile = lockPath(of: path)
        let fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            throw Failure(path: lockFile, reason: "cannot open the lock file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }  // closing releases the lock
        let deadline = Date().addingTimeInterval(seconds)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                throw Failure(path: lockFile, reason: "cannot lock: \(String(cString: strerror(code)))")
            }
            guard Date() < deadline else {
                throw Failure(path: lockFile, reason: "held by another process for more than \(Self.seconds(seconds)) s "
                              + "(another linkterm session saving, or one stopped while saving); nothing was written")
            }
            usleep(20_000)
        }
        return try body()
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
