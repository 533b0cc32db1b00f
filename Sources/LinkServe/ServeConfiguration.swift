import Foundation

/// ServeConfiguration: everything `linkterm serve` was told on its command line.
public struct ServeConfiguration: Sendable {
    /// The address to listen on (an IP address or a host name).
    public var host: String
    /// The port (0: any free port; the log says which).
    public var port: Int
    /// The server's host key.
    public var hostKey: HostKey
    /// The file of admitted keys (`--authorized-keys`), or nil with `--open` (any key).
    public var authorizedKeysPath: String?
    /// Limits on sessions, connections and time.
    public var limits: ServeLimits
    /// The program each session runs (the linkterm binary itself).
    public var executable: String
    /// linkterm's options for every session (`--theme`, `--script` …), from the server's command line.
    public var sessionArguments: [String]
    /// With `--events-dir`: each session writes its events to a file of its own there.
    public var eventsDirectory: String?
    /// `--watch`: visitors logged in as `watch` see the presenter's session.
    public var watch: Bool
    /// `--presenter-key`: with `--watch`, only sessions of the key of this fingerprint present.
    public var presenterKey: String?

    /// A configuration of the given values.
    public init(host: String, port: Int, hostKey: HostKey, authorizedKeysPath: String?, limits: ServeLimits,
                executable: String, sessionArguments: [String], eventsDirectory: String?, watch: Bool,
                presenterKey: String? = nil) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.authorizedKeysPath = authorizedKeysPath
        self.limits = limits
        self.executable = executable
        self.sessionArguments = sessionArguments
        self.eventsDirectory = eventsDirectory
        self.watch = watch
        self.presenterKey = presenterKey
    }

    /// Whether anyone with a key may log in (`--open`).
    public var isOpen: Bool { authorizedKeysPath == nil }

    /// The arguments of session `id`'s linkterm: the server's session options, and its own
    /// events file (named by the time and the session id) when there is an events directory.
    func childArguments(session id: String) -> [String] {
        guard let eventsDirectory else { return sessionArguments }
        let stamp = ServeLog.timestamp().replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let file = (eventsDirectory as NSString).appendingPathComponent("\(stamp)-\(id).jsonl")
        return sessionArguments + ["--events", file]
    }

    /// The environment of a session's linkterm: the visitor's TERM (checked: ``ClientText/isSafeTerm(_:)``)
    /// and the server's PATH, HOME and locale; nothing else from the server or the client.
    func childEnvironment(term: String) -> [String: String] {
        let own = ProcessInfo.processInfo.environment
        var environment = ["TERM": term, "PATH": own["PATH"] ?? "/usr/bin:/bin", "HOME": own["HOME"] ?? "/",
                           "LANG": own["LANG"] ?? "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"]
        if let all = own["LC_ALL"] { environment["LC_ALL"] = all }
        return environment
    }
}

/// ServerShared: what every connection reads: the configuration, the shared state, the log and
/// the audience hub.
final class ServerShared: Sendable {
    let configuration: ServeConfiguration
    let state: ServerState
    let log: ServeLog
    let hub: WatchHub

    init(configuration: ServeConfiguration, state: ServerState, log: ServeLog) {
        hub = WatchHub(presenterKey: configuration.presenterKey)
        self.configuration = configuration
        self.state = state
        self.log = log
    }
}
