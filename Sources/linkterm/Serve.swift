import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkServeSettings
import LinkUI
#if canImport(Glibc)
import Glibc
#endif

/// `linkterm serve`: an SSH server on which every visitor gets a linkterm session of their own
/// (its own process on its own pseudo-terminal), with the options given here. This command checks
/// the options (the sessions' with linkterm's own parser) and then execs the SSH server,
/// `linkterm-serve`, installed beside linkterm, so that linkterm itself carries no SSH code.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Link sessions over SSH: every visitor gets a linkterm of their own.",
        discussion: """
            Each connection that asks for a terminal and a shell runs linkterm on a pseudo-terminal of the \
            visitor's size, with every linkterm option given here (--theme, --flavor, --latency, --institutions, \
            --script, --typing-delay, --exit-at-end …; see linkterm --help), before or after --. Visitors \
            cannot run commands, open subsystems (sftp), forward ports or agents, or set the environment. \
            Only public keys are accepted: those of --authorized-keys FILE; or, with --open (a public demo), \
            anyone, with a key or without (a visitor logging in as present@ is asked for their key).

            The host key is made on the first start (Ed25519, mode 0600) and its fingerprint printed, as ssh \
            shows it. One line per connection is logged on standard output: time, source, key, user, session \
            id, outcome, duration. SIGHUP re-reads the authorized keys; SIGTERM or SIGINT tells every visitor, \
            ends every session cleanly and exits 0.

            With --watch, visitors who log in as user watch see the presenter's session live, each laid out at \
            their own terminal's size (the presenter's linkterm draws it again at each watcher's size); they send \
            it nothing (q leaves). The presenter is the longest-connected visitor who is not watching (with \
            --presenter-key, of that key; --open --watch needs it); when their session ends, the next one presents.

            Behind a TCP load balancer, --proxy-protocol takes the PROXY header (v1 or v2) it sends, so the \
            client's real address reaches the log and the limits. --metrics HOST:PORT serves Prometheus metrics.

            Examples:
              linkterm serve --authorized-keys ~/.ssh/authorized_keys
              linkterm serve --open --listen 0.0.0.0:2222 --all-interfaces --watch --presenter-key SHA256:…
              linkterm serve --open --script Tests/Scenarios/pass_good.txt --exit-at-end
              ssh -t -p 2222 HOST         (a visitor)
              ssh -t -p 2222 watch@HOST   (with --watch: watch, at your size)
            """)

    @Option(help: ArgumentHelp("Where to listen (a wildcard address such as 0.0.0.0 or :: needs --all-interfaces).",
                               valueName: "host:port"))
    var listen = "127.0.0.1:2222"

    @Flag(help: "Allow --listen on every interface (0.0.0.0 or ::).")
    var allInterfaces = false

    @Option(help: ArgumentHelp("The host key file, made on the first start (default ~/.linkterm/ssh_host_ed25519_key).",
                               valueName: "file"))
    var hostKey: String?

    @Option(help: ArgumentHelp("Admit only these public keys (OpenSSH authorized_keys: ssh-ed25519, ecdsa-sha2-nistp256).",
                               valueName: "file"))
    var authorizedKeys: String?

    @Flag(help: "Admit anyone, with an SSH key or without (a public demo; present@ is asked for a key).")
    var open = false

    @Option(help: ArgumentHelp("Sessions at once; a visitor over the limit is told to come back later.", valueName: "n"))
    var maxSessions = 20

    @Option(help: ArgumentHelp("Connections at once from one address.", valueName: "n"))
    var maxPerSource = 4

    @Option(help: ArgumentHelp(
        "Connections not yet logged in, as OpenSSH's MaxStartups: from START on, a new one is dropped with a chance of RATE %, rising to every one at FULL.",
        valueName: "start:rate:full"))
    var maxStartups = MaxStartups.openSSHDefault.description

    @Option(help: ArgumentHelp("With --watch, watchers at once; each is drawn at most 200 rows by 500 columns.", valueName: "n"))
    var maxWatchers = 10

    @Option(help: ArgumentHelp("End a session after this many seconds without a key.", valueName: "seconds"))
    var idleTimeout = 600

    @Option(help: ArgumentHelp("Close a connection not logged in with a session (or a watch) started after this many seconds.",
                               valueName: "seconds"))
    var handshakeTimeout = 20

    @Option(help: ArgumentHelp("Write each session's events to a JSON Lines file of its own (0600) in this directory.",
                               valueName: "dir"))
    var eventsDir: String?

    @Option(help: ArgumentHelp("Each visitor walks this scenario (or folder of scenarios) by hand, checked live, as linkterm walk does (a QA walkthrough on a shared host; the scenario's option lines apply).",
                               valueName: "file|folder"))
    var walk: String?

    @Option(help: ArgumentHelp("With --walk: each session's walk writes its reports here, Markdown and JUnit (0600), named by the time and the session id.",
                               valueName: "dir"))
    var reportsDir: String?

    @Flag(help: "Let visitors logged in as user watch see the presenter's session live, each at their own terminal size.")
    var watch = false

    @Option(help: ArgumentHelp("With --watch, only this key's sessions present (its SHA256 fingerprint, as ssh-keygen -l prints it).",
                               valueName: "fingerprint"))
    var presenterKey: String?

    @Flag(help: "Every connection opens with a PROXY protocol header (v1 or v2, as HAProxy's send-proxy-v2 sends) naming the client: run behind a TCP load balancer. Without it a PROXY header is refused.")
    var proxyProtocol = false

    @Option(help: ArgumentHelp("Serve Prometheus metrics at http://HOST:PORT/metrics (a wildcard address needs --all-interfaces).",
                               valueName: "host:port"))
    var metrics: String?

    @Argument(parsing: .postTerminator,
              help: ArgumentHelp("After --, more linkterm options for every session (e.g. -- --seed 42 --product auth).",
                                 valueName: "linkterm options"))
    var sessionOptions: [String] = []

    /// serve's own options: (name, whether a value follows). Every other argument is linkterm's
    /// (the root command parses `--theme`, `--script` … wherever they stand) and goes to the sessions.
    static let ownOptions: [(String, Bool)] = [
        ("--listen", true), ("--all-interfaces", false), ("--host-key", true), ("--authorized-keys", true), ("--open", false),
        ("--max-sessions", true), ("--max-per-source", true), ("--idle-timeout", true), ("--handshake-timeout", true),
        ("--max-startups", true), ("--max-watchers", true),
        ("--events-dir", true), ("--walk", true), ("--reports-dir", true), ("--watch", false), ("--presenter-key", true), ("--proxy-protocol", false), ("--metrics", true),
    ]

    /// The options each session's linkterm runs with: the command line's arguments without
    /// `serve`, serve's own options and the `--` before the last ones.
    static func childArguments(of commandLine: [String]) -> [String] {
        var arguments: [String] = []
        var rest = commandLine.dropFirst()[...]
        var servePassed = false
        while let argument = rest.popFirst() {
            if argument == "--" {
                arguments += rest
                break
            }
            if !servePassed && argument == "serve" {
                servePassed = true
                continue
            }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if let own = ownOptions.first(where: { $0.0 == name }) {
                if own.1 && !argument.contains("=") { _ = rest.popFirst() }
                continue
            }
            arguments.append(argument)
        }
        return arguments
    }

    /// The sessions' options of this command line.
    var childArguments: [String] { Self.childArguments(of: CommandLine.arguments) }

    /// Options no session may be given: a file every session would share, or not a session at all.
    static let sharedFileOptions = ["--events", "--record", "--save-scenario", "--profile", "--mesh-store", "--help", "-h",
                                    "--version"]

    func validate() throws {
        _ = try listenAddress()
        guard MaxStartups(maxStartups) != nil else {
            throw ValidationError("--max-startups takes START:RATE:FULL (1 ≤ START ≤ FULL, RATE 0 to 100, e.g. 10:30:100), not \(UntrustedText.quoted(maxStartups))")
        }
        switch (open, authorizedKeys) {
        case (false, nil):
            throw ValidationError("linkterm serve needs --authorized-keys FILE (only those keys may log in) or --open (anyone may: a public demo)")
        case (true, .some):
            throw ValidationError("--open and --authorized-keys cannot be used together")
        default: break
        }
        for (value, option) in [(maxSessions, "--max-sessions"), (maxPerSource, "--max-per-source"), (maxWatchers, "--max-watchers"),
                                (idleTimeout, "--idle-timeout"), (handshakeTimeout, "--handshake-timeout")] where value < 1 {
            throw ValidationError("\(option) must be 1 or more (got \(value))")
        }
        if idleTimeout > 86_400 * 7 || handshakeTimeout > 3600 {
            throw ValidationError("--idle-timeout is at most 604800 s and --handshake-timeout at most 3600 s")
        }
        for argument in childArguments {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if Self.sharedFileOptions.contains(name) {
                throw ValidationError("\(UntrustedText.quoted(name)) cannot be given to the sessions: every visitor would share it\(name == "--events" ? " (use --events-dir DIR)" : "")")
            }
        }
        if let walk { try validateWalk(walk) }
        let session: LinkTerm?
        do {
            // (a walk's arguments were parsed and its files read by validateWalk)
            session = walk == nil ? try LinkTerm.parseAsRoot(sessionArguments) as? LinkTerm : nil
        } catch {
            throw ValidationError("the sessions' options: \(LinkTerm.message(for: error))")
        }
        for (path, option) in [(session?.script, "--script"), (session?.session.institutions, "--institutions")] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                throw ValidationError("\(option) \(UntrustedText.quoted(path)): no readable file there")
            }
        }
        // read whole here, as each session will: a bad file is the operator's to hear of, once,
        // not every visitor's (with the server's paths)
        if let problem = session?.sessionFilesProblem() { throw ValidationError("the sessions' options: \(problem)") }
        if let theme = session?.theme {
            do { _ = try ThemeLoader.load(theme) } catch { throw ValidationError("\(error)") }
        }
        if open && watch && presenterKey == nil {
            throw ValidationError("--open --watch needs --presenter-key SHA256:… (ssh-keygen -lf YOUR_KEY.pub): on a public demo a stranger's session (what they type) must never be shown to the watchers; with it, only the host presents, logging in as present@ with that key")
        }
        if let metrics { try Self.resolve(metrics, option: "--metrics", allInterfaces: allInterfaces) }
        if let presenterKey {
            guard watch else { throw ValidationError("--presenter-key names who presents to watchers: it needs --watch") }
            guard Self.isFingerprint(presenterKey) else {
                throw ValidationError("--presenter-key takes a key's SHA256 fingerprint as ssh-keygen -l prints it (SHA256: and 43 characters), not \(UntrustedText.quoted(presenterKey))")
            }
        }
        if let reportsDir {
            guard walk != nil else { throw ValidationError("--reports-dir goes with --walk (the walks' reports)") }
            try Self.checkWritableDirectory(reportsDir, option: "--reports-dir")
        }
        if let eventsDir { try Self.checkWritableDirectory(eventsDir, option: "--events-dir") }
    }

    /// `--walk`: a scenario file or folder a session can read, with no other session options
    /// (each session runs `linkterm walk FILE`, the scenario's own `option` lines applying), no
    /// events file (a walk's record is its report, `--reports-dir`).
    func validateWalk(_ walk: String) throws {
        guard FileManager.default.isReadableFile(atPath: walk) else {
            throw ValidationError("--walk \(UntrustedText.quoted(walk)): no readable scenario file or folder there")
        }
        if eventsDir != nil { throw ValidationError("--events-dir goes with Link sessions, not --walk (a walk's record is its report: --reports-dir DIR)") }
        if let first = childArguments.first {
            throw ValidationError("with --walk each session runs linkterm walk FILE, whose scenario's option lines apply: \(UntrustedText.quoted(first)) cannot be given to the sessions")
        }
        let command: Walk
        do {
            guard let parsed = try LinkTerm.parseAsRoot(sessionArguments) as? Walk else { throw ValidationError("--walk: not a walk") }
            command = parsed
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("--walk: \(LinkTerm.message(for: error))")
        }
        // read whole here, as each session will: a bad scenario is the operator's to hear of
        if let problem = command.filesProblem() { throw ValidationError("--walk: \(problem)") }
    }

    /// What each session runs: linkterm with the sessions' options, or with `--walk`, `walk`
    /// with its scenario (an absolute path: the sessions start elsewhere).
    var sessionArguments: [String] {
        guard let walk else { return childArguments }
        return ["walk", Self.absolute(walk)] + childArguments
    }

    /// `path` from the working folder (the sessions and the server start elsewhere).
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// Refuses `path` unless it is a directory this user can write to.
    static func checkWritableDirectory(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: path)
        else { throw ValidationError("\(option) \(UntrustedText.quoted(path)): not a directory this user can write to") }
    }

    /// Whether `text` is an OpenSSH SHA256 fingerprint: `SHA256:` and 43 characters of unpadded base64.
    static func isFingerprint(_ text: String) -> Bool {
        guard text.hasPrefix("SHA256:") else { return false }
        let digest = text.dropFirst(7)
        return digest.count == 43 && digest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
    }

    /// `--listen`'s host and port; refused when the system resolves it to every interface (however
    /// it is written: `0`, `0x0`, `[::0]` …) without `--all-interfaces`.
    func listenAddress() throws -> (String, Int) {
        try Self.resolve(listen, option: "--listen", allInterfaces: allInterfaces)
    }

    /// `text` (`HOST:PORT`, for `option`) as a host and a port, checked as the system resolves it;
    /// refused when it is every interface without `--all-interfaces`.
    @discardableResult
    static func resolve(_ text: String, option: String, allInterfaces: Bool) throws -> (String, Int) {
        let (host, port) = try Self.parseListen(text, option: option)
        let wildcard: Bool
        do {
            wildcard = try WildcardAddress.isWildcard(host: host, port: port)
        } catch {
            throw ValidationError("\(option) \(UntrustedText.quoted(text)): \(UntrustedText.quoted(host)) is not an address of this host (\(error))")
        }
        if wildcard && !allInterfaces {
            throw ValidationError("\(option) \(text) listens on every network interface: add --all-interfaces to mean it, or give one address (default \(option == "--listen" ? "127.0.0.1:2222" : "a loopback one such as 127.0.0.1:9222"))")
        }
        return (host, port)
    }

    /// `HOST:PORT` or `[IPV6]:PORT` as a host and a port.
    static func parseListen(_ text: String, option: String = "--listen") throws -> (String, Int) {
        var host = ""
        var portText = ""
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw listenError(text, option: option) }
            portText = String(rest.dropFirst())
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        } else {
            throw listenError(text, option: option)
        }
        guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else { throw listenError(text, option: option) }
        return (host, port)
    }

    static func listenError(_ text: String, option: String = "--listen") -> ValidationError {
        ValidationError("\(option) takes HOST:PORT (e.g. 127.0.0.1:2222, [::1]:2222, 0.0.0.0:2222 with --all-interfaces), not \(UntrustedText.quoted(text))")
    }

    /// Execs the SSH server, `linkterm-serve` beside this linkterm, with the settings checked here
    /// (see `ServeSettings`): the same process, so its signals and exit status are the server's.
    func run() throws {
        let (host, port) = try listenAddress()
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        guard let keyPath = hostKey ?? home.map({ ($0 as NSString).appendingPathComponent(".linkterm/ssh_host_ed25519_key") })
        else {
            // not the working folder: each folder started in would be a new host identity
            printError("linkterm serve: HOME is not set (or not an absolute path): give the host key's file with --host-key FILE")
            throw ExitCode(2)
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let metricsAddress = try metrics.map { try Self.resolve($0, option: "--metrics", allInterfaces: allInterfaces) }
        var settings = ServeSettings(
            host: host, port: port, hostKeyPath: keyPath, authorizedKeysPath: authorizedKeys, maxSessions: maxSessions,
            maxPerSource: maxPerSource, maxWatchers: maxWatchers, maxStartups: maxStartups, idleTimeout: idleTimeout,
            handshakeTimeout: handshakeTimeout, executable: executable, sessionArguments: sessionArguments,
            eventsDirectory: eventsDir, watch: watch, presenterKey: presenterKey, proxyProtocol: proxyProtocol,
            metricsHost: metricsAddress?.0, metricsPort: metricsAddress?.1)
        settings.reportsDirectory = reportsDir.map(Self.absolute)
        let server = ServeSettings.serverPath(beside: executable)
        guard FileManager.default.isExecutableFile(atPath: server) else {
            printError("linkterm serve: the SSH server \(UntrustedText.quoted(server, limit: 4096)) is not there: it is built with linkterm (swift build) and installed beside it (bash Scripts/install.sh)")
            throw ExitCode(2)
        }
        setenv(ServeSettings.environmentName, try settings.encoded(), 1)
        let arguments = [server] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        unsetenv(ServeSettings.environmentName)
        printError("linkterm serve: could not start the SSH server \(UntrustedText.quoted(server, limit: 4096)): \(reason)")
        throw ExitCode(2)
    }
}

extension LinkTerm {
    /// What a session would refuse in its files (see ``SessionCommand/sessionFilesProblem()``).
    func sessionFilesProblem() -> String? { command.sessionFilesProblem() }
}

extension SessionCommand {
    /// What a session would refuse in its files (--script, --institutions, the script's own
    /// options, the configuration they make), read as the session reads them; nil when all is well.
    func sessionFilesProblem() -> String? {
        do {
            var scenario: Scenario?
            if let script, flavor == .plaid {
                scenario = try Scenario(commandLineText: try readScenarioText(script), file: script)
            } else if let script {
                _ = try MeshScenario(text: try readScenarioText(script), file: script)
            }
            if let path = session.institutions {
                do {
                    _ = try InstitutionDirectory.load(path: path)
                } catch {
                    return "--institutions: \(error)"
                }
            }
            guard flavor == .plaid else { return nil }
            var configuration = try session.configuration(defaultSeed: 0, directory: .sandbox)
            if let scenario { try applyOptions(of: scenario, to: &configuration) }
            try configuration.validate()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
