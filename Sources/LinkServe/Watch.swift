import Foundation
import NIOCore
import NIOSSH

/// WatchHub: `--watch`: the presenter's session (the first visitor who is not `watch`) shown live
/// to every visitor logged in as `watch`. The presenter's pty output is copied to each watcher's
/// channel; watchers' keys go nowhere. A watcher who joins mid-session gets a whole screen: the
/// presenter's linkterm is asked to repaint (SIGCONT: linkterm resumes as after `fg`, sending its
/// terminal modes again and painting every cell). Watchers see the presenter's size: a watcher's
/// terminal that is smaller shows the frame cut or wrapped.
final class WatchHub: @unchecked Sendable {
    private let lock = NSLock()
    private var watchers: [ObjectIdentifier: Channel] = [:]
    private var presenter: ObjectIdentifier?
    private var repaint: (@Sendable () -> Void)?

    /// The user name that makes a visitor a watcher.
    static let watcherName = "watch"

    /// Makes the session `id` the presenter if there is none; `repaint` asks it for a whole screen.
    func claimPresenter(_ id: ObjectIdentifier, repaint: @escaping @Sendable () -> Void) -> Bool {
        let claimed: Bool = lock.withLock {
            guard presenter == nil else { return false }
            presenter = id
            self.repaint = repaint
            return true
        }
        if claimed && hasWatchers { repaint() }
        return claimed
    }

    /// Ends the presentation of session `id`: the watchers are told, and wait for the next one.
    func presenterEnded(_ id: ObjectIdentifier) {
        let ended: Bool = lock.withLock {
            guard presenter == id else { return false }
            presenter = nil
            repaint = nil
            return true
        }
        if ended { broadcast(text: "\r\n\u{1b}[0m[linkterm serve: the presenter's session ended; waiting for the next one]\r\n") }
    }

    private var hasWatchers: Bool { lock.withLock { !watchers.isEmpty } }

    /// Adds a watcher's channel; it is shown the presenter's whole screen, or told to wait.
    func addWatcher(_ channel: Channel) {
        let currentRepaint: (@Sendable () -> Void)? = lock.withLock {
            watchers[ObjectIdentifier(channel)] = channel
            return repaint
        }
        if let currentRepaint {
            currentRepaint()
        } else {
            send("[linkterm serve: watching; no presenter yet, waiting for one]\r\n", to: channel)
        }
    }

    /// Removes a watcher's channel.
    func removeWatcher(_ channel: Channel) {
        _ = lock.withLock { watchers.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Copies the presenter's output to every watcher (only from session `id`, the presenter).
    func presenterWrote(_ bytes: ByteBuffer, from id: ObjectIdentifier) {
        let targets: [Channel] = lock.withLock { presenter == id ? Array(watchers.values) : [] }
        for channel in targets {
            channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(bytes)), promise: nil)
        }
    }

    private func broadcast(text: String) {
        for channel in lock.withLock({ Array(watchers.values) }) { send(text, to: channel) }
    }

    private func send(_ text: String, to channel: Channel) {
        let buffer = channel.allocator.buffer(string: text)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }
}
