#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSONLinesSink: writes session records to a file descriptor, one JSON object per line.
///
/// Each record goes out in a single `write` (retried on a short write) before the call returns,
/// so a reader, or a crash, never sees half a line, and nothing the session emitted waits in a
/// buffer.
public final class JSONLinesSink {
    /// The descriptor written to.
    public let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private var writer = JSONWriter(capacity: 1024)
    /// The first write error, if any (for example a full disk).
    public private(set) var failure: Int32?

    /// Writes to an open descriptor (for example 1, standard output); does not close it.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = false
    }

    /// Opens `path` with ``OutputFile/open(_:)``: locked against another session, then emptied
    /// and set to mode 0600 (the file records a private session).
    public init(path: String) throws(SinkError) {
        fileDescriptor = try OutputFile.open(path)
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// Writes one record and its newline.
    public func write(_ record: SessionRecord) {
        writer.reset()
        record.write(to: &writer)
        writer.raw("\n")
        writeAll(writer.bytes)
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if failure == nil { failure = errno }
                    return
                }
                offset += written
            }
        }
    }
}

/// SinkError: an events file that could not be opened.
public struct SinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path given.
    public var path: String
    /// The system error number.
    public var errno: Int32
    /// Whether another session holds the file's lock.
    public var inUse: Bool

    /// An error opening `path`.
    public init(path: String, errno: Int32, inUse: Bool = false) {
        self.path = path
        self.errno = errno
        self.inUse = inUse
    }

    /// `cannot write PATH: reason`, `PATH is in use by another linkterm session`, or, for a FIFO
    /// that no process reads, `nobody is reading the FIFO PATH`.
    public var description: String {
        if inUse { return "\(path) is in use by another linkterm session" }
        if errno == ENXIO { return "nobody is reading the FIFO \(path) (start its reader first)" }
        return "cannot write \(path): \(String(cString: strerror(errno)))"
    }
}

/// `write(2)`, named apart from ``JSONLinesSink/write(_:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
