import Foundation

/// ServeMetrics: what `--metrics` serves, in Prometheus' text format: the sessions and watchers
/// now, the sessions started and ended (by outcome), the connections refused (by reason) and a
/// histogram of the sessions' durations. Counted from each connection's outcome as its log line
/// is written, so the counts and the log agree.
final class ServeMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var connectionsTotal = 0
    private var sessionsStarted = 0
    private var sessionsEnded: [String: Int] = [:]
    private var refusals: [String: Int] = [:]
    private var durationCounts: [Int]
    private var durationSum = 0.0
    private var durationCount = 0
    private var watchersStarted = 0

    /// The histogram's upper bounds, in seconds.
    static let durationBounds: [Double] = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600]

    init() {
        durationCounts = Array(repeating: 0, count: Self.durationBounds.count)
    }

    /// A session (a visitor's linkterm) started.
    func sessionStarted() {
        lock.withLock { sessionsStarted += 1 }
    }

    /// A watcher started watching.
    func watcherStarted() {
        lock.withLock { watchersStarted += 1 }
    }

    /// A connection closed with `outcome` (its log line's); `session` is how long its session
    /// ran, when it had one.
    func connectionClosed(outcome: String, session: Double?) {
        lock.withLock {
            connectionsTotal += 1
            if let session {
                sessionsEnded[Self.endLabel(outcome), default: 0] += 1
                durationSum += session
                durationCount += 1
                for (index, bound) in Self.durationBounds.enumerated() where session <= bound { durationCounts[index] += 1 }
            } else if outcome.hasPrefix("refused:") {
                refusals[Self.refusalLabel(outcome), default: 0] += 1
            }
        }
    }

    /// A session's outcome as a label: exit, signal, dropped, idle, stopping, failed, other.
    static func endLabel(_ outcome: String) -> String {
        if outcome.hasPrefix("ended: exit") { return "exit" }
        if outcome.hasPrefix("ended: signal") { return "signal" }
        if outcome.hasPrefix("ended: idle") { return "idle" }
        if outcome.hasPrefix("ended: server stopping") { return "stopping" }
        if outcome.hasPrefix("dropped") { return "dropped" }
        if outcome.hasPrefix("failed") { return "failed" }
        return "other"
    }

    /// A refusal's reason as a label (the log line says it in full).
    static func refusalLabel(_ outcome: String) -> String {
        let table: [(String, String)] = [
            ("PROXY", "proxy_header"), ("connections from", "per_source"), ("max startups", "max_startups"),
            ("connections open", "max_connections"), ("waiting for their PROXY", "proxy_pending"),
            ("not authorized", "key"), ("no key", "no_key"), ("handshake timeout", "handshake_timeout"),
            ("sessions in use", "max_sessions"), ("watcher places", "max_watchers"), ("presenter", "presenter_only"),
            ("exec", "exec"), ("subsystem", "subsystem"), ("forwarding", "forwarding"), ("forwarded-tcpip", "forwarding"),
            ("channels", "channels"), ("TERM", "term"), ("without a pty", "no_pty"), ("descriptors", "descriptors"),
            ("stopping", "stopping"),
        ]
        return table.first { outcome.contains($0.0) }?.1 ?? "other"
    }

    /// The text `GET /metrics` answers, with the gauges read now.
    func exposition(sessionsNow: Int, watchersNow: Int, connectionsNow: Int) -> String {
        lock.withLock {
            var out = ""
            func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, String)]) {
                out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
                for (labels, value) in samples { out += "\(name)\(labels) \(value)\n" }
            }
            metric("linkterm_sessions", "gauge", "Visitors' linkterm sessions running now.", [("", "\(sessionsNow)")])
            metric("linkterm_watchers", "gauge", "Watchers watching now (--watch).", [("", "\(watchersNow)")])
            metric("linkterm_connections", "gauge", "TCP connections open now.", [("", "\(connectionsNow)")])
            metric("linkterm_connections_total", "counter", "Connections closed (one log line each).", [("", "\(connectionsTotal)")])
            metric("linkterm_sessions_started_total", "counter", "Sessions started.", [("", "\(sessionsStarted)")])
            metric("linkterm_watchers_started_total", "counter", "Watchers who started watching.", [("", "\(watchersStarted)")])
            metric("linkterm_sessions_ended_total", "counter", "Sessions ended, by outcome.",
                   sessionsEnded.keys.sorted().map { ("{outcome=\"\($0)\"}", "\(sessionsEnded[$0]!)") })
            metric("linkterm_refusals_total", "counter", "Connections refused, by reason.",
                   refusals.keys.sorted().map { ("{reason=\"\($0)\"}", "\(refusals[$0]!)") })
            var buckets = zip(Self.durationBounds, durationCounts).map { ("{le=\"\(Self.number($0))\"}", "\($1)") }
            buckets.append(("{le=\"+Inf\"}", "\(durationCount)"))
            out += "# HELP linkterm_session_duration_seconds How long sessions ran.\n# TYPE linkterm_session_duration_seconds histogram\n"
            for (labels, value) in buckets { out += "linkterm_session_duration_seconds_bucket\(labels) \(value)\n" }
            out += "linkterm_session_duration_seconds_sum \(String(format: "%.3f", durationSum))\n"
            out += "linkterm_session_duration_seconds_count \(durationCount)\n"
            return out
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
