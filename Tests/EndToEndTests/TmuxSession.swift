import Foundation
import Testing

/// What went wrong while driving tmux: a tmux command failed, tmux is missing, or a wait timed out.
/// The description carries tmux's own error text, or the last screen for a timeout.
struct TmuxError: Error, CustomStringConvertible {
    var description: String
}

/// A program running in a detached tmux session on a private server socket.
///
/// Every session has its own tmux server (`tmux -L linkterm-<uuid>`, no config file), so tests never touch a
/// user's tmux and can run side by side. The program is started without a shell: its argv goes to tmux as
/// separate arguments (prefixed with `/usr/bin/env`, because tmux hands a one-element command to `sh -c`).
/// `remain-on-exit` is on, so the last screen and the exit status stay readable after the program ends.
///
/// Not Sendable: create and use it inside one test. `kill()` runs on deinit.
///
/// tmux 3.3a (Debian) quirks handled here:
/// - `new-session -e TERM=…` and `set -g window-size manual` before the first session kill the server, so TERM goes
///   through `default-terminal` and the size through `default-size` plus `-x/-y` (`resize-window` later switches
///   the window to manual by itself).
/// - On SIGCHLD, tmux 3.3 drops a pane without reading what is left in the pty unless the pane has a `pipe-pane`, so
///   the last lines of a program that ends right after writing them were lost (about 3 runs in 100); every session
///   therefore pipes its pane to `cat >/dev/null` (the only shell command here, a constant).
/// - When a program ends, tmux scrolls the pane up one line and writes "Pane is dead (status N, <date>)" on the
///   last row; `capture()` undoes that, so it shows the screen the program left.
/// - libutempter can swallow the server's SIGCHLD, leaving the child a zombie and `pane_dead_status` empty for good;
///   `waitForExit` nudges the server with SIGCHLD (tmux issue #311).
final class TmuxSession {
    /// The tmux target of the program's pane.
    let target = "main"
    /// The private server's socket name (`tmux -L`).
    let socketName: String
    /// The program's argv, as given.
    let command: [String]

    private let tmuxPath: String
    private let clientEnvironment: [String: String]
    private var socketPath: String?
    private var serverPID: pid_t?
    private var killed = false

    /// Poll interval of `waitFor`, `waitUntil` and `waitForExit`.
    static let pollInterval = 0.02

    /// Starts `command` (argv) at cols x rows in a new tmux server `-L linkterm-<uuid>`, with `TERM` inside set
    /// to `term` (an entry `TERM` in `environment` wins), the extra environment variables, and `remain-on-exit on`.
    /// The pane otherwise inherits this process's environment minus `TMUX`, `TMUX_PANE`, `COLUMNS`, `LINES` and `NO_COLOR`.
    init(_ command: [String], cols: Int = 80, rows: Int = 24, term: String = "xterm-256color",
         environment: [String: String] = [:]) throws {
        guard !command.isEmpty else { throw TmuxError(description: "TmuxSession: empty command") }
        guard cols > 0, rows > 0 else { throw TmuxError(description: "TmuxSession: bad size \(cols)x\(rows)") }
        self.command = command
        tmuxPath = try Self.locateTmux()
        socketName = "linkterm-\(UUID().uuidString)"
        var inherited = ProcessInfo.processInfo.environment
        // `swift test` sets NO_COLOR=1 for itself; a pane gets it only when a test asks for it
        for name in ["TMUX", "TMUX_PANE", "COLUMNS", "LINES", "NO_COLOR"] { inherited[name] = nil }
        clientEnvironment = inherited

        var extra = environment
        let paneTerm = extra.removeValue(forKey: "TERM") ?? term
        var newSession = ["new-session", "-d", "-x", "\(cols)", "-y", "\(rows)", "-s", target]
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) {
            newSession += ["-e", "\(name)=\(value)"]
        }
        newSession += ["--", "/usr/bin/env"] + command
        let chain = [["start-server"],
                     ["set-option", "-g", "remain-on-exit", "on"],
                     ["set-option", "-g", "status", "off"],
                     ["set-option", "-g", "default-terminal", paneTerm],
                     ["set-option", "-g", "default-size", "\(cols)x\(rows)"],
                     newSession,
                     // an open pipe makes tmux 3.3 read the pty dry before it drops a pane whose program ended
                     ["pipe-pane", "-t", target, "exec cat >/dev/null"]]
        do {
            try tmux(chain: chain)
            let server = try tmux("display-message", "-p", "-t", target, "#{pid} #{socket_path}")
            if let space = server.firstIndex(of: " ") {
                serverPID = pid_t(server[..<space])
                socketPath = String(server[server.index(after: space)...])
            }
            var size = try windowSize()
            if size != (cols, rows) {
                try tmux("resize-window", "-t", target, "-x", "\(cols)", "-y", "\(rows)")
                size = try windowSize()
            }
            guard size == (cols, rows) else {
                throw TmuxError(description: "tmux window is \(size.cols)x\(size.rows), wanted \(cols)x\(rows)")
            }
        } catch {
            kill()
            throw error
        }
    }

    deinit { kill() }

    // MARK: input

    /// Sends keys by tmux name: "Enter", "Escape", "Tab", "BTab", "Up", "C-c", "F1", "Space", …
    /// A string that is not a key name is sent as its characters.
    func send(_ keys: String...) {
        record { try tmux(["send-keys", "-t", target] + keys) }
    }

    /// Types `text` literally (`send-keys -l`). "\n" is a line feed, not Enter (Enter is "\r" or `send("Enter")`).
    func type(_ text: String) {
        record { try tmux("send-keys", "-t", target, "-l", "--", text) }
    }

    // MARK: screen

    /// The visible screen as text (`capture-pane -p`): trailing spaces of each line and trailing blank lines trimmed.
    /// After the program has ended: the screen it left, without tmux's "Pane is dead" line (the top line is lost only
    /// if the program ended on the alternate screen, which keeps no history).
    func capture() -> String {
        do { return try screen() } catch { Issue.record("\(error)"); return "" }
    }

    /// The visible screen with SGR escape sequences for colours and attributes (`capture-pane -p -e`).
    func captureWithColors() -> String {
        do { return try screen(colors: true) } catch { Issue.record("\(error)"); return "" }
    }

    /// Polls the screen until it contains `text`; returns that screen. On timeout throws an error whose message holds
    /// the last screen. The timeout only bounds a hang; it is not a timing assertion.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitUntil(timeout: timeout, what: "\"\(text)\"") { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds; returns that screen. On timeout throws with the last screen.
    @discardableResult
    func waitUntil(timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        try waitUntil(timeout: timeout, what: "a condition", condition)
    }

    private func waitUntil(timeout: Double, what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let current = try screen()
            if condition(current) { return current }
            if Date() >= deadline {
                throw TmuxError(description: "timed out after \(timeout) s waiting for \(what); the screen was:\n"
                    + Self.framed(current))
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    // MARK: window and process

    /// Resizes the window (and so the program's terminal) to cols x rows; the program gets SIGWINCH.
    /// Wait for its redraw with `waitFor`.
    func resize(cols: Int, rows: Int) {
        record {
            try tmux("resize-window", "-t", target, "-x", "\(cols)", "-y", "\(rows)")
            let size = try windowSize()
            if size != (cols, rows) {
                throw TmuxError(description: "resize: tmux window is \(size.cols)x\(size.rows), wanted \(cols)x\(rows)")
            }
        }
    }

    /// The window's size as tmux reports it (`#{window_width}x#{window_height}`).
    func windowSize() throws -> (cols: Int, rows: Int) {
        let text = try tmux("display-message", "-p", "-t", target, "#{window_width}x#{window_height}")
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw TmuxError(description: "tmux window size: unexpected \"\(text)\"") }
        return (parts[0], parts[1])
    }

    /// Whether the program is still running (not `#{pane_dead}`); false once the server is gone.
    var isRunning: Bool {
        (try? tmux("display-message", "-p", "-t", target, "#{pane_dead}")) == "0"
    }

    /// Waits for the program to end and returns its exit status (`#{pane_dead_status}`), or 128 + the signal number
    /// if a signal ended it. Throws with the last screen on timeout.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // pane_dead comes with the pty's end of file, the status only once tmux has reaped the child
            let fields = try tmux("display-message", "-p", "-t", target,
                                  "#{pane_dead} #{pane_dead_status} #{pane_dead_signal}")
                .split(separator: " ", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "1" {
                if let status = Int32(fields[1]) { return status }
                if let signal = Int32(fields[2]) { return 128 + signal }
                // dead but never reaped: libutempter may have swallowed the SIGCHLD
                if let serverPID { sendSignal(serverPID, SIGCHLD) }
            }
            if Date() >= deadline {
                throw TmuxError(description: "timed out after \(timeout) s waiting for \(command) to exit; the screen was:\n"
                    + Self.framed((try? screen()) ?? "(no screen)"))
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// The program's process id (`#{pane_pid}`), or nil if the server is gone.
    func pid() -> Int32? {
        (try? tmux("display-message", "-p", "-t", target, "#{pane_pid}")).flatMap { Int32($0) }
    }

    /// Ends the tmux server (and so the program) and removes its socket. Idempotent; also run on deinit.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux("kill-server")
        if let socketPath { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    // MARK: running tmux

    /// Runs one tmux command on this session's server; returns its standard output without the final newline.
    /// Throws with tmux's standard error if it fails. Arguments reach tmux as given (no shell, ";" escaped).
    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try tmux(chain: [arguments])
    }

    /// Runs commands as one tmux command line, joined by ";" separators.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try tmux(chain: [arguments])
    }

    @discardableResult
    private func tmux(chain: [[String]]) throws -> String {
        guard !killed || chain.first?.first == "kill-server" else {
            throw TmuxError(description: "tmux \(chain.first?.first ?? ""): the session's server \(socketName) was killed")
        }
        let line = chain.map { $0.map(Self.escapeSemicolon) }.joined(separator: [";"])
        let all = ["-u", "-f", "/dev/null", "-L", socketName] + line
        let result = try Self.run(tmuxPath, all, environment: clientEnvironment)
        guard result.status == 0 else {
            let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw TmuxError(description: "tmux \(chain.map { $0.first ?? "" }.joined(separator: " ; ")) failed (exit \(result.status)): "
                + (message.isEmpty ? "no message" : message) + "\n  command: tmux \(all.joined(separator: " "))")
        }
        var out = result.stdout
        if out.hasSuffix("\n") { out.removeLast() }
        return out
    }

    /// The visible screen; once tmux has drawn its "Pane is dead" line (which scrolls the pane up one row), the rows
    /// the program left. The state and the capture come from one tmux command line, so nothing happens in between.
    private func screen(colors: Bool = false) throws -> String {
        let text = try tmux(chain: [
            ["display-message", "-p", "-t", target, "#{pane_height} #{pane_dead}#{pane_dead_status}#{pane_dead_signal}"],
            ["capture-pane", "-p", "-t", target, "-S", "-1"] + (colors ? ["-e"] : []),
        ])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw TmuxError(description: "capture-pane: no output") }
        let state = lines.removeFirst().split(separator: " ")
        guard let rows = state.first.flatMap({ Int($0) }) else {
            throw TmuxError(description: "capture-pane: unexpected state line in \(text.debugDescription)")
        }
        // "1" followed by a status or signal: tmux has scrolled and drawn its line (fd closed and status ready)
        let drawn = state.count == 2 && state[1].count > 1 && state[1].hasPrefix("1")
        if drawn {
            lines.removeLast()  // "Pane is dead (…)"
            lines = Array(lines.prefix(rows))
        } else {
            lines = Array(lines.suffix(rows))  // without the history line -S -1 may have added
        }
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Reports a failure of a non-throwing call as a test issue, with tmux's message.
    private func record(_ body: () throws -> Void) {
        do { try body() } catch { Issue.record("\(error)") }
    }

    /// tmux splits its command line at arguments ending in ";"; "\;" at the end stands for a literal ";".
    static func escapeSemicolon(_ argument: String) -> String {
        guard argument.hasSuffix(";") else { return argument }
        return String(argument.dropLast()) + "\\;"
    }

    /// The screen between rulers, so blank lines and leading spaces show in a failure message.
    static func framed(_ screen: String) -> String {
        let rule = String(repeating: "-", count: 40)
        return "\(rule)\n\(screen)\n\(rule)"
    }

    /// The tmux executable on `searchPath` (default: `PATH`).
    static func locateTmux(searchPath: String? = nil) throws -> String {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/opt/homebrew/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TmuxError(description: "tmux is not installed (Tests/run.sh installs it)")
    }

    private final class Box: @unchecked Sendable {
        var data = Data()
    }

    /// Runs a program to its end without a shell, reading its output and error concurrently.
    ///
    /// Not `Foundation.Process`: tmux's client forks the server, and the server would inherit both Process's
    /// private termination socket (so `waitUntilExit` never returns while the server lives) and the test thread's
    /// signal mask (Dispatch workers block SIGINT, SIGTERM, SIGCHLD, SIGWINCH…; tmux hands it on to the program in
    /// the pane). So: posix_spawn with an empty signal mask, default signal actions, and every other descriptor closed.
    private static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let out = try makePipe(), err = try makePipe()
        var pid = pid_t()
        let spawnError: Int32 = withSpawnSetup(stdout: out.write, stderr: err.write) { actions, attributes in
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            return posix_spawn(&pid, executable, actions, attributes, argv, envp)
        }
        close(out.write)
        close(err.write)
        let outHandle = FileHandle(fileDescriptor: out.read, closeOnDealloc: true)
        let errHandle = FileHandle(fileDescriptor: err.read, closeOnDealloc: true)
        guard spawnError == 0 else {
            throw TmuxError(description: "could not start \(executable): \(String(cString: strerror(spawnError)))")
        }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = errHandle.readDataToEndOfFile()
            group.leave()
        }
        let outData = outHandle.readDataToEndOfFile()
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw TmuxError(description: "waitpid for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: outData, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }

    /// A pipe whose two ends close on exec.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TmuxError(description: "pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// The signals a child gets back to their default action (ignored ones survive exec otherwise).
    private static let defaultedSignals = [SIGPIPE, SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU,
                                           SIGWINCH, SIGUSR1, SIGUSR2, SIGALRM]

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np (hidden from Swift without _GNU_SOURCE).
    private static let addCloseFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Spawn settings: /dev/null in, the pipes out, nothing else inherited, clean signals.
    private static func withSpawnSetup(stdout: Int32, stderr: Int32,
                                       _ body: (UnsafePointer<posix_spawn_file_actions_t>,
                                                UnsafePointer<posix_spawnattr_t>) -> Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if let addCloseFrom {
            _ = addCloseFrom(&actions, 3)
        } else {
            // close what is open now; glibc ignores descriptors closed in the meantime
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap({ Int32($0) }) where fd > 2 {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
        }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&actions, &attributes)
    }
    #else
    /// Spawn settings: /dev/null in, the pipes out, nothing else inherited, clean signals.
    private static func withSpawnSetup(stdout: Int32, stderr: Int32,
                                       _ body: (UnsafePointer<posix_spawn_file_actions_t?>,
                                                UnsafePointer<posix_spawnattr_t?>) -> Int32) -> Int32 {
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes,
                                 Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT))
        return body(&actions, &attributes)
    }
    #endif
}

/// kill(2), out of reach of `TmuxSession.kill()` inside the class.
private func sendSignal(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}
