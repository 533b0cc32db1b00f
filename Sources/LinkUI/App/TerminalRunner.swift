import CNcurses
import Foundation
import LinkKit

/// SessionEnd: how an interactive session ended, for the process's exit status.
public enum SessionEnd: Hashable, Sendable {
    /// onSuccess.
    case success
    /// onExit after the user left (or an error closed Link).
    case exited
    /// Ctrl-C typed or SIGINT.
    case interrupted
    /// SIGTERM.
    case terminated
    /// SIGHUP (the terminal went away).
    case hungUp
    /// Another signal whose default action ends the process (SIGQUIT, SIGUSR1, SIGALRM,
    /// SIGRTMIN+n, …), by number: the session ended as for SIGTERM.
    case signaled(Int32)

    /// The conventional exit status: 0 onSuccess, 1 onExit, 128 + N after signal N: 130 for
    /// Ctrl-C or SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT, 138 SIGUSR1, 142 SIGALRM…
    public var exitStatus: Int32 {
        switch self {
        case .success: 0
        case .exited: 1
        case .interrupted: 130
        case .terminated: 143
        case .hungUp: 129
        case .signaled(let number): 128 + number
        }
    }

    /// After a crash signal that another process sent (`kill -SEGV`: no fault, so the session
    /// ended properly, EXIT written): dies of that signal, as a crash would end the process
    /// (128 + N as a shell reports it). Otherwise returns. Call last, once every output is closed.
    public func dieIfCrashSignal() {
        if case .signaled(let number) = self, lt_is_crash_signal(number) == 1 {
            let line = "linkterm: \(TerminalSignal.name(of: number)) sent by another process: the session ended (onExit)\n"
            FileHandle.standardError.write(Data(line.utf8))
            lt_end_with_signal(number)
        }
    }

    /// Whether a signal (or Ctrl-C, or the terminal going away) ended the session.
    public var isSignal: Bool {
        switch self {
        case .success, .exited: false
        case .interrupted, .terminated, .hungUp, .signaled: true
        }
    }
}

/// TerminalRunner: the one loop that owns the terminal: reads keys and signals, drives the
/// session's timers, draws, until the session ends.
///
/// It sleeps in `poll()` on the terminal and the signal handlers' self-pipe, with a timeout no
/// longer than the next timer (or a spinner frame while LOADING; none when nothing is due), handles
/// every pending key before drawing once, and presents only changed cells.
public final class TerminalRunner {
    /// The UI.
    public let app: LinkApp
    /// The terminal.
    public let screen: TerminalScreen
    /// Plays a scenario through the UI (`--script`), if set.
    public var autopilot: Autopilot?
    /// With an autopilot: leave as soon as the play ends instead of waiting for a key.
    public var exitAtEnd = false
    /// Where the terminal output is recorded (`--record`), if anywhere; the screen must capture.
    public var recorder: CastRecorder?
    /// The outputs' failures (--events, --record), shown and acted on at once (see OutputWatch).
    public var outputWatch: OutputWatch?
    private var recordedSize: TerminalSize?
    /// Keys typed before the session started (while a directory loaded behind the first frame),
    /// handled first, in order.
    public var typeahead: [Key] = []

    /// Creates a runner over an open screen.
    public init(app: LinkApp, screen: TerminalScreen) {
        self.app = app
        self.screen = screen
    }

    /// Runs the session to its end and says how it ended. The screen stays open; close it after.
    public func run() -> SessionEnd {
        var signalEnd: SessionEnd?
        var dirty = true
        app.driver.observe { _ in dirty = true }
        autopilot?.attach(to: app)
        app.start()
        for key in typeahead where !app.driver.engine.isFinished { handle(key) }
        typeahead = []
        while !app.driver.engine.isFinished || holdsAfterEnd {
            if let signal = screen.pendingSignal() {
                switch signal {
                case .hangup: signalEnd = .hungUp
                case .terminate: signalEnd = .terminated
                case .interrupt: signalEnd = .interrupted
                case .ending(let number): signalEnd = .signaled(number)
                case .resize:
                    // keys typed before the resize act on the frame they were typed at (behind
                    // "terminal too small", nothing): take them before drawing at the new size
                    handleWaitingKeys()
                    dirty = true
                case .continued:
                    screen.forceRepaint()
                    dirty = true
                }
                if signalEnd != nil {
                    app.send(.quit)
                    break
                }
            }
            if dirty {
                draw()
                dirty = false
            }
            if let crash = crashTest, framesDrawn >= 1 { crashNow(crash) }
            // sleep until a key, a signal or the next timer: no polling while idle
            let woke = screen.waitForInput(timeoutMs: timeout())
            if woke.contains(.hangUp) {
                // the terminal went away (an ssh drop closes the pty): leave as for SIGHUP
                signalEnd = .hungUp
                app.send(.quit)
                break
            }
            if woke.contains(.input), let key = screen.readKey(timeoutMs: 0) {
                emptyReads = 0
                if app.driver.engine.isFinished {
                    if key != .resize { break }  // the autopilot's last screen: any key leaves
                    dirty = true
                    continue
                }
                handle(key)
                handleWaitingKeys()  // every key already waiting, before drawing again
                dirty = true
            } else if woke.contains(.input) {
                // input said ready and nothing came of it, again and again: the terminal may be
                // gone without a hang-up being reported
                emptyReads += 1
                if emptyReads >= 3 && inputHungUp() {
                    signalEnd = .hungUp
                    app.send(.quit)
                    break
                }
            }
            if afterInput() { dirty = true }
            if let outputWatch, outputWatch.check(app) {  // an output failed: say so, maybe end
                dirty = true
                if outputWatch.endsSession {
                    app.send(.quit)
                    draw()
                    break
                }
            }
        }
        if let signalEnd { return signalEnd }
        if case .interrupted? = quitByKey { return .interrupted }
        if case .success? = app.driver.outcome { return .success }
        return .exited
    }

    private var quitByKey: SessionEnd?
    private var lastBanner: String?
    private var emptyReads = 0
    private var framesDrawn = 0
    /// `LINKTERM_CRASH_TEST=fatal|segv` makes the loop crash after its first frames, so tests can
    /// check that a crash restores the terminal and prints a readable report.
    private let crashTest = ProcessInfo.processInfo.environment["LINKTERM_CRASH_TEST"]

    private func crashNow(_ kind: String) -> Never {
        if kind == "segv" {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
        }
        fatalError("LINKTERM_CRASH_TEST: a deliberate crash inside the UI loop")
    }

    /// Fires due timers, lets the autopilot act, advances the spinner; returns whether to redraw.
    private func afterInput() -> Bool {
        var changed = false
        app.driver.tick()
        if driveAutopilot() { changed = true }
        if case .loading = app.driver.engine.pane {
            let frame = Int(app.driver.clock.now.millis / Self.spinnerFrameMillis)
            if frame != app.spinnerTick {
                app.spinnerTick = frame
                changed = true
            }
        }
        return changed
    }

    /// Whether standard input has hung up (the terminal went away).
    private func inputHungUp() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) < 0 {
            // a signal (a resize storm sends many) interrupts poll: that is no hang-up
            if errno != EINTR { return true }
        }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// With an autopilot whose play is over: keep the last screen until a key (unless `exitAtEnd`).
    private var holdsAfterEnd: Bool {
        guard let autopilot, quitByKey == nil else { return false }
        if case .playing = autopilot.state { return true }  // let it check the last step's expectations
        return !exitAtEnd
    }

    /// Lets the autopilot act; returns whether the screen changed.
    private func driveAutopilot() -> Bool {
        guard let autopilot else { return false }
        autopilot.tick(app: app, now: app.driver.clock.now.millis)
        switch autopilot.state {
        case .playing: app.bannerIsError = false
        case .finished: app.bannerIsError = false
        case .failed: app.bannerIsError = true
        }
        var banner = autopilot.banner
        if case .playing = autopilot.state {} else {
            if exitAtEnd {
                if !app.driver.engine.isFinished { app.send(.quit) }
            } else {
                banner += app.driver.engine.isFinished ? " · press any key to leave" : " · the session is yours"
            }
        }
        app.banner = banner
        defer { lastBanner = banner }
        return banner != lastBanner
    }

    /// How the autopilot's play ended, if there is one: 0 every step played and met, 1 otherwise.
    public var autopilotStatus: Int32? {
        guard let autopilot else { return nil }
        if case .finished = autopilot.state { return 0 }
        return 1
    }

    /// Handles the keys already waiting (at most 256), without waiting for more.
    private func handleWaitingKeys() {
        var batch = 0
        while batch < 256, !app.driver.engine.isFinished, let next = screen.readKey(timeoutMs: 0) {
            handle(next)
            batch += 1
        }
    }

    private func handle(_ key: Key) {
        if key == .ctrl("c") { quitByKey = .interrupted }
        if key == .ctrl("z") {
            record()
            screen.suspend()
            screen.forceRepaint()
            return
        }
        app.handle(key)
        if app.wantsFullRepaint {
            app.wantsFullRepaint = false
            screen.forceRepaint()
        }
    }

    /// Draws one frame of the app as it is, without starting its session: the first frame,
    /// shown while something slow (a large directory) gets ready behind it.
    public func drawPreview() {
        draw()
    }

    private func draw() {
        let size = screen.size
        let (buffer, cursor) = app.render(rows: size.rows, cols: size.cols)
        if let recorder, let recordedSize, recordedSize != size {
            recorder.resize(width: size.cols, height: size.rows, at: recorder.elapsed)
        }
        recordedSize = size
        screen.present(buffer, cursor: cursor)
        framesDrawn += 1
        record()
    }

    /// Passes what the terminal was sent since the last call to the recording.
    public func record() {
        guard let recorder else { return }
        let bytes = screen.takeCapturedOutput()
        if !bytes.isEmpty { recorder.output(bytes, at: recorder.elapsed) }
    }

    /// How long to wait for input, in milliseconds: until the next timer falls due (the
    /// session's, the autopilot's, the spinner's next frame while LOADING), or -1 when there is
    /// none (then only a key, a signal or a resize wakes the loop).
    private func timeout() -> Int {
        let now = app.driver.clock.now.millis
        var due: [Int64] = []
        if let deadline = app.driver.engine.nextDeadline { due.append(deadline.millis) }
        if let next = autopilot?.nextDeadline(now: now) {
            // due already but still here: it waits for the session to settle (LOADING, a
            // debounce), whose own deadline wakes the loop; not a 1 ms spin until then
            if next > now || app.driver.engine.nextDeadline == nil { due.append(next) }
        }
        if case .loading = app.driver.engine.pane {
            due.append((now / Self.spinnerFrameMillis + 1) * Self.spinnerFrameMillis)
        }
        guard let first = due.min() else { return -1 }
        return Int(min(max(1, first - now), Int64(Int32.max)))
    }

    /// How long one frame of the LOADING spinner shows.
    static let spinnerFrameMillis: Int64 = 80
}
