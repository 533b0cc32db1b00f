import Foundation
import NIOCore

/// ServeConfiguration: everything `linkterm serve` was told on its command line.
public struct ServeConfiguration: Sendable {
    /// The address to listen on (an IP address or a host name), as given.
    public var host: String
    /// The address `host` resolved to (the one the wildcard check judged), bound as it is; nil:
    /// `host` is resolved when binding.
    public var address: SocketAddress?
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
    /// With `--walk` and `--reports-dir`: each session's walk writes its Markdown and JUnit
    /// reports to files of its own there, named as the events files are.
    public var reportsDirectory: String?
    /// `--watch`: visitors logged in as `watch` see the presenter's session.
    public var watch: Bool
    /// `--presenter-key`: with `--watch`, only sessions of the key of this fingerprint present.
    public var presenterKey: String?
    /// `--proxy-protocol`: every connection opens with a PROXY header (v1 or v2) naming the client.
    public var proxyProtocol = false
    /// `--metrics`: where the metrics endpoint listens, if anywhere.
    public var metricsAddress: SocketAddress?

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

    /// The same configuration, listening on `address` (what `host` resolved to).
    public func listening(on address: SocketAddress) -> ServeConfiguration {
        var copy = self
        copy.address = address
        return copy
    }

    /// Whether anyone with a key may log in (`--open`).
    public var isOpen: Bool { authorizedKeysPath == nil }

    /// Session `id`'s events file (with an events directory): made here, by the server (0600,
    /// new, named by the time and the session id), and handed to the session's linkterm as a
    /// descriptor, so that what it says of the file names `/dev/fd/N`, not the server's folders.
    func makeEventsFile(session id: String) throws -> EventsFile? {
        guard let eventsDirectory else { return nil }
        let path = Self.sessionFile(in: eventsDirectory, session: id, suffix: "jsonl")
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SpawnError("the events file \(path)", errno) }
        return EventsFile(path: path, descriptor: fd)
    }

    /// A session's own file in `directory`: named by the time and the session id.
    static func sessionFile(in directory: String, session id: String, suffix: String) -> String {
        let stamp = ServeLog.timestamp().replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        return (directory as NSString).appendingPathComponent("\(stamp)-\(id).\(suffix)")
    }

    /// The arguments of session `id`'s linkterm: the server's session options, its events file
    /// as the descriptor `eventsDescriptor` when it has one, and with `--reports-dir` its walk's
    /// reports (the walk makes them, 0600, at their paths: they are the operator's to read).
    func childArguments(eventsDescriptor: Int32?, session id: String) -> [String] {
        var arguments = sessionArguments
        if let eventsDescriptor { arguments += ["--events", "/dev/fd/\(eventsDescriptor)"] }
        if let reportsDirectory {
            arguments += ["--report", Self.sessionFile(in: reportsDirectory, session: id, suffix: "md"),
                          "--junit", Self.sessionFile(in: reportsDirectory, session: id, suffix: "xml")]
        }
        return arguments
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

/// EventsFile: a session's events file, made by the server.
struct EventsFile {
    /// Where it is (for the server's log only).
    let path: String
    /// The server's descriptor of it, until the session has started.
    let descriptor: Int32

    /// After the session: a file left empty (the session never started, e.g. a TERM without
    /// terminfo) is removed; returns what the operator's log says of the file, if anything.
    func settle(exitCode: Int32) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        if info.st_size == 0 {
            unlink(path)
            return "no events written: the empty events file was removed"
        }
        guard exitCode == 74 else { return nil }
        var space = statvfs()
        let full = statvfs((path as NSString).deletingLastPathComponent, &space) == 0 && space.f_bavail == 0
        return "its events file \(path) could not be written in full (\(info.st_size) bytes written\(full ? "; no space left in --events-dir" : ""))"
    }
}

/// ServerShared: what every connection reads: the configuration, the shared state, the log and
/// the audience hub.
final class ServerShared: Sendable {
    let configuration: ServeConfiguration
    let state: ServerState
    let log: ServeLog
    let hub: WatchHub
    /// What `--metrics` serves.
    let metrics = ServeMetrics()

    init(configuration: ServeConfiguration, state: ServerState, log: ServeLog) {
        hub = WatchHub(presenterKey: configuration.presenterKey)
        self.configuration = configuration
        self.state = state
        self.log = log
    }
}
