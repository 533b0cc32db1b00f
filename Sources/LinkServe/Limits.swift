import Foundation
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
    /// A connection that has not authenticated and opened a channel within this long is closed.
    public var handshakeTimeout: TimeAmount
    /// After SIGHUP to a dropped visitor's session, how long before SIGKILL.
    public var hangUpGrace: TimeAmount = .milliseconds(60)
    /// After SIGTERM to a session the server ends (idle, stopping), how long before SIGKILL.
    public var terminateGrace: TimeAmount = .seconds(3)

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
    private var sessionCount = 0
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

    /// Counts a new connection from `source`; false when that source is at its limit or the
    /// server is stopping (the connection is then not counted). `stop` tells the connection to end.
    func admitConnection(_ id: ObjectIdentifier, source: String, stop: @escaping @Sendable (String) -> Void) -> Bool {
        locked {
            guard !stopping, perSource[source, default: 0] < limits.maxPerSource else { return false }
            perSource[source, default: 0] += 1
            connections[id] = stop
            return true
        }
    }

    /// Forgets a connection counted by ``admitConnection(_:source:stop:)``.
    func connectionClosed(_ id: ObjectIdentifier, source: String) {
        locked {
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
