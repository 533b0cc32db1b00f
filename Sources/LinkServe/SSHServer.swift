import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// SSHServer: `linkterm serve`: listens, admits visitors by key, and gives each one who asks for a
/// shell on a pty a linkterm session of their own (see ``SessionChannelHandler``). SIGTERM and
/// SIGINT stop it: no more visitors, every session told and ended (SIGTERM to each linkterm, so
/// its visitor's terminal is restored and its events complete), then it returns. SIGHUP re-reads
/// the authorized keys.
public final class SSHServer {
    private let configuration: ServeConfiguration
    private let log: ServeLog

    /// A server for `configuration`, logging to `log`.
    public init(configuration: ServeConfiguration, log: ServeLog) {
        self.configuration = configuration
        self.log = log
    }

    /// Runs the server until SIGTERM or SIGINT; returns once every session has ended. Throws a
    /// ``ServeError`` when it cannot listen or read the authorized keys.
    public func run() throws {
        // the signals are taken by sigwait below: blocked before any thread starts, so every
        // thread inherits the mask (the sessions' processes get an empty one)
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        let keys = try configuration.authorizedKeysPath.map(AuthorizedKeys.load(path:))
        let state = ServerState(limits: configuration.limits, authorizedKeys: keys)
        let shared = ServerShared(configuration: configuration, state: state, log: log)
        MemoryTrim.prepare()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: min(2, System.coreCount))
        defer { try? group.syncShutdownGracefully() }
        let listener: Channel
        let log = self.log
        do {
            let bootstrap = ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .serverChannelInitializer { channel in
                    // out of descriptors (EMFILE), accept fails while the connection waits: without
                    // a pause the loop would try again at once, forever, at full CPU (see AcceptPause)
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(AcceptPause(pause: .seconds(1)) { error in
                            log.line("\(ServeLog.timestamp()) linkterm serve: cannot accept a connection (\(String(cString: strerror(error.errnoCode)))): pausing accepts for 1 s")
                        })
                    }
                }
                .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try Self.accept(channel, shared: shared) }
                }
            if let address = configuration.address {
                listener = try bootstrap.bind(to: address).wait()
            } else {
                listener = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
            }
        } catch {
            throw ServeError.listen("\(configuration.host):\(configuration.port)", "\(error)")
        }
        let port = listener.localAddress?.port ?? configuration.port
        var metricsServer: MetricsServer?
        if let address = configuration.metricsAddress {
            do {
                let state = shared.state
                let metrics = shared.metrics
                metricsServer = try MetricsServer(address: address, group: group) {
                    let gauges = state.gauges()
                    return metrics.exposition(sessionsNow: gauges.sessions, watchersNow: gauges.watchers,
                                              connectionsNow: gauges.connections)
                }
            } catch {
                try? listener.close().wait()
                throw ServeError.listen("--metrics \(address)", "\(error)")
            }
        }
        defer { metricsServer?.close() }
        announce(port: port, keys: keys, metricsPort: metricsServer?.port)

        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if received == SIGHUP {
                reloadKeys(state)
                continue
            }
            log.line("\(ServeLog.timestamp()) linkterm serve: \(received == SIGINT ? "SIGINT" : "SIGTERM"): stopping")
            break
        }
        try? listener.close().wait()
        state.stopAll(reason: "linkterm serve is stopping: your session has ended. Goodbye.")
        let grace = Double(configuration.limits.terminateGrace.nanoseconds) / 1e9 + 2
        let left = state.waitForConnections(until: Date(timeIntervalSinceNow: grace))
        log.line("\(ServeLog.timestamp()) linkterm serve: stopped" + (left > 0 ? " (\(left) connections cut)" : ""))
        log.flush()
    }

    private func announce(port: Int, keys: AuthorizedKeys?, metricsPort: Int?) {
        let key = configuration.hostKey
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        log.line("linkterm serve: listening on \(host):\(port)")
        log.line("linkterm serve: host key \(key.fingerprint) (ED25519)\(key.created ? ", new" : "")")
        if let keys, let path = configuration.authorizedKeysPath {
            let skipped = keys.skipped > 0 ? " (\(keys.skipped) of other key types skipped)" : ""
            log.line("linkterm serve: admitting the \(keys.keys.count) keys of \(path)\(skipped)")
        } else {
            log.line("linkterm serve: WARNING: --open: anyone can connect and start a session, with an SSH key or without")
        }
        let shown = ["127.0.0.1", "::1"].contains(configuration.host) ? "localhost"
            : configuration.address.map(ListenAddress.isWildcard) == true ? "THIS-HOST" : host
        let command = port == 22 ? "ssh -t" : "ssh -t -p \(port)"
        log.line("linkterm serve: visitors connect with: \(command) \(shown)")
        if configuration.watch {
            log.line("linkterm serve: watchers connect with: \(command) \(WatchHub.watcherName)@\(shown)")
            if let presenter = configuration.presenterKey {
                let user = configuration.isOpen ? "\(WatchHub.presenterName)@" : ""
                log.line("linkterm serve: the presenter connects with: \(command) \(user)\(shown) (the key \(presenter); only that key's session is shown)")
            } else {
                log.line("linkterm serve: the longest-connected visitor presents to the watchers")
            }
        }
        if configuration.proxyProtocol {
            log.line("linkterm serve: --proxy-protocol: every connection must open with a PROXY header (v1 or v2)")
        }
        if let metricsPort, let address = configuration.metricsAddress {
            let metricsHost = address.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "?"
            log.line("linkterm serve: metrics at http://\(metricsHost):\(metricsPort)/metrics")
        }
    }

    private func reloadKeys(_ state: ServerState) {
        guard let path = configuration.authorizedKeysPath else {
            log.line("\(ServeLog.timestamp()) linkterm serve: SIGHUP: --open, no keys to re-read")
            return
        }
        do {
            let keys = try AuthorizedKeys.load(path: path)
            state.replaceAuthorizedKeys(keys)
            log.line("\(ServeLog.timestamp()) linkterm serve: SIGHUP: admitting the \(keys.keys.count) keys of \(path)")
        } catch {
            log.line("\(ServeLog.timestamp()) linkterm serve: SIGHUP: \(error); the keys read before stay")
        }
    }

    /// Sets up a new TCP connection: with `--proxy-protocol` its PROXY header first (the client
    /// it names is the source), otherwise a PROXY header refused; then the per-source limit,
    /// MaxStartups, the handshake timer, the SSH handler.
    private static func accept(_ channel: Channel, shared: ServerShared) throws {
        let connection = ConnectionContext(channel: channel, server: shared)
        let loop = channel.eventLoop
        let bound = NIOLoopBound(connection, eventLoop: loop)
        let id = ObjectIdentifier(channel)
        channel.closeFuture.whenComplete { _ in
            let connection = bound.value
            connection.handshakeTimer?.cancel()
            // the line first: a server stopping waits for the count to reach zero, then flushes the log
            shared.log.line(connection.logLine())
            shared.metrics.connectionClosed(outcome: connection.finalOutcome, session: connection.sessionSeconds)
            if connection.awaitingHeader { shared.state.headerSettled() }
            // (only a connection that was counted: one refused before admission never was)
            if connection.admitted {
                shared.state.connectionClosed(id, source: connection.sourceAddress)
                MemoryTrim.connectionClosed()
            }
        }
        let errors = ConnectionErrorHandler(connection: bound)
        guard shared.configuration.proxyProtocol else {
            try channel.pipeline.syncOperations.addHandlers([ProxyHeaderHandler(mode: .refused, connection: bound), errors])
            try admit(channel, connection: bound, shared: shared, before: errors)
            return
        }
        guard shared.state.headerAwaited() else {
            connection.close("refused: \(shared.state.limits.maxStartups.full) connections waiting for their PROXY header")
            return
        }
        connection.awaitingHeader = true
        let header = ProxyHeaderHandler(mode: .required, connection: bound) { client in
            let connection = bound.value
            connection.awaitingHeader = false
            shared.state.headerSettled()
            if let client { connection.setSource(client) }
            do {
                return try admit(channel, connection: bound, shared: shared, before: errors)
            } catch {
                connection.close("error: \(error)")
                return false
            }
        }
        try channel.pipeline.syncOperations.addHandlers([header, errors])
    }

    /// Counts the connection from its source (the per-source limit, MaxStartups, the server's
    /// limit) and adds the SSH handler before `errors`; false (the connection closed) when refused.
    @discardableResult
    private static func admit(_ channel: Channel, connection bound: NIOLoopBound<ConnectionContext>, shared: ServerShared,
                              before errors: ConnectionErrorHandler) throws -> Bool {
        let connection = bound.value
        let loop = channel.eventLoop
        let source = connection.sourceAddress
        let limits = shared.state.limits
        let admission = shared.state.admitConnection(ObjectIdentifier(channel), source: source, stop: { reason in
            loop.execute { bound.value.stopSessions(reason) }
        })
        guard admission == .admitted else {
            switch admission {
            case .perSource: connection.close("refused: more than \(limits.maxPerSource) connections from \(source)")
            case .startups(let open): connection.close("refused: \(open) connections not authenticated yet (max startups \(limits.maxStartups))")
            case .full: connection.close("refused: \(limits.maxConnections) connections open (all the server takes)")
            case .stopping, .admitted: connection.close("refused: stopping")
            }
            return false
        }
        connection.admitted = true
        connection.handshakeTimer = loop.scheduleTask(in: limits.handshakeTimeout) {
            bound.value.close("refused: handshake timeout")
        }
        let sshHandler = NIOSSHHandler(
            role: .server(.init(hostKeys: [shared.configuration.hostKey.privateKey],
                                userAuthDelegate: KeyAuthenticator(connection: bound),
                                globalRequestDelegate: RefusingGlobalRequests(connection: bound),
                                banner: nil, transportProtectionSchemes: RepairingProtection.schemes)),
            allocator: channel.allocator,
            inboundChildChannelInitializer: { child, type in
                let connection = bound.value
                switch type {
                case .session:
                    if let refusal = connection.refusesChannel(limits: limits) {
                        return child.eventLoop.makeFailedFuture(refusal)
                    }
                    connection.openChannels += 1
                    connection.channelOpens += 1
                    child.closeFuture.whenComplete { _ in bound.value.openChannels -= 1 }
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(SessionChannelHandler(connection: connection))
                    }
                case .directTCPIP:
                    connection.settle("refused: port forwarding (direct-tcpip)")
                    return child.eventLoop.makeFailedFuture(ServeRefusal.channelType)
                case .forwardedTCPIP:
                    connection.settle("refused: forwarded-tcpip channel")
                    return child.eventLoop.makeFailedFuture(ServeRefusal.channelType)
                }
            })
        try channel.pipeline.syncOperations.addHandler(sshHandler, position: .before(errors))
        return true
    }
}

extension ConnectionContext {
    /// Ends every session of the connection for `reason` (the server is stopping); a connection
    /// without one is closed.
    func stopSessions(_ reason: String) {
        if stoppers.isEmpty {
            close("closed: server stopping")
        } else {
            for stop in stoppers.values { stop(reason) }
        }
    }
}

/// ServeRefusal: what the server refuses to open.
enum ServeRefusal: Error {
    /// A channel other than a session (port forwarding).
    case channelType
    /// A global request (remote port forwarding).
    case globalRequest
    /// A session channel past the connection's limits.
    case tooManyChannels
}

/// RefusingGlobalRequests: remote port forwarding (tcpip-forward) is refused, and logged.
final class RefusingGlobalRequests: GlobalRequestDelegate {
    private let connection: NIOLoopBound<ConnectionContext>

    init(connection: NIOLoopBound<ConnectionContext>) {
        self.connection = connection
    }

    func tcpForwardingRequest(_ request: GlobalRequest.TCPForwardingRequest, handler: NIOSSHHandler,
                              promise: EventLoopPromise<GlobalRequest.TCPForwardingResponse>) {
        connection.value.settle("refused: remote port forwarding (tcpip-forward)")
        promise.fail(ServeRefusal.globalRequest)
    }
}

/// ConnectionErrorHandler: a connection's protocol error closes it, recorded as its outcome.
final class ConnectionErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Any

    private let connection: NIOLoopBound<ConnectionContext>

    init(connection: NIOLoopBound<ConnectionContext>) {
        self.connection = connection
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // the client vanished (reset, broken pipe): no error of the protocol; a session under way
        // records it as dropped when its channel goes inactive, which follows
        if let io = error as? IOError, io.errnoCode == ECONNRESET || io.errnoCode == EPIPE {
            context.close(promise: nil)
            return
        }
        connection.value.close("error: \(ClientText.sanitized(String(describing: error), limit: 120))")
    }
}
