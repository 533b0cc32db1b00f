import Foundation

/// FileReading: the bytes of a file an option names (a theme, `--institutions`, `--script`, a
/// scenario, `--profile`, the Mesh store, `--authorized-keys`), read the one way, so every
/// option that reads a file says exactly why it could not: the system's own reason (no such
/// file, a loop of symbolic links, permission denied, a directory), not a regular file (a FIFO,
/// a device, a socket), or too large. Nothing waits: the type is looked at before the file is
/// opened, and the file is opened without blocking and looked at again (`fstat`) before a
/// byte is read; only a reader that accepts pipes (``read(_:limit:acceptsPipes:)``) opens a
/// FIFO for reading, and then waits for its writer as `cat` would.
public enum FileReading {
    /// Why a file could not be read.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        public enum Kind: Equatable, Sendable {
            /// The system refused: its error number (`ENOENT`, `ELOOP`, `EACCES`, `EISDIR`…).
            case system(Int32)
            /// Not a regular file: what it is (`a FIFO (named pipe)`, `a character device`…).
            case notRegular(String)
            /// Larger than the limit: its size when known (a regular file's), else `nil`.
            case tooLarge(Int?)
        }

        /// The path given.
        public var path: String
        /// What went wrong.
        public var kind: Kind
        /// The most bytes the reader takes.
        public var limit: Int

        /// The reason, for a person: `No such file or directory`, `Too many levels of symbolic
        /// links`, `Permission denied`, `not a regular file: a FIFO (named pipe)`, `too large:
        /// 2000000 bytes; the limit is 1 MiB (1048576 bytes)`.
        public var reason: String {
            switch kind {
            case .system(let code): String(cString: strerror(code))
            case .notRegular(let what): "not a regular file: \(what)"
            case .tooLarge(let size?): "too large: \(size) bytes; the limit is \(FileReading.describe(limit))"
            case .tooLarge(nil): "too large: more than \(FileReading.describe(limit))"
            }
        }

        /// `PATH: reason`.
        public var description: String { "\(path): \(reason)" }
    }

    /// The bytes of the regular file at `path` (or, with `acceptsPipes`, of a FIFO), at most
    /// `limit` of them; throws ``Failure`` with the exact reason otherwise.
    public static func read(_ path: String, limit: Int, acceptsPipes: Bool = false) throws(Failure) -> [UInt8] {
        func failure(_ kind: Failure.Kind) -> Failure { Failure(path: path, kind: kind, limit: limit) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(.system(errno)) }
        try check(status, acceptsPipes: acceptsPipes, limit: limit, failure)
        let isPipe = status.st_mode & S_IFMT == S_IFIFO
        // a FIFO accepted is opened as a reader waits for its writer; anything else never blocks
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (isPipe ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw failure(.system(errno)) }
        defer { close(fd) }
        guard fstat(fd, &status) == 0 else { throw failure(.system(errno)) }
        try check(status, acceptsPipes: acceptsPipes, limit: limit, failure)  // the file opened, if it changed since
        let expected = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        return try readAll(fd, expected: expected, limit: limit, failure)
    }

    /// Refuses what is not a regular file (or an accepted FIFO) and a regular file over `limit`.
    private static func check(_ status: stat, acceptsPipes: Bool, limit: Int,
                              _ failure: (Failure.Kind) -> Failure) throws(Failure) {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if Int(status.st_size) > limit { throw failure(.tooLarge(Int(status.st_size))) }
        case S_IFDIR: throw failure(.system(EISDIR))
        case S_IFIFO where acceptsPipes: break
        case S_IFIFO: throw failure(.notRegular("a FIFO (named pipe)"))
        case S_IFCHR: throw failure(.notRegular("a character device"))
        case S_IFBLK: throw failure(.notRegular("a block device"))
        case S_IFSOCK: throw failure(.notRegular("a socket"))
        default: throw failure(.notRegular("of an unknown type"))
        }
    }

    /// Reads `fd` to its end straight into the array (a regular file: its size plus one byte,
    /// to see the end), refusing more than `limit` bytes.
    private static func readAll(_ fd: Int32, expected: Int, limit: Int,
                                _ failure: (Failure.Kind) -> Failure) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var capacity = max(expected + 1, 1 << 16)
        var problem: Failure?
        while problem == nil {
            let filled = bytes.count
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                if filled > 0 { _ = buffer.initialize(from: bytes) }
                count = filled
                while count < buffer.count {
                    let got = Foundation.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        problem = failure(.system(errno))
                        return
                    }
                    if got == 0 { return }
                    count += got
                    if count > limit {
                        problem = failure(.tooLarge(nil))
                        return
                    }
                }
            }
            if bytes.count < capacity { break }  // end of file before the buffer filled up
            capacity *= 2
        }
        if let problem { throw problem }
        return bytes
    }

    /// Asks the system to back the whole 2 MiB stretches of a large buffer not yet written with
    /// huge pages: reading a file of megabytes then takes one page fault per 2 MiB instead of one
    /// per 4 KiB (measured: a 3.6 MB file read in about 1.4 ms instead of 2.2, most of it faults).
    /// Only where the system offers it (Linux's transparent huge pages, `madvise` mode); a hint:
    /// nothing changes when it is refused.
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let hugePage = 2 << 20
        guard buffer.count >= hugePage, let base = buffer.baseAddress else { return }
        let pageSize = Int(getpagesize())
        let first = (Int(bitPattern: base) + pageSize - 1) & ~(pageSize - 1)
        let last = (Int(bitPattern: base) + buffer.count) & ~(pageSize - 1)
        guard last - first >= hugePage, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(start, last - first, MADV_HUGEPAGE)
        #endif
    }

    /// `1 MiB (1048576 bytes)`, or `1000 bytes`.
    static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB (\(limit) bytes)" : "\(limit) bytes"
    }
}
