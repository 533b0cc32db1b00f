import Foundation
import NIOCore

/// DescriptorReserve: what keeps the accept loop from spinning when the server is out of
/// descriptors (EMFILE, ENFILE).
///
/// swift-nio leaves the listening socket registered for reading after a failed accept (its read
/// stays pending until an accept succeeds), so, with connections waiting in the backlog, it
/// would try again at once, forever, at full CPU, whatever `AcceptBackoffHandler` asks. So the
/// server holds one spare descriptor: on EMFILE it lets it go, the next accept succeeds, and that
/// connection is closed at once ("refused: out of descriptors"); the read is then no longer
/// pending and `AcceptBackoffHandler` holds the next one back a second. The spare is taken
/// again as soon as a descriptor is free.
final class DescriptorReserve: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: Int32 = -1
    private var shedding = 0

    init() {
        refill()
    }

    /// Takes the spare descriptor again, if it is not held and one is free.
    func refill() {
        lock.withLock {
            guard spare < 0 else { return }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
    }

    /// Accept failed for want of descriptors: the spare is let go, and the next connection
    /// accepted is to be closed at once.
    func outOfDescriptors() {
        lock.withLock {
            if spare < 0 { spare = open("/dev/null", O_RDONLY | O_CLOEXEC) }  // one may have come free
            guard spare >= 0 else { return }
            close(spare)
            spare = -1
            shedding += 1
        }
    }

    /// Whether the connection just accepted is to be closed at once (it took the spare's place).
    func shedsNext() -> Bool {
        lock.withLock {
            guard shedding > 0 else { return false }
            shedding -= 1
            return true
        }
    }

    /// Whether `error` is a failure for want of descriptors (or memory for one).
    static func isExhaustion(_ error: any Error) -> Bool {
        guard let io = error as? IOError else { return false }
        return [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(io.errnoCode)
    }
}

/// ReserveHandler: on the listening channel, tells the ``DescriptorReserve`` of an accept that
/// failed for want of descriptors.
final class ReserveHandler: ChannelInboundHandler {
    typealias InboundIn = Channel

    private let reserve: DescriptorReserve

    init(reserve: DescriptorReserve) {
        self.reserve = reserve
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if DescriptorReserve.isExhaustion(error) { reserve.outOfDescriptors() }
        context.fireErrorCaught(error)
    }
}
