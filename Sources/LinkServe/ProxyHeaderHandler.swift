import NIOCore

/// ProxyHeaderHandler: the first handler of every connection, before SSH. With
/// `--proxy-protocol` (``Mode/required``) it takes the PROXY header (``ProxyHeader``) the load
/// balancer sends first, within ``ServeLimits/proxyHeaderTimeout`` and a bounded number of bytes,
/// hands the client it names to `admit` (which counts the connection and adds the SSH handler)
/// and passes on what follows; a connection without one, or with a malformed one, is closed.
/// Without the option (``Mode/refused``) a connection that opens with a PROXY header is closed
/// (it would be garbage to SSH); any other passes at its first byte.
final class ProxyHeaderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Whether the header must come or must not.
    enum Mode {
        case required
        case refused
    }

    private let mode: Mode
    private let connection: NIOLoopBound<ConnectionContext>
    private let admit: (ProxySource?) -> Bool
    private var received: [UInt8] = []
    private var timer: Scheduled<Void>?
    private var done = false

    /// `admit` is called once with the client a required header named (nil: none named); it says
    /// whether the connection goes on.
    init(mode: Mode, connection: NIOLoopBound<ConnectionContext>, admit: @escaping (ProxySource?) -> Bool = { _ in true }) {
        self.mode = mode
        self.connection = connection
        self.admit = admit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard mode == .required else { return }
        let limit = connection.value.server.state.limits.proxyHeaderTimeout
        let bound = connection
        timer = context.eventLoop.scheduleTask(in: limit) {
            bound.value.close("refused: no PROXY header within \(limit.nanoseconds / 1_000_000_000) s")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return context.fireChannelRead(data) }
        var buffer = unwrapInboundIn(data)
        // never more than a whole header's worth is kept
        let room = 16 + ProxyHeader.maximumV2Length - received.count
        received += buffer.readBytes(length: min(room, buffer.readableBytes)) ?? []
        let parse = ProxyHeader.parse(received)
        switch (mode, parse) {
        case (_, .needMore):
            if received.count >= 16 + ProxyHeader.maximumV2Length {  // (cannot happen: the parser decides before)
                finish(context, outcome: "refused: malformed PROXY header (too long)")
            }
        case (.required, .absent):
            finish(context, outcome: "refused: no PROXY header (--proxy-protocol: connect through the load balancer)")
        case (.required, .invalid(let why)):
            finish(context, outcome: "refused: malformed PROXY header: \(why)")
        case (.required, .header(let source, let length)):
            done = true
            timer?.cancel()
            guard admit(source) else { return }
            pass(context, from: length, then: &buffer)
        case (.refused, .absent):
            done = true
            pass(context, from: 0, then: &buffer)
        case (.refused, .header), (.refused, .invalid):
            finish(context, outcome: "refused: a PROXY header, but --proxy-protocol is off")
        }
    }

    /// Passes the bytes after the header (and what `rest` still holds) on, and leaves the pipeline.
    private func pass(_ context: ChannelHandlerContext, from offset: Int, then rest: inout ByteBuffer) {
        var out = context.channel.allocator.buffer(capacity: received.count - offset + rest.readableBytes)
        out.writeBytes(received[offset...])
        out.writeBuffer(&rest)
        received = []
        if out.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(out)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext, outcome: String) {
        done = true
        timer?.cancel()
        received = []
        connection.value.close(outcome)
    }
}
