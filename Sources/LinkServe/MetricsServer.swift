import Foundation
import NIOCore
import NIOPosix

/// MetricsServer: `--metrics HOST:PORT`: a tiny HTTP/1.1 server answering `GET /metrics` with
/// ``ServeMetrics``' text (Prometheus' format; a load balancer's health check can ask it too).
/// Bounded against floods: a request is at most 2 KiB and must come whole within 5 s, at most 16
/// connections are served at once (more are closed at once), one request per connection.
final class MetricsServer {
    /// The connections served at once, at most.
    static let maximumConnections = 16
    /// The longest request (line and headers) read.
    static let maximumRequest = 2048

    private let listener: Channel

    /// The port it listens on.
    var port: Int { listener.localAddress?.port ?? 0 }

    /// Listens on `address` in `group`; `body` gives the text of each answer.
    init(address: SocketAddress, group: EventLoopGroup, body: @escaping @Sendable () -> String) throws {
        let open = BoundedCounter()
        listener = try ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard open.increment(limit: Self.maximumConnections) else {
                        channel.close(promise: nil)
                        return
                    }
                    channel.closeFuture.whenComplete { _ in open.decrement() }
                    try channel.pipeline.syncOperations.addHandler(MetricsRequestHandler(body: body))
                }
            }
            .bind(to: address).wait()
    }

    /// Stops listening.
    func close() {
        try? listener.close().wait()
    }
}

/// A count behind a lock, bounded.
final class BoundedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one unless `limit` is reached; whether it did.
    func increment(limit: Int) -> Bool {
        lock.withLock {
            guard value < limit else { return false }
            value += 1
            return true
        }
    }

    func decrement() {
        lock.withLock { value -= 1 }
    }
}

/// MetricsRequestHandler: one metrics connection: reads the request head, answers, closes.
final class MetricsRequestHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let body: @Sendable () -> String
    private var head: [UInt8] = []
    private var answered = false
    private var timer: Scheduled<Void>?

    init(body: @escaping @Sendable () -> String) {
        self.body = body
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var buffer = unwrapInboundIn(data)
        let room = MetricsServer.maximumRequest - head.count
        head += buffer.readBytes(length: min(room, buffer.readableBytes)) ?? []
        let end: [UInt8] = [13, 10, 13, 10]
        let complete = head.count >= 4 && (0...(head.count - 4)).contains { Array(head[$0..<($0 + 4)]) == end }
        if complete {
            let line = head.prefix { $0 != 13 && $0 != 10 }
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            if words.count == 3, words[2].hasPrefix("HTTP/1.") {
                switch (words[0], words[1]) {
                case ("GET", "/metrics"):
                    answer(context, status: "200 OK", type: "text/plain; version=0.0.4; charset=utf-8", text: body())
                case ("GET", _):
                    answer(context, status: "404 Not Found", type: "text/plain", text: "only /metrics here\n")
                default:
                    answer(context, status: "405 Method Not Allowed", type: "text/plain", text: "only GET /metrics here\n")
                }
            } else {
                answer(context, status: "400 Bad Request", type: "text/plain", text: "not an HTTP/1 request\n")
            }
        } else if head.count >= MetricsServer.maximumRequest {
            answer(context, status: "431 Request Header Fields Too Large", type: "text/plain", text: "request too long\n")
        }
    }

    private func answer(_ context: ChannelHandlerContext, status: String, type: String, text: String) {
        answered = true
        timer?.cancel()
        let bytes = Array(text.utf8)
        let response = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: response.utf8.count + bytes.count)
        buffer.writeString(response)
        buffer.writeBytes(bytes)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
