import Foundation

/// OutputFailure: why an output (the events file, the recording) stopped taking lines.
public enum OutputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `write(2)` failed: a full disk (`ENOSPC`), a file size limit (`EFBIG`), a reader gone (`EPIPE`)…
    case system(errno: Int32)
    /// The reader did not keep up: `limit` bytes were waiting to be written.
    case stalled(limit: Int)

    /// For a person: `writing failed: No space left on device`, `the reader stopped reading …`.
    public var description: String {
        switch self {
        case .system(let errno) where errno == EPIPE: "writing failed: the reader went away (broken pipe)"
        case .system(let errno): "writing failed: \(String(cString: strerror(errno)))"
        case .stalled(let limit): "the reader stopped reading (\(limit / 1024) KiB waiting)"
        }
    }
}

/// OutputQueue: writes complete lines to a descriptor without ever making its caller (the UI
/// loop) wait.
///
/// A line is written at once when nothing waits before it and the descriptor takes it (a regular
/// file always does, so a file holds every line as soon as `append` returns); what a pipe cannot
/// take now waits in a queue that a writer thread empties as the reader reads. The queue is
/// bounded: when `limit` bytes wait, the output fails as ``OutputFailure/stalled(limit:)`` (lines
/// are still queued, up to twice the bound, so that the session's last records can follow when
/// the reader wakes up). A write error fails it as ``OutputFailure/system(errno:)``: a regular
/// file is cut back to its last complete line, and later lines are counted as not written.
/// ``finish(within:)`` drains what is left, waiting a bounded time, and says what was lost.
public final class OutputQueue: @unchecked Sendable {
    /// At exit, how long a reader that takes nothing is waited for before what is left is given up.
    public static let stallTimeout: TimeInterval = 0.5

    /// Called once, on the thread that found it, when the output fails (to wake the UI).
    public var onFailure: (@Sendable () -> Void)?

    private let fileDescriptor: Int32
    private let limit: Int
    private let isRegularFile: Bool
    private let condition = NSCondition()
    // guarded by `condition`
    private var lines: [[UInt8]] = []
    private var head = 0
    private var headOffset = 0
    private var queuedBytes = 0
    private var committed: Int64 = 0
    private var writerBusy = false
    private var threadRunning = false
    private var finishing = false
    private var abandoned = false
    private var firstFailure: OutputFailure?
    private var lost = 0

    /// Writes to `fileDescriptor` (which it sets non-blocking, and closes in ``finish(within:)``);
    /// at most `limit` bytes wait for a slow reader.
    public init(fileDescriptor: Int32, limit: Int) {
        self.fileDescriptor = fileDescriptor
        self.limit = limit
        isRegularFile = OutputFile.isRegularFile(fileDescriptor)
        _ = fcntl(fileDescriptor, F_SETFL, fcntl(fileDescriptor, F_GETFL) | O_NONBLOCK)
    }

    /// The first failure, if any.
    public var failure: OutputFailure? {
        condition.lock()
        defer { condition.unlock() }
        return firstFailure
    }

    /// Writes `line` (a complete line, its newline included) now, or queues it; never waits.
    public func append(_ line: [UInt8]) {
        guard !line.isEmpty else { return }
        condition.lock()
        let failedBefore = firstFailure != nil
        enqueue(line)
        let failedNow = !failedBefore && firstFailure != nil
        condition.unlock()
        if failedNow { onFailure?() }
    }

    /// Writes what waits, for at most `timeout` (less when the reader takes nothing for
    /// ``stallTimeout``), then closes the descriptor. Returns the first
    /// failure and how many lines were not written (dropped after a write error, or still
    /// waiting for a reader when the time was up).
    public func finish(within timeout: Duration) -> (failure: OutputFailure?, unwrittenLines: Int) {
        condition.lock()
        finishing = true
        condition.broadcast()
        // wait while the reader takes something, up to `timeout`; give up sooner when it takes
        // nothing for `stallTimeout` (a stalled reader would only delay the exit)
        // measured on a monotonic clock; the condition waits in 50 ms slices, so a wall-clock
        // jump (which `wait(until:)` follows) moves no deadline
        let clock = ContinuousClock()
        let started = clock.now
        var lastProgress = started
        var lastQueued = queuedBytes
        while (head < lines.count || writerBusy) && !isBroken {
            let now = clock.now
            if queuedBytes != lastQueued {
                lastQueued = queuedBytes
                lastProgress = now
            }
            if now - started >= timeout || now - lastProgress >= .seconds(Self.stallTimeout) { break }
            _ = condition.wait(until: Date().addingTimeInterval(0.05))
        }
        if head < lines.count {
            lost += lines.count - head
            lines.removeAll()
            head = 0
            queuedBytes = 0
        }
        abandoned = true
        condition.broadcast()
        // the writer thread waits at most one poll interval before it sees `abandoned`
        let threadStarted = clock.now
        while threadRunning && clock.now - threadStarted < .seconds(1) {
            _ = condition.wait(until: Date().addingTimeInterval(0.05))
        }
        let result = (firstFailure, lost)
        let closeNow = !threadRunning
        condition.unlock()
        if closeNow { close(fileDescriptor) }
        return result
    }

    // MARK: - under the lock

    private var isBroken: Bool {
        if case .system? = firstFailure { return true }
        return false
    }

    private func enqueue(_ line: [UInt8]) {
        if isBroken || abandoned {
            lost += 1
            return
        }
        if head == lines.count && !writerBusy {
            switch DescriptorWrite.writeAll(line, to: fileDescriptor) {
            case .done:
                committed += Int64(line.count)
                return
            case .failed(let errno):
                fail(errno: errno)
                lost += 1
                return
            case .wouldBlock(let written):
                push(line, offset: written)
                return
            }
        }
        if queuedBytes + line.count > limit {
            if firstFailure == nil { firstFailure = .stalled(limit: limit) }
            if queuedBytes + line.count > 2 * limit {
                lost += 1
                return
            }
        }
        push(line, offset: 0)
    }

    private func push(_ line: [UInt8], offset: Int) {
        if head == lines.count {
            lines.removeAll(keepingCapacity: true)
            head = 0
            headOffset = offset
        }
        lines.append(line)
        queuedBytes += line.count - offset  // a non-zero offset only for a line that starts the queue
        startWriterIfNeeded()
        condition.broadcast()
    }

    /// Records a write error, cuts a regular file back to its last complete line, drops the queue.
    private func fail(errno: Int32) {
        if !isBroken { firstFailure = .system(errno: errno) }
        if isRegularFile { _ = ftruncate(fileDescriptor, off_t(committed)) }
        if head < lines.count {
            lost += lines.count - head
            lines.removeAll()
            head = 0
            queuedBytes = 0
        }
        condition.broadcast()
    }

    private func startWriterIfNeeded() {
        guard !threadRunning else { return }
        threadRunning = true
        let thread = Thread { [self] in writerLoop() }
        thread.name = "linkterm output"
        thread.start()
    }

    // MARK: - the writer thread

    private func writerLoop() {
        condition.lock()
        while true {
            while head == lines.count && !finishing && !abandoned { condition.wait() }
            if head == lines.count || abandoned || isBroken { break }
            let line = lines[head]
            let offset = headOffset
            writerBusy = true
            condition.unlock()
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 100)  // bounded, so that `finish` is never kept waiting long
            let outcome = DescriptorWrite.writeAll(line, from: offset, to: fileDescriptor)
            condition.lock()
            writerBusy = false
            var failedNow = false
            switch outcome {
            case .done:
                committed += Int64(line.count)
                queuedBytes -= line.count - offset
                head += 1
                headOffset = 0
            case .wouldBlock(let written):
                queuedBytes -= written - offset
                headOffset = written
            case .failed(let errno):
                failedNow = !isBroken
                fail(errno: errno)
            }
            condition.broadcast()
            if failedNow, let onFailure {
                condition.unlock()
                onFailure()
                condition.lock()
            }
        }
        threadRunning = false
        condition.broadcast()
        condition.unlock()
    }
}
