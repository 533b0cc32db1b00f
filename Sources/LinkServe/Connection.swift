import Foundation
import NIOCore
import NIOSSH

/// ConnectionContext: one visitor's TCP connection: who it is (source, key, user name), its
/// session id, the handshake timer, and the outcome the log line reports when it closes. Used
/// only on the connection's event loop (its SSH channels share that loop).
final class ConnectionContext {
    let channel: Channel
    let server: ServerShared
    /// `ip:port` of the visitor (with `--proxy-protocol`, the one its PROXY header names).
    private(set) var source: String
    /// The visitor's address alone (what the per-source limit counts).
    private(set) var sourceAddress: String
    /// Whether ``ServerState/admitConnection(_:source:stop:)`` counted it.
    var admitted = false
    /// Whether it waits for its PROXY header (``ServerState/headerAwaited()`` counted it).
    var awaitingHeader = false
    /// How the visitor logged in: `authorized-keys`, `open` (any key) or `none` (no key, `--open`).
    var authMethod: String?
    /// Whether the visitor asked to log in without a key (SSH's `none`) and was refused.
    var refusedWithoutKey = false
    /// When its session (a linkterm) started, if one did.
    var sessionStarted: NIODeadline?
    /// A random id naming the session in the log and the events file.
    let sessionID: String
    let started = NIODeadline.now()
    /// The user name of the last accepted key's request, sanitized.
    var user: String?
    /// The fingerprint of the accepted key.
    var keyFingerprint: String?
    /// The fingerprint of the last key refused.
    var refusedFingerprint: String?
    /// What happened, for the log line (the first outcome set is kept).
    private(set) var outcome: String?
    /// More on what happened, for the operator (e.g. the events file a session could not write).
    var note: String?
    var handshakeTimer: Scheduled<Void>?
    /// The open session channels' ways to end their sessions (server stopping).
    private(set) var stoppers: [ObjectIdentifier: (String) -> Void] = [:]
    /// Whether a channel of this connection has started a session or a watch (one per connection).
    var hasStarted = false
    /// Session channels open now, opened in all, and refused.
    var openChannels = 0
    var channelOpens = 0
    private var refusedChannels = 0
    private var lingerTimer: Scheduled<Void>?

    /// A session channel opened; `stop` ends it for a reason.
    func channelOpened(_ id: ObjectIdentifier, stop: @escaping (String) -> Void) {
        lingerTimer?.cancel()
        stoppers[id] = stop
    }

    /// A session channel closed: with none left, the connection is closed a second later (a
    /// client closes it itself at once; one that would keep an idle connection does not get to).
    func channelClosed(_ id: ObjectIdentifier) {
        guard stoppers.removeValue(forKey: id) != nil, stoppers.isEmpty else { return }
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        lingerTimer = channel.eventLoop.scheduleTask(in: .seconds(1)) { bound.value.close("closed without a session") }
    }

    /// Why a new session channel is refused (an open failure), or nil when it may open: at most
    /// ``ServeLimits/maxChannelsPerConnection`` at once and ``ServeLimits/maxChannelOpensPerConnection``
    /// in all; past ``ServeLimits/maxRefusedChannelOpens`` refusals the connection is closed.
    func refusesChannel(limits: ServeLimits) -> ServeRefusal? {
        guard openChannels >= limits.maxChannelsPerConnection || channelOpens >= limits.maxChannelOpensPerConnection
        else { return nil }
        refusedChannels += 1
        if refusedChannels == 1 { settle("refused: more than \(limits.maxChannelsPerConnection) channels at once or \(limits.maxChannelOpensPerConnection) in all") }
        if refusedChannels > limits.maxRefusedChannelOpens {
            close("closed: \(refusedChannels) channel opens refused")
        }
        return .tooManyChannels
    }

    init(channel: Channel, server: ServerShared) {
        self.channel = channel
        self.server = server
        let address = channel.remoteAddress
        sourceAddress = address?.ipAddress ?? "unknown"
        source = address.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "unknown"
        sessionID = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// The client its PROXY header named (`--proxy-protocol`).
    func setSource(_ client: ProxySource) {
        sourceAddress = client.address
        source = client.address.contains(":") ? "[\(client.address)]:\(client.port)" : "\(client.address):\(client.port)"
    }

    /// What the visitor is: `watcher`, `presenter` (with `--presenter-key`, of that key) or `visitor`.
    var role: String {
        if isWatcher { return "watcher" }
        let configuration = server.configuration
        if configuration.watch, let key = configuration.presenterKey, keyFingerprint == key { return "presenter" }
        return "visitor"
    }

    /// The line logged when the visitor has logged in.
    func openLine() -> String {
        "\(ServeLog.timestamp()) \(source) opened key=\(keyFingerprint ?? "none") auth=\(authMethod ?? "-") "
            + "user=\(ServeLog.field(user ?? "-")) session=\(sessionID) role=\(role)"
    }

    /// Whether this visitor logged in as `watch` on a server with `--watch`.
    var isWatcher: Bool { server.configuration.watch && user == WatchHub.watcherName }

    /// Records what happened, unless something was recorded already.
    func settle(_ text: String) {
        if outcome == nil { outcome = text }
    }

    /// Ends the connection with `reason` recorded as its outcome.
    func close(_ reason: String) {
        settle(reason)
        channel.close(promise: nil)
    }

    /// What happened, as the log line says it: the outcome recorded, or what the connection got to.
    var finalOutcome: String {
        if let outcome { return outcome }
        if authMethod != nil { return "closed without a session" }
        if let refusedFingerprint { return "refused: key \(refusedFingerprint) not authorized" }
        if refusedWithoutKey {
            return server.configuration.isOpen ? "refused: no key (\(WatchHub.presenterName)@ logs in with a key)"
                : "refused: no key (this server admits the keys of its list only)"
        }
        return "closed before authentication"
    }

    /// The log line for the connection, once it has closed.
    func logLine() -> String {
        let seconds = Double((NIODeadline.now() - started).nanoseconds) / 1e9
        let key = keyFingerprint ?? refusedFingerprint ?? "none"
        // the user name and the outcome carry what the client sent: quoted and escaped, so that
        // they cannot pass for other fields (or turn the line around, U+202E)
        return "\(ServeLog.timestamp()) \(source) key=\(key) auth=\(authMethod ?? "-") user=\(ServeLog.field(user ?? "-")) session=\(sessionID) "
            + "outcome=\(ServeLog.quoted(finalOutcome))\(note.map { " note=\(ServeLog.quoted($0))" } ?? "") "
            + "duration=\(String(format: "%.2f", seconds))s" + (authMethod == nil ? "" : " role=\(role)")
    }

    /// How long its session ran, if it had one.
    var sessionSeconds: Double? {
        sessionStarted.map { Double((NIODeadline.now() - $0).nanoseconds) / 1e9 }
    }
}

/// KeyAuthenticator: never a password. With `--open`, anyone: SSH's `none` (no key) is accepted
/// for every user name but `present` (``WatchHub/presenterName``), who is asked for a key, and
/// any key is; otherwise only the keys `--authorized-keys` lists. Records the user name and key
/// on the connection, and logs the visitor's arrival.
///
/// OpenSSH's client always asks `none` first and offers its keys only when that fails, so with
/// `--open` a visitor's key is seen (and logged by fingerprint) only for `present@`, or from a
/// client that offers its key at once.
final class KeyAuthenticator: NIOSSHServerUserAuthenticationDelegate {
    private let connection: NIOLoopBound<ConnectionContext>

    init(connection: NIOLoopBound<ConnectionContext>) {
        self.connection = connection
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let connection = self.connection.value
        let configuration = connection.server.configuration
        switch request.request {
        case .none where configuration.isOpen && request.username != WatchHub.presenterName:
            loggedIn(connection, user: request.username, method: "none")
            responsePromise.succeed(.success)
        case .none:
            connection.refusedWithoutKey = true
            responsePromise.succeed(.failure)
        case .publicKey(let offer):
            let fingerprint = SSHFingerprint.of(offer.publicKey)
            guard connection.server.state.admits(offer.publicKey) else {
                connection.refusedFingerprint = fingerprint
                responsePromise.succeed(.failure)
                return
            }
            connection.keyFingerprint = fingerprint
            loggedIn(connection, user: request.username, method: configuration.isOpen ? "open" : "authorized-keys")
            responsePromise.succeed(.success)
        default:
            responsePromise.succeed(.failure)
        }
    }

    private func loggedIn(_ connection: ConnectionContext, user: String, method: String) {
        connection.user = ClientText.sanitized(user, limit: 32)
        connection.authMethod = method
        connection.server.state.authenticated(ObjectIdentifier(connection.channel))
        connection.server.log.line(connection.openLine())
    }
}
