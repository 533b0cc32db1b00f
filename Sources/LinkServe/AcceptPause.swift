import Foundation
import NIOCore

/// AcceptPause: what keeps the accept loop from spinning when the server is out of descriptors
/// (EMFILE, ENFILE) or memory for one (ENOBUFS, ENOMEM).
///
/// swift-nio leaves the listening socket registered for reading after a failed accept (its read
/// stays pending until an accept succeeds), so with connections waiting in the backlog it would
/// try again at once, forever, at full CPU, whatever `AcceptBackoffHandler` holds back. So, on
/// such a failure, this handler turns the listener's auto-read off, which takes the socket out
/// of the poll set at once, says so in the log, and turns it back on a pause later. The
/// connections waiting stay in the kernel's backlog meanwhile; one attempt (and one log line)
/// per pause at most, whatever else takes descriptors in between.
final class AcceptPause: ChannelInboundHandler {
    typealias InboundIn = Channel

    private let pause: TimeAmount
    private let report: (IOError) -> Void
    private var resumption: Scheduled<Void>?

    /// A handler that pauses accepting for `pause` after each exhaustion, calling `report` first.
    init(pause: TimeAmount, report: @escaping (IOError) -> Void) {
        self.pause = pause
        self.report = report
    }

    /// Whether `error` is a failure for want of descriptors (or memory for one).
    static func isExhaustion(_ error: any Error) -> Bool {
        guard let io = error as? IOError else { return false }
        return [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(io.errnoCode)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard Self.isExhaustion(error), let io = error as? IOError else {
            context.fireErrorCaught(error)
            return
        }
        guard resumption == nil, let options = context.channel.syncOptions else { return }
        report(io)
        // in the loop, synchronously: the socket leaves the poll set before the loop polls again
        try? options.setOption(ChannelOptions.autoRead, value: false)
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        resumption = loop.scheduleTask(in: pause) { [self] in
            resumption = nil
            try? options.setOption(ChannelOptions.autoRead, value: true)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        resumption?.cancel()
        resumption = nil
        context.fireChannelInactive()
    }
}
