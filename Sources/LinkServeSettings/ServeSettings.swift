import Foundation

/// ServeSettings: what `linkterm serve` hands to the SSH server, `linkterm-serve`, once it has checked
/// its command line (the server's options and, with linkterm's own parser, the sessions' options).
///
/// The SSH server is a program of its own, installed beside `linkterm`, so that `linkterm` and its
/// `search` start without loading swift-nio, swift-nio-ssh and BoringSSL. `linkterm serve` execs it
/// (the same process: its signals, its exit status) with these settings, as JSON, in the environment
/// variable ``environmentName``, which the server reads and removes before anything else.
public struct ServeSettings: Codable, Sendable, Equatable {
    /// The environment variable that carries the settings to the server.
    public static let environmentName = "LINKTERM_SERVE_SETTINGS"
    /// The server's file name, beside linkterm's.
    public static let serverName = "linkterm-serve"

    /// Where to listen: the host (a name or an address, as given to `--listen`).
    public var host: String
    /// Where to listen: the port.
    public var port: Int
    /// The host key's file (made on the first start).
    public var hostKeyPath: String
    /// The authorized keys' file; nil with `--open`.
    public var authorizedKeysPath: String?
    /// `--max-sessions`.
    public var maxSessions: Int
    /// `--max-per-source`.
    public var maxPerSource: Int
    /// `--max-watchers`.
    public var maxWatchers: Int
    /// `--max-startups` as `START:RATE:FULL` (see ``MaxStartups``).
    public var maxStartups: String
    /// `--idle-timeout`, in seconds.
    public var idleTimeout: Int
    /// `--handshake-timeout`, in seconds.
    public var handshakeTimeout: Int
    /// The program each session runs: linkterm itself (its /proc/self/exe).
    public var executable: String
    /// The sessions' linkterm options (checked by linkterm's parser before the server starts).
    public var sessionArguments: [String]
    /// `--events-dir`.
    public var eventsDirectory: String?
    /// `--reports-dir` (with `--walk`): each session's walk writes its reports there.
    public var reportsDirectory: String?
    /// `--watch`.
    public var watch: Bool
    /// `--presenter-key`.
    public var presenterKey: String?
    /// `--proxy-protocol`.
    public var proxyProtocol: Bool
    /// `--metrics`' host, when given.
    public var metricsHost: String?
    /// `--metrics`' port, when given.
    public var metricsPort: Int?

    /// Every setting, as `linkterm serve` found it.
    public init(host: String, port: Int, hostKeyPath: String, authorizedKeysPath: String?, maxSessions: Int,
                maxPerSource: Int, maxWatchers: Int, maxStartups: String, idleTimeout: Int, handshakeTimeout: Int,
                executable: String, sessionArguments: [String], eventsDirectory: String?, watch: Bool,
                presenterKey: String?, proxyProtocol: Bool, metricsHost: String?, metricsPort: Int?) {
        self.host = host
        self.port = port
        self.hostKeyPath = hostKeyPath
        self.authorizedKeysPath = authorizedKeysPath
        self.maxSessions = maxSessions
        self.maxPerSource = maxPerSource
        self.maxWatchers = maxWatchers
        self.maxStartups = maxStartups
        self.idleTimeout = idleTimeout
        self.handshakeTimeout = handshakeTimeout
        self.executable = executable
        self.sessionArguments = sessionArguments
        self.eventsDirectory = eventsDirectory
        self.watch = watch
        self.presenterKey = presenterKey
        self.proxyProtocol = proxyProtocol
        self.metricsHost = metricsHost
        self.metricsPort = metricsPort
    }

    /// The settings as JSON, for ``environmentName``.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Settings from ``encoded()``'s JSON.
    public static func decoded(_ text: String) throws -> ServeSettings {
        try JSONDecoder().decode(ServeSettings.self, from: Data(text.utf8))
    }

    /// The server's path beside the linkterm at `executable`.
    public static func serverPath(beside executable: String) -> String {
        (executable as NSString).deletingLastPathComponent.isEmpty
            ? serverName
            : ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent(serverName)
    }
}
