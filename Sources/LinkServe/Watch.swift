import CPty
import Foundation

/// WatchEvent: what the hub tells a watcher's channel.
enum WatchEvent: Sendable {
    /// The presenter's screen for this watcher: copy what arrives on this descriptor (the
    /// server's end of a stream socket; the channel owns it) to the watcher.
    case screen(Int32)
    /// No presenter now: show this note and wait.
    case waiting(String)
}

/// WatchHub: `--watch`: visitors logged in as `watch` see the presenter's session live, each at
/// their own terminal's size, and can send it nothing.
///
/// The presenter is the oldest session still running whose visitor is not a watcher (with
/// `--presenter-key`, the oldest of that key's sessions): when it ends, the next one takes over
/// and every watcher gets a whole screen of it. Each session has an ``AudienceControl`` socket;
/// for each watcher the hub makes a stream socket pair, hands one end to the presenter's
/// linkterm (which draws its screen there at the watcher's size after each frame, read-only)
/// and the other to the watcher's channel, which copies it to the watcher.
final class WatchHub: @unchecked Sendable {
    /// The user name that makes a visitor a watcher.
    static let watcherName = "watch"
    /// The user name that, with `--open`, makes the server ask for the visitor's key (the
    /// presenter's, with `--presenter-key`) instead of letting them in without one.
    static let presenterName = "present"

    private struct Session {
        let id: ObjectIdentifier
        let fingerprint: String?
        let control: AudienceControl
    }

    private struct Watcher {
        let number: Int
        var size: WindowSize
        let colors: Int
        let show: @Sendable (WatchEvent) -> Void
    }

    private let lock = NSLock()
    /// Sessions that may present, oldest first.
    private var sessions: [Session] = []
    private var presenter: Session?
    private var watchers: [ObjectIdentifier: Watcher] = [:]
    private var nextNumber = 1
    /// `--presenter-key`: only sessions of this key present.
    let presenterKey: String?

    /// A hub; with `presenterKey` (a SHA256 fingerprint), only that key's sessions present.
    init(presenterKey: String? = nil) {
        self.presenterKey = presenterKey
    }

    /// The session `id` (of the key `fingerprint`) started: it presents if no session does.
    func sessionStarted(_ id: ObjectIdentifier, fingerprint: String?, control: AudienceControl) {
        lock.withLock {
            sessions.append(Session(id: id, fingerprint: fingerprint, control: control))
            choosePresenter()
        }
    }

    /// The session `id` ended: if it presented, the next one does, or the watchers wait.
    func sessionEnded(_ id: ObjectIdentifier) {
        lock.withLock {
            sessions.removeAll { $0.id == id }
            guard presenter?.id == id else { return }
            presenter = nil
            choosePresenter()
            if presenter == nil {
                for watcher in watchers.values {
                    watcher.show(.waiting("the presenter's session ended; waiting for the next one"))
                }
            }
        }
    }

    /// Whether session `id` is the presenter (for tests and the log).
    func isPresenting(_ id: ObjectIdentifier) -> Bool {
        lock.withLock { presenter?.id == id }
    }

    /// Adds a watcher at `size` with a terminal of `colors` colours; `show` takes what it is to
    /// see (called on any thread, in order).
    func addWatcher(_ id: ObjectIdentifier, size: WindowSize, colors: Int, show: @escaping @Sendable (WatchEvent) -> Void) {
        lock.withLock {
            let watcher = Watcher(number: nextNumber, size: size, colors: colors, show: show)
            nextNumber += 1
            watchers[id] = watcher
            if let presenter {
                attach(watcher, to: presenter)
            } else {
                show(.waiting("watching; no presenter yet, waiting for one"))
            }
        }
    }

    /// A watcher's terminal changed size: the presenter draws their screen at it.
    func resizeWatcher(_ id: ObjectIdentifier, size: WindowSize) {
        lock.withLock {
            guard var watcher = watchers[id] else { return }
            watcher.size = size
            watchers[id] = watcher
            presenter?.control.send("size \(watcher.number) \(size.rows) \(size.columns)")
        }
    }

    /// Removes a watcher.
    func removeWatcher(_ id: ObjectIdentifier) {
        lock.withLock {
            guard let watcher = watchers.removeValue(forKey: id) else { return }
            presenter?.control.send("leave \(watcher.number)")
        }
    }

    /// With no presenter: the oldest session that may present does, and every watcher is shown it.
    private func choosePresenter() {
        guard presenter == nil,
              let next = sessions.first(where: { presenterKey == nil || $0.fingerprint == presenterKey })
        else { return }
        presenter = next
        for watcher in watchers.values { attach(watcher, to: next) }
    }

    /// Hands `session` a new screen for `watcher`, and the watcher the other end.
    private func attach(_ watcher: Watcher, to session: Session) {
        var fds: [Int32] = [-1, -1]
        guard cpty_socketpair(0, &fds) == 0 else {
            watcher.show(.waiting("the presenter's screen could not be opened; waiting for the next one"))
            return
        }
        shutdown(fds[0], Int32(SHUT_WR))  // nothing a watcher does reaches the session
        let sent = session.control.send(
            "watch \(watcher.number) \(watcher.size.rows) \(watcher.size.columns) \(watcher.colors)", descriptor: fds[1])
        close(fds[1])
        if sent {
            watcher.show(.screen(fds[0]))
        } else {
            close(fds[0])
            watcher.show(.waiting("the presenter's session did not answer; waiting for the next one"))
        }
    }
}
