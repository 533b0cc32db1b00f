import CPty
import Foundation

/// WindowSize: a terminal's size in character cells, as a pty-req or window-change gives it.
public struct WindowSize: Equatable, Sendable {
    /// Rows.
    public var rows: Int
    /// Columns.
    public var columns: Int

    /// A size of `rows` by `columns`, each kept within 1...1000 (a client's 0 means "not known":
    /// 24 rows, 80 columns).
    public init(rows: Int, columns: Int) {
        self.rows = rows <= 0 ? 24 : min(rows, 1000)
        self.columns = columns <= 0 ? 80 : min(columns, 1000)
    }

    /// This size, cut to at most `limit`'s rows and columns.
    func within(_ limit: WindowSize) -> WindowSize {
        WindowSize(rows: min(rows, limit.rows), columns: min(columns, limit.columns))
    }
}

/// SessionProcess: one visitor's linkterm: a child process in a session of its own (setsid), whose
/// controlling terminal, standard input, output and error are the slave side of a new
/// pseudo-terminal. The server keeps the master side: ``master`` is handed to the relay.
final class SessionProcess: Sendable {
    /// The child's process id (also its process group and session id).
    let pid: pid_t
    /// The pty's master side, for the relay, which owns (and closes) it.
    let master: Int32
    /// A second descriptor of the master, for window size changes, closed by ``close()``.
    private let control: Int32

    private init(pid: pid_t, master: Int32, control: Int32) {
        self.pid = pid
        self.master = master
        self.control = control
    }

    /// Starts `executable` with `arguments` (argv[1...]) and exactly `environment`, on a new pty
    /// of `size`. The child's signal mask is empty and its signals have their default actions.
    /// `descriptors` maps a descriptor number of the child (3 and up) to one of the server's that
    /// it gets there (the session's end of its ``AudienceControl`` socket as 3, its events file as
    /// 4); it inherits no other descriptor beyond 0–2.
    static func spawn(executable: String, arguments: [String], environment: [String: String],
                      size: WindowSize, descriptors: [Int32: Int32] = [:]) throws -> SessionProcess {
        var name = [CChar](repeating: 0, count: 128)
        let master = cpty_open_master(&name, name.count)
        guard master >= 0 else { throw SpawnError("a pseudo-terminal", errno) }
        var winsize = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &winsize)
        let slavePath = String(decoding: name.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // opened after setsid, without O_NOCTTY: the slave becomes the child's controlling terminal
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // a source that is itself one of the targets is first moved off them (a dup2 onto itself
        // would keep close-on-exec, and one onto another source would close it before its turn)
        var moved: [Int32] = []
        defer { moved.forEach { Foundation.close($0) } }
        let targets = Set(descriptors.keys)
        for (target, original) in descriptors.sorted(by: { $0.key < $1.key }) {
            var source = original
            if targets.contains(source) || source <= 2 {
                source = fcntl(original, F_DUPFD_CLOEXEC, 10)
                moved.append(source)
            }
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        cpty_spawn_close_from(&actions, (descriptors.keys.max() ?? 2) + 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH,
                       SIGUSR1, SIGUSR2, SIGXFSZ] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, cpty_spawn_setsid_flag() | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            Foundation.close(master)
            throw SpawnError(executable, result)
        }
        let control = fcntl(master, F_DUPFD_CLOEXEC, 0)
        return SessionProcess(pid: pid, master: master, control: control)
    }

    /// Sets the pty's size; the kernel sends SIGWINCH to the child's foreground process group.
    func resize(_ size: WindowSize) {
        var winsize = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(control, UInt(TIOCSWINSZ), &winsize)
    }

    /// Sends `signal` to the child, unless it has been reaped.
    func signal(_ signal: Int32) {
        ChildReaper.shared.signal(pid, signal)
    }

    /// Whether the child has not been reaped yet.
    var isRunning: Bool { ChildReaper.shared.isRunning(pid) }

    /// Closes the window-size descriptor (once the child has been reaped).
    func close() {
        if control >= 0 { Foundation.close(control) }
    }
}

/// SpawnError: a session process could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let what: String
    let code: Int32
    init(_ what: String, _ code: Int32) {
        self.what = what
        self.code = code
    }
    var description: String { "cannot start \(what): \(String(cString: strerror(code)))" }
}
