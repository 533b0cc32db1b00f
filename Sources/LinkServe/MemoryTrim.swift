import CPty
import Foundation

/// MemoryTrim: after connections close, the memory they used is given back to the system
/// (glibc keeps freed heap pages otherwise, so a flood of connections or channels would leave
/// the server at its high-water mark for good). At most once a second, off the event loops.
final class MemoryTrim: @unchecked Sendable {
    private static let shared = MemoryTrim()
    private let lock = NSLock()
    private var last = Date.distantPast
    private var pending = false

    /// A connection closed: trims the heap, unless it was trimmed less than a second ago (then
    /// once that second is over).
    static func connectionClosed() {
        shared.schedule()
    }

    /// Makes libdispatch set up what a trim needs (its timer's epoll descriptor, its worker
    /// threads' monitor) now, while descriptors are free: it makes them on first use and traps
    /// when it cannot, so the first trim after a flood had exhausted the descriptors would
    /// otherwise crash the server. Call once, before accepting.
    static func prepare() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now()) { done.signal() }
        done.wait()
    }

    private func schedule() {
        let delay: TimeInterval? = lock.withLock {
            guard !pending else { return nil }
            pending = true
            return max(0, 1 - Date().timeIntervalSince(last))
        }
        guard let delay else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                pending = false
                last = Date()
            }
            _ = cpty_malloc_trim()
        }
    }
}
