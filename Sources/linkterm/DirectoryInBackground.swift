import Dispatch
import Foundation
import LinkKit
import LinkUI
import Synchronization

/// DirectoryInBackground: an `--institutions` file loaded and indexed on another thread, so that
/// the first frame shows at once however large the file is (100,000 names take tens of
/// milliseconds); the session starts once it is ready.
///
/// The loader may block for ever (a FIFO whose writer stays open): the UI thread never waits on
/// it alone but in `poll()` on the terminal, the signal handlers' self-pipe and a pipe the loader
/// writes one byte to when it is done, so Ctrl-C and every ending signal are answered at once.
final class DirectoryInBackground: Sendable {
    /// A loaded directory and its search index.
    typealias Loaded = (InstitutionDirectory, InstitutionSearch)

    /// How the wait ended.
    enum Outcome {
        /// The loader finished (or failed).
        case ready(Result<Loaded, DirectoryError>)
        /// A signal (or Ctrl-C, or the terminal going away) came first: no session starts.
        /// `signal` gives the exit status (128 + N); `cause` names it for the message.
        case stopped(signal: Int32, cause: String)
    }

    private let result = Mutex<Result<Loaded, DirectoryError>?>(nil)
    /// The loader writes one byte to `done[1]` when `result` is set; the UI thread polls `done[0]`.
    private let done: (read: Int32, write: Int32)

    /// Starts loading `path`.
    init(path: String) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        } else {
            fds = [-1, -1]
        }
        done = (fds[0], fds[1])
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let loaded = Result { () throws(DirectoryError) in
                let directory = try InstitutionDirectory.load(path: path)
                return (directory, InstitutionSearch(directory: directory))
            }
            result.withLock { $0 = loaded }
            var byte: UInt8 = 1
            _ = write(done.write, &byte, 1)
        }
    }

    /// Waits for the directory and its index while `screen` shows the first frame: redraws it
    /// (`redraw`) after a resize or a resume, keeps the keys typed meanwhile in `typed` for the
    /// session (but those typed while `ignoresKeys()`, behind "terminal too small"), and stops at
    /// Ctrl-C, at an ending signal or when the terminal goes away.
    func wait(on screen: TerminalScreen, typed: inout [Key], ignoresKeys: () -> Bool = { false },
              redraw: () -> Void) -> Outcome {
        while true {
            if let loaded = result.withLock({ $0 }) { return .ready(loaded) }
            if let signal = screen.pendingSignal() {
                switch signal {
                case .hangup: return .stopped(signal: SIGHUP, cause: "SIGHUP")
                case .terminate: return .stopped(signal: SIGTERM, cause: "SIGTERM")
                case .interrupt: return .stopped(signal: SIGINT, cause: "SIGINT")
                case .ending(let number): return .stopped(signal: number, cause: TerminalSignal.name(of: number))
                case .resize, .continued: redraw()
                }
                continue
            }
            let woke = screen.waitForInput(timeoutMs: done.read >= 0 ? -1 : 50, watching: done.read)
            if woke.contains(.hangUp) { return .stopped(signal: SIGHUP, cause: "the terminal going away") }
            if woke.contains(.input) {
                var batch = 0
                while batch < 256, let key = screen.readKey(timeoutMs: 0) {
                    batch += 1
                    if key == .ctrl("c") { return .stopped(signal: SIGINT, cause: "Ctrl-C") }
                    if key == .ctrl("z") {
                        screen.suspend()  // as in the session: stopped until fg, then the frame again
                        redraw()
                    } else if key == .resize {
                        redraw()
                    } else if !ignoresKeys() {
                        typed.append(key)
                    }
                }
            }
        }
    }
}
