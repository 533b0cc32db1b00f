#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// OutputFile: opens a path that a session writes (the events file, the recording).
///
/// The file is opened without truncating it, locked (`flock`, exclusive, without waiting) so
/// that a second linkterm session given the same file is refused and the file left untouched,
/// and only then emptied and set to mode 0600 (it records a private session). A FIFO is
/// opened without waiting for a reader: with none, the open fails at once (`ENXIO`) instead of
/// hanging before the first frame. Devices
/// (`/dev/null`, `/dev/full`) are written as they are: neither locked, emptied nor chmod-ed.
public enum OutputFile {
    /// Opens `path` for writing as described above; returns the descriptor (close-on-exec).
    /// - Throws: ``SinkError`` naming the path (in use, or the system's reason).
    public static func open(_ path: String) throws(SinkError) -> Int32 {
        let fd = systemOpen(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw SinkError(path: path, errno: errno) }
        // writes block as usual (a writer that must not wait sets O_NONBLOCK itself)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let error = errno
            close(fd)
            throw SinkError(path: path, errno: error)
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFREG || type == S_IFIFO {
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let error = errno
                close(fd)
                throw SinkError(path: path, errno: error, inUse: error == EWOULDBLOCK)
            }
        }
        if type == S_IFREG {
            if ftruncate(fd, 0) != 0 {
                let error = errno
                close(fd)
                throw SinkError(path: path, errno: error)
            }
            _ = fchmod(fd, 0o600)  // an existing file keeps its mode otherwise
        }
        return fd
    }

    /// Whether `fd` is a regular file (one that can be truncated back after a failed write).
    public static func isRegularFile(_ fd: Int32) -> Bool {
        var status = stat()
        return fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}

/// `open(2)`, named apart from ``OutputFile/open(_:)``.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
