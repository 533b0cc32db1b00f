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

/// TerminalRunner: the one loop that owns the terminal: turns keys, signals, output failures
/// and time into ``AppMessage``s for ``LinkApp/update(_:)`` and does what it answers (draw,
/// repaint, suspend, leave), until the session ends.
///
/// It sleeps in `poll()` on the terminal and the signal handlers' self-pipe, with a timeout no
/// longer than the app's next deadline (none when nothing is due), handles every pending key
/// before drawing once, and presents only changed cells.
public final class TerminalRunner {
    /// The UI.
    public let app: any TerminalApp
    /// The terminal.
    public let screen: TerminalScreen
    /// Where the terminal output is recorded (`--record`), if anywhere; the screen must capture.
    public var recorder: CastRecorder?
    /// The outputs' failures (--events, --record), shown and acted on at once (see OutputWatch).
    public var outputWatch: OutputWatch?
    private var recordedSize: TerminalSize?
    /// Keys typed before the session started (while a directory loaded behind the first frame),
    /// handled first, in order.
    public var typeahead: [Key] = []
    /// The watchers who see this session each at their own size (`linkterm serve --watch`); when
    /// not set, ``run()`` takes the one the server gave the process, if any.
    public var audience: Audience?

    /// Creates a runner over an open screen.
    public init(app: any TerminalApp, screen: TerminalScreen) {
        self.app = app
        self.screen = screen
    }

    /// Runs the session to its end and says how it ended. The screen stays open; close it after.
    public func run() -> SessionEnd {
        if audience == nil { audience = Audience.fromEnvironment() }
        app.start()
        // a session can end as it starts (a refused token): then no frame at all
        var effects = app.update(.tick)
        if !effects.contains(.leave) { effects.insert(.redraw) }
        for key in typeahead where !effects.contains(.leave) { effects.formUnion(press(key)) }
        typeahead = []
        while !effects.contains(.leave) {
            if let signal = screen.pendingSignal() {
                switch signal {
                case .hangup: effects = app.update(.ended(.hungUp))
                case .terminate: effects = app.update(.ended(.terminated))
                case .interrupt: effects = app.update(.ended(.interrupted))
                case .ending(let number): effects = app.update(.ended(.signaled(number)))
                case .resize:
                    // keys typed before the resize act on the frame they were typed at (behind
                    // "terminal too small", nothing): take them before drawing at the new size
                    effects.formUnion(handleWaitingKeys())
                    effects.formUnion(app.update(.resized))
                case .continued:
                    effects.formUnion(app.update(.resumed))
                }
                if effects.contains(.leave) { break }
            }
            if effects.contains(.repaintAll) { screen.forceRepaint() }
            // a watcher came or went: the header's count is drawn again
            if audience?.takeCountChange() == true || effects.contains(.redraw) { draw() }
            audience?.serve(render: app.renderCopy)
            effects = []
            if let crash = crashTest, framesDrawn >= 1 { crashNow(crash) }
            // sleep until a key, a signal, a watcher's message or the next deadline: no polling while idle
            let woke = screen.waitForInput(timeoutMs: timeout(), watching: audience?.controlFD ?? -1)
            if woke.contains(.watched) { audience?.readControl() }
            if woke.contains(.hangUp) {
                // the terminal went away (an ssh drop closes the pty): leave as for SIGHUP
                effects = app.update(.ended(.hungUp))
                break
            }
            if woke.contains(.input), let key = screen.readKey(timeoutMs: 0) {
                emptyReads = 0
                effects = press(key)
                // every key already waiting, before drawing again
                if !effects.contains(.leave) { effects.formUnion(handleWaitingKeys()) }
            } else if woke.contains(.input) {
                // input said ready and nothing came of it, again and again: the terminal may be
                // gone without a hang-up being reported
                emptyReads += 1
                if emptyReads >= 3 && inputHungUp() {
                    effects = app.update(.ended(.hungUp))
                    break
                }
            }
            if effects.contains(.leave) { break }
            effects.formUnion(app.update(.tick))
            if let alarm = outputWatch?.poll() {  // an output failed: say so, maybe end
                effects.formUnion(app.update(.outputFailed(alarm)))
            }
        }
        if effects.contains(.redraw) { draw() }
        audience?.finish(render: app.renderCopy)  // the watchers see the last frame too
        return app.end
    }

    /// One key to the app; a suspend (Ctrl-Z) happens at once, before the keys typed after it.
    private func press(_ key: Key) -> AppEffects {
        var effects = app.update(.key(key))
        if let text = app.takeClipboard() { screen.copyToClipboard(text) }
        if effects.contains(.suspend) {
            record()
            screen.suspend()
            screen.forceRepaint()
            effects.subtract([.suspend, .repaintAll])
        }
        return effects
    }

    private var emptyReads = 0
    private var framesDrawn = 0
    /// `LINKTERM_CRASH_TEST=fatal|segv` makes the loop crash after its first frames, so tests can
    /// check that a crash restores the terminal and prints a readable report.
    private let crashTest = EnvironmentVariable.value("LINKTERM_CRASH_TEST")

    private func crashNow(_ kind: String) -> Never {
        if kind == "segv" {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
        }
        fatalError("LINKTERM_CRASH_TEST: a deliberate crash inside the UI loop")
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

    /// Handles the keys already waiting (at most 256), without waiting for more.
    private func handleWaitingKeys() -> AppEffects {
        var effects: AppEffects = []
        var batch = 0
        while batch < 256, !effects.contains(.leave), let next = screen.readKey(timeoutMs: 0) {
            effects.formUnion(press(next))
            batch += 1
        }
        return effects
    }

    /// Draws one frame of the app as it is, without starting its session: the first frame,
    /// shown while something slow (a large directory) gets ready behind it.
    public func drawPreview() {
        draw()
    }

    private func draw() {
        let size = screen.size
        var (buffer, cursor) = app.render(rows: size.rows, cols: size.cols)
        audience?.markHeader(&buffer)  // how many watch, when any do
        if let recorder, let recordedSize, recordedSize != size {
            recorder.resize(width: size.cols, height: size.rows, at: recorder.elapsed)
        }
        recordedSize = size
        screen.present(buffer, cursor: cursor)
        audience?.frameDrawn()
        framesDrawn += 1
        record()
    }

    /// Passes what the terminal was sent since the last call to the recording.
    public func record() {
        guard let recorder else { return }
        let bytes = screen.takeCapturedOutput()
        if !bytes.isEmpty { recorder.output(bytes, at: recorder.elapsed) }
    }

    /// How long to wait for input, in milliseconds: until the app's next deadline, or -1 when
    /// there is none (then only a key, a signal or a resize wakes the loop).
    private func timeout() -> Int {
        // a watcher's frame not all sent: back soon to send the rest (the socket never blocks the loop)
        let audienceWait = audience?.isBusy == true ? 20 : -1
        guard let first = app.nextDeadline else { return audienceWait }
        let due = Int(min(max(1, first - app.now), Int64(Int32.max)))
        return audienceWait < 0 ? due : min(due, audienceWait)
    }
}
