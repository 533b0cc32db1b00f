import Foundation
@_exported import LinkServeSettings
import NIOCore
import NIOSSH

/// ServeLimits: how much the server takes on.
public struct ServeLimits: Sendable {
    /// Sessions (linkterm processes) running at once; a visitor over the limit gets a polite line.
    public var maxSessions: Int
    /// Connections from one source address at once; one more is closed at once.
    public var maxPerSource: Int
    /// A session with no key typed for this long is ended (its visitor is told why).
    public var idleTimeout: TimeAmount
    /// A connection that has not authenticated and started a session (or a watch) within this long is closed.
    public var handshakeTimeout: TimeAmount
    /// Connections not yet authenticated (OpenSSH's MaxStartups).
    public var maxStartups: MaxStartups = .openSSHDefault
    /// Watchers (`--watch`) at once; one more is told so and let go.
    public var maxWatchers: Int = 10
    /// A watcher's screen is drawn at most this many rows by this many columns (a larger terminal
    /// sees it in its top left corner): the presenter's process draws one screen for each watcher.
    public var maxWatcherSize = WindowSize(rows: 200, columns: 500)
    /// Session channels open at once on one connection (one runs the session; a client may open
    /// one more, e.g. to be told why it was refused); one more is refused with an open failure.
    public var maxChannelsPerConnection = 2
    /// Session channels opened over a connection's life; past this, each open is refused.
    public var maxChannelOpensPerConnection = 8
    /// Refused channel opens after which the connection is closed.
    public var maxRefusedChannelOpens = 16
    /// Connections at once in all, authenticated or not: the sessions, the watchers and the
    /// unauthenticated ones the limits above allow (a connection past it is closed at once).
    public var maxConnections: Int { maxSessions + maxWatchers + maxStartups.full }
    /// After SIGHUP to a dropped visitor's session, how long before SIGKILL.
    public var hangUpGrace: TimeAmount = .milliseconds(60)
    /// After SIGTERM to a session the server ends (idle, stopping), how long before SIGKILL.
    public var terminateGrace: TimeAmount = .seconds(3)
    /// With `--proxy-protocol`: how long a connection has to send its PROXY header.
    public var proxyHeaderTimeout: TimeAmount = .seconds(5)

    /// Limits with the given values (the graces keep their defaults).
    public init(maxSessions: Int, maxPerSource: Int, idleTimeout: TimeAmount, handshakeTimeout: TimeAmount) {
        self.maxSessions = maxSessions
        self.maxPerSource = maxPerSource
        self.idleTimeout = idleTimeout
        self.handshakeTimeout = handshakeTimeout
    }
}

/// ServerState: what every connection of the server shares, behind one lock: the admitted keys
/// (re-read on SIGHUP), the connections per source, the running sessions (to stop them all), and
/// whether the server is stopping.
final class ServerState: @unchecked Sendable {
    private let condition = NSCondition()
    private var authorizedKeys: AuthorizedKeys?
    private var perSource: [String: Int] = [:]
    private var connections: [ObjectIdentifier: @Sendable (String) -> Void] = [:]
    /// The connections that have not authenticated yet (MaxStartups counts them).
    private var unauthenticated: Set<ObjectIdentifier> = []
    private var sessionCount = 0
    private var watcherCount = 0
    /// With `--proxy-protocol`: connections whose PROXY header has not come yet.
    private var awaitingHeader = 0
    private var stopping = false
    let limits: ServeLimits

    init(limits: ServeLimits, authorizedKeys: AuthorizedKeys?) {
        self.limits = limits
        self.authorizedKeys = authorizedKeys
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Whether `key` may log in (always, with --open: `authorizedKeys` nil).
    func admits(_ key: NIOSSHPublicKey) -> Bool {
        locked { authorizedKeys.map { $0.admits(key) } ?? true }
    }

    /// Replaces the admitted keys (SIGHUP).
    func replaceAuthorizedKeys(_ keys: AuthorizedKeys) {
        locked { authorizedKeys = keys }
    }

    /// Whether a new connection is taken, or why not.
    enum Admission: Equatable {
        case admitted
        /// Its source has ``ServeLimits/maxPerSource`` connections open.
        case perSource
        /// MaxStartups dropped it (`unauthenticated` were open).
        case startups(unauthenticated: Int)
        /// ``ServeLimits/maxConnections`` are open.
        case full
        /// The server is stopping.
        case stopping
    }

    /// Counts a new connection from `source` (unauthenticated until ``authenticated(_:)``), unless
    /// that source is at its limit, MaxStartups drops it, the server has all the connections it
    /// takes, or it is stopping (the connection is then not counted). `stop` tells it to end.
    func admitConnection(_ id: ObjectIdentifier, source: String, stop: @escaping @Sendable (String) -> Void) -> Admission {
        locked {
            if stopping { return .stopping }
            if perSource[source, default: 0] >= limits.maxPerSource { return .perSource }
            if connections.count >= limits.maxConnections { return .full }
            if limits.maxStartups.drops(unauthenticated: unauthenticated.count) {
                return .startups(unauthenticated: unauthenticated.count)
            }
            perSource[source, default: 0] += 1
            connections[id] = stop
            unauthenticated.insert(id)
            return .admitted
        }
    }

    /// The connection `id` has authenticated: MaxStartups no longer counts it.
    func authenticated(_ id: ObjectIdentifier) {
        locked { _ = unauthenticated.remove(id) }
    }

    /// Forgets a connection counted by ``admitConnection(_:source:stop:)``.
    func connectionClosed(_ id: ObjectIdentifier, source: String) {
        locked {
            unauthenticated.remove(id)
            guard connections.removeValue(forKey: id) != nil else { return }
            perSource[source, default: 1] -= 1
            if perSource[source] == 0 { perSource[source] = nil }
            condition.broadcast()
        }
    }

    /// Takes one of the session places; false when all are taken or the server is stopping.
    func reserveSession() -> Bool {
        locked {
            guard !stopping, sessionCount < limits.maxSessions else { return false }
            sessionCount += 1
            return true
        }
    }

    /// Gives a session place back.
    func releaseSession() {
        locked { sessionCount -= 1 }
    }

    /// Takes one of the watcher places; false when all are taken or the server is stopping.
    func reserveWatcher() -> Bool {
        locked {
            guard !stopping, watcherCount < limits.maxWatchers else { return false }
            watcherCount += 1
            return true
        }
    }

    /// Gives a watcher place back.
    func releaseWatcher() {
        locked { watcherCount -= 1 }
    }

    /// Counts a connection waiting for its PROXY header (not yet counted by source: the header
    /// names it); false when ``MaxStartups/full`` already wait or the server is stopping.
    func headerAwaited() -> Bool {
        locked {
            guard !stopping, awaitingHeader < limits.maxStartups.full else { return false }
            awaitingHeader += 1
            return true
        }
    }

    /// A connection's PROXY header came, or it closed before.
    func headerSettled() {
        locked { awaitingHeader -= 1 }
    }

    /// The sessions, watchers and connections open now (for the metrics).
    func gauges() -> (sessions: Int, watchers: Int, connections: Int) {
        locked { (sessionCount, watcherCount, connections.count + awaitingHeader) }
    }

    /// Stops accepting, and tells every connection to end with `reason`.
    func stopAll(reason: String) {
        let stops = locked {
            stopping = true
            return Array(connections.values)
        }
        for stop in stops { stop(reason) }
    }

    /// Waits until every connection has closed, or `deadline`; returns how many are left.
    func waitForConnections(until deadline: Date) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while !connections.isEmpty && condition.wait(until: deadline) {}
        return connections.count
    }
}
