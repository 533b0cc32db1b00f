// Audience.swift: the watchers' screens of a session `linkterm serve` presents.

import CNcurses
import Foundation

/// Audience: the watchers of this session (`linkterm serve --watch`), each shown the same app at
/// their own terminal's size. The server gives the session a message socket at start
/// (`LINKTERM_AUDIENCE_FD`); through it come watchers, each with a descriptor to paint on
/// (`watch ID ROWS COLS COLORS`, the descriptor attached), their new sizes (`size ID ROWS COLS`)
/// and their leaving (`leave ID`). After each frame the loop draws for its own terminal,
/// ``serve(render:)`` draws the app again at each watcher's size and sends what changed
/// (``AudienceFrame``); a watcher who joins gets a whole screen.
///
/// Read-only by construction: nothing is ever read from a watcher's descriptor (its read side is
/// shut), so a watcher cannot send this session a key; they see exactly what the app draws, so a
/// secret is masked for them as it is on the presenter's screen. Nothing here ever waits: a
/// watcher whose connection is slow gets fewer frames (the next one goes once the last is out),
/// never a slower session; a watcher gone (EPIPE) is dropped.
///
/// Used only by the UI loop's thread (``TerminalRunner``).
public final class Audience {
    /// The environment variable naming the message socket's descriptor.
    public static let environmentName = "LINKTERM_AUDIENCE_FD"

    /// The message socket, or -1 once the server has closed it.
    public private(set) var controlFD: Int32
    private var screens: [Int: WatcherScreen] = [:]

    /// One watcher's screen.
    private struct WatcherScreen {
        let fd: Int32
        var rows: Int
        var cols: Int
        let colors: Int
        /// What the watcher's terminal shows once `pending` is out (`nil`: nothing known).
        var shown: CellBuffer?
        /// Bytes of the last frame not yet taken by the socket.
        var pending: [UInt8] = []
        /// Whether the app has changed since `shown` was drawn.
        var dirty = true
    }

    /// An audience over the message socket `controlFD`.
    init(controlFD: Int32) {
        self.controlFD = controlFD
    }

    deinit {
        close()
    }

    /// The audience the server gave this process, if any: the socket named by
    /// `LINKTERM_AUDIENCE_FD`, checked to be a socket, made close-on-exec. Call it once (the
    /// session's runner does); the environment is left as it is, since another thread may read it.
    public static func fromEnvironment() -> Audience? {
        guard let text = EnvironmentVariable.value(environmentName),
              let fd = Int32(text), fd > 2, lt_is_socket(fd) != 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        shutdown(fd, Int32(SHUT_WR))  // the session never says anything to the server
        return Audience(controlFD: fd)
    }

    /// The number of watchers.
    public var count: Int { screens.count }

    /// The count the presenter's header last showed.
    private var markedCount = 0

    /// Whether the number of watchers changed since the last call: the presenter's header is
    /// drawn again (``markHeader(_:)``).
    public func takeCountChange() -> Bool {
        defer { markedCount = screens.count }
        return markedCount != screens.count
    }

    /// Whether a watcher's last frame is not all sent yet: the loop comes back soon to send the rest.
    public var isBusy: Bool { screens.values.contains { !$0.pending.isEmpty } }

    /// Reads every message waiting on the socket (when the loop's wait said it is readable).
    public func readControl() {
        var buffer = [CChar](repeating: 0, count: 256)
        while controlFD >= 0 {
            var fd: Int32 = -1
            let length = lt_receive_message(controlFD, &buffer, buffer.count, &fd)
            if length == 0 || (length < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EMSGSIZE) {
                close()  // the server went away: no watchers any more
                return
            }
            if length < 0 {
                if errno == EMSGSIZE { continue }
                return
            }
            let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
            handle(String(decoding: bytes, as: UTF8.self), fd: fd)
        }
    }

    /// Applies one message; a descriptor that comes with anything but a well-formed `watch` is closed.
    func handle(_ message: String, fd: Int32) {
        let words = message.split(separator: " ").map(String.init)
        let numbers = words.dropFirst().compactMap { Int($0) }
        switch (words.first, numbers.count, fd >= 0) {
        case ("watch", 4, true) where numbers.count == words.count - 1:
            let id = numbers[0]
            drop(id)
            shutdown(fd, Int32(SHUT_RD))  // a watcher's descriptor is never read
            screens[id] = WatcherScreen(fd: fd, rows: clamp(numbers[1]), cols: clamp(numbers[2]),
                                        colors: min(max(numbers[3], 0), 256))
            return
        case ("size", 3, false) where numbers.count == words.count - 1:
            if var screen = screens[numbers[0]] {
                screen.rows = clamp(numbers[1])
                screen.cols = clamp(numbers[2])
                screen.dirty = true
                screens[numbers[0]] = screen
            }
        case ("leave", 1, false) where numbers.count == words.count - 1:
            drop(numbers[0])
        default:
            break
        }
        if fd >= 0 { Foundation.close(fd) }
    }

    private func clamp(_ value: Int) -> Int { min(max(value, 1), 1000) }

    /// The app changed (a frame was drawn): every watcher is due a frame.
    public func frameDrawn() {
        for id in screens.keys { screens[id]?.dirty = true }
    }

    /// Sends what is still pending, then draws a frame for each watcher that is due one and has
    /// taken the last: `render` draws the app at a size (rows, columns).
    public func serve(render: (Int, Int) -> CellBuffer) {
        for id in Array(screens.keys) {
            guard var screen = screens[id] else { continue }
            if !flush(&screen) {
                drop(id)
                continue
            }
            if screen.pending.isEmpty && screen.dirty {
                let buffer = Self.watcherView(render(screen.rows, screen.cols), watchers: screens.count)
                screen.pending = AudienceFrame.bytes(buffer, after: screen.shown, colors: screen.colors)
                screen.shown = buffer
                screen.dirty = false
                if !flush(&screen) {
                    drop(id)
                    continue
                }
            }
            screens[id] = screen
        }
    }

    /// Sends the last frames (`render` as for ``serve(render:)``), waiting up to `timeoutMs` for
    /// slow watchers, then closes every watcher's descriptor and the socket: the session is over.
    public func finish(render: (Int, Int) -> CellBuffer, timeoutMs: Int = 200) {
        serve(render: render)
        let deadline = Date(timeIntervalSinceNow: Double(timeoutMs) / 1000)
        while isBusy && Date() < deadline {
            var waiting = screens.values.filter { !$0.pending.isEmpty }.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&waiting, nfds_t(waiting.count), 20)
            serve(render: render)
        }
        close()
    }

    /// Writes what `screen` has pending, as much as its socket takes now; false when the watcher is gone.
    private func flush(_ screen: inout WatcherScreen) -> Bool {
        while !screen.pending.isEmpty {
            let sent = screen.pending.withUnsafeBytes { lt_send_nowait(screen.fd, $0.baseAddress, $0.count) }
            if sent > 0 {
                screen.pending.removeFirst(sent)
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return true
            } else {
                return false
            }
        }
        return true
    }

    private func drop(_ id: Int) {
        if let screen = screens.removeValue(forKey: id) { Foundation.close(screen.fd) }
    }

    /// Closes every watcher's descriptor and the socket.
    public func close() {
        for id in Array(screens.keys) { drop(id) }
        if controlFD >= 0 {
            Foundation.close(controlFD)
            controlFD = -1
        }
    }
}
