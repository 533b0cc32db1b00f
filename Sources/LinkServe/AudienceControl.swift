import CPty
import Foundation

/// AudienceControl: the server's end of a session's audience socket (with `--watch`). Every
/// session gets one when it starts (any of them may come to present): the session's linkterm
/// has the other end as its descriptor 3 (named by `LINKTERM_AUDIENCE_FD`) and draws, after each
/// frame of its own, the same screen at each watcher's size onto the descriptor it was handed for
/// that watcher (LinkUI's `Audience`). Messages, one a datagram (SOCK_SEQPACKET), server to
/// session only:
///
/// - `watch ID ROWS COLS COLORS`, a descriptor attached: a watcher's screen (the session writes,
///   never reads it; the server copies what it writes to the watcher's channel);
/// - `size ID ROWS COLS`: the watcher's terminal changed size;
/// - `leave ID`: the watcher went away.
///
/// Sends never wait: a session too busy to read its messages loses a watcher, not the server's time.
final class AudienceControl: @unchecked Sendable {
    /// The descriptor the session's end has in the session's process.
    static let childDescriptor: Int32 = 3
    /// The environment variable that tells the session about it.
    static let environmentName = "LINKTERM_AUDIENCE_FD"

    private let lock = NSLock()
    private var fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// A new socket pair: the server's end, and the descriptor to hand the session at spawn (the
    /// caller closes it once the session has started).
    static func make() throws -> (control: AudienceControl, sessionEnd: Int32) {
        var fds: [Int32] = [-1, -1]
        guard cpty_socketpair(1, &fds) == 0 else { throw SpawnError("an audience socket", errno) }
        shutdown(fds[0], Int32(SHUT_RD))  // the session never says anything to the server
        return (AudienceControl(fd: fds[0]), fds[1])
    }

    /// Sends `message`, with `descriptor` attached unless it is -1; false when it could not go.
    @discardableResult
    func send(_ message: String, descriptor: Int32 = -1) -> Bool {
        lock.withLock {
            guard fd >= 0 else { return false }
            let bytes = Array(message.utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    cpty_send_message(fd, $0.baseAddress, $0.count, descriptor) == 0
                }
            }
        }
    }

    /// Closes the server's end (the session has ended).
    func close() {
        lock.withLock {
            if fd >= 0 { Foundation.close(fd) }
            fd = -1
        }
    }

    deinit {
        if fd >= 0 { Foundation.close(fd) }
    }

    /// How many colours a watcher's terminal shows, from its TERM: 256 for the `-256color`
    /// and `-direct` kinds, 16 for `-16color`, none for monochrome ones (`vt100`, `-m`, `-mono`),
    /// otherwise the 8 every colour terminal has.
    static func colorCount(term: String) -> Int {
        let name = term.lowercased()
        if name.contains("256") || name.contains("direct") || name.contains("truecolor") || name.contains("24bit") { return 256 }
        if name.contains("16color") { return 16 }
        if name == "dumb" || name.hasPrefix("vt1") || name.hasPrefix("vt2") || name.hasPrefix("vt3")
            || name.hasSuffix("-m") || name.contains("mono") { return 0 }
        return 8
    }
}
