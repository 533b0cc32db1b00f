#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSONLinesSink: writes session records to a file descriptor, one JSON object per line.
///
/// A file named by path (`--events`) is written through an ``OutputQueue``: a record is in a
/// regular file when `write` returns, a slow reader of a pipe never makes the caller wait, and a
/// failure (a full disk, a reader gone or stalled) is known at once (``failure``,
/// ``onFailure``). An open descriptor (standard output, for `replay`) is written directly, each
/// record in full before `write` returns. Either way a file keeps only complete lines: after a
/// failed write it is cut back to the end of the last whole record.
public final class JSONLinesSink {
    /// The most bytes of records that may wait for a slow reader of the events file.
    public static let queueLimit = 64 * 1024
    /// How long ``finish()`` waits for a slow reader to take what is left.
    public static let drainTimeout: Duration = .seconds(2)

    /// The descriptor written to.
    public let fileDescriptor: Int32
    private let queue: OutputQueue?
    private var writer = JSONWriter(capacity: 1024)
    private var directFailure: OutputFailure?
    private var directCommitted: off_t
    private var finished: (failure: OutputFailure?, unwrittenLines: Int)?

    /// Writes to an open descriptor (for example 1, standard output); does not close it.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        queue = nil
        directCommitted = OutputFile.isRegularFile(fileDescriptor) ? lseek(fileDescriptor, 0, SEEK_CUR) : -1
    }

    /// Opens `path` with ``OutputFile/open(_:)``: locked against another session, then emptied
    /// and set to mode 0600 (the file records a private session).
    public init(path: String) throws(SinkError) {
        fileDescriptor = try OutputFile.open(path)
        queue = OutputQueue(fileDescriptor: fileDescriptor, limit: Self.queueLimit)
        directCommitted = -1
    }

    deinit {
        _ = finish()
    }

    /// The first failure, if any: writing failed, or the reader stopped reading.
    public var failure: OutputFailure? {
        queue?.failure ?? directFailure
    }

    /// Called once, possibly on another thread, when writing fails (to wake the UI).
    public var onFailure: (@Sendable () -> Void)? {
        get { queue?.onFailure }
        set { queue?.onFailure = newValue }
    }

    /// Writes one record and its newline.
    public func write(_ record: some JSONLineRecord) {
        guard finished == nil else { return }
        writer.reset()
        record.write(to: &writer)
        send()
    }

    /// The writer's bytes and a newline to the file.
    private func send() {
        writer.raw("\n")
        if let queue {
            queue.append(writer.bytes)
        } else if directFailure == nil {
            writeDirectly(writer.bytes)
        }
    }

    /// Writes what waits (waiting at most ``drainTimeout`` for a slow reader) and closes a file
    /// opened by path. Returns the first failure and how many records could not be written.
    @discardableResult
    public func finish() -> (failure: OutputFailure?, unwrittenLines: Int) {
        if let finished { return finished }
        let result = queue?.finish(within: Self.drainTimeout) ?? (directFailure, 0)
        finished = result
        return result
    }

    private func writeDirectly(_ bytes: [UInt8]) {
        switch DescriptorWrite.writeAll(bytes, to: fileDescriptor) {
        case .done:
            if directCommitted >= 0 { directCommitted += off_t(bytes.count) }
        case .wouldBlock:
            failDirectly(errno: EAGAIN)
        case .failed(let error):
            failDirectly(errno: error)
        }
    }

    /// Records a failed direct write and cuts a regular file back to its last complete line.
    private func failDirectly(errno error: Int32) {
        directFailure = .system(errno: error)
        if directCommitted >= 0 { _ = ftruncate(fileDescriptor, directCommitted) }
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
