// CastRecorder.swift: writes what the terminal was sent as an asciicast v2 recording.

import Foundation
import LinkKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CastRecorderError: a recording file that could not be created or written.
public struct CastRecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The recording's path.
    public var path: String
    /// What failed: `create`, `lock` (another session holds the file) or `write`.
    public var operation: String
    /// The system error number.
    public var errno: Int32
    /// For `write`: what went wrong (a write error, or a reader that stopped reading).
    public var outputFailure: OutputFailure?

    /// An error doing `operation` on the recording at `path`.
    public init(path: String, operation: String, errno: Int32, outputFailure: OutputFailure? = nil) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.outputFailure = outputFailure
    }

    /// `cannot create recording PATH: reason`.
    public var description: String {
        if let outputFailure { return "recording \(path): \(outputFailure)" }
        if operation == "lock" { return "\(path) is in use by another linkterm session" }
        if errno == ENXIO { return "nobody is reading the FIFO \(path) (start its reader first)" }
        return "cannot \(operation) recording \(path): \(String(cString: strerror(errno)))"
    }
}

/// CastRecorder: writes an asciicast v2 file
/// (https://docs.asciinema.org/manual/asciicast/v2/) from the bytes sent to
/// the terminal (`TerminalScreen.takeCapturedOutput()`), for `asciinema play`.
///
/// The file is one JSON header line, then one event per line:
/// `[time, "o", "text"]` for output and `[time, "r", "WxH"]` for a resize,
/// with times in seconds since the start (never going back, microsecond
/// precision). Input ("i") events are never written: nothing typed is stored.
///
/// Each line goes through an ``OutputQueue``: in a regular file it is written
/// before the call returns (no buffering), so a killed process leaves a valid
/// recording of what was sent until then; a slow reader of a pipe never makes
/// the UI wait (a bounded queue, see ``queueLimit``). Output is decoded as UTF-8: a character split across two
/// chunks is held back and written whole, invalid bytes become U+FFFD.
///
/// Not `Sendable`: one thread (the UI loop) owns it.
public final class CastRecorder {
    /// The recording's path.
    public let path: String
    /// The wall-clock time of time 0 (the header's `timestamp`).
    public let startTime: Date
    /// The most bytes of recording that may wait for a slow reader.
    public static let queueLimit = 1024 * 1024
    /// How long ``close()`` waits for a slow reader to take what is left.
    public static let drainTimeout: Duration = .seconds(2)

    /// The first error writing the file (for example a full disk, or a reader
    /// that stopped reading); nothing more is written after a write error.
    public var failure: CastRecorderError? {
        queue.failure.map { CastRecorderError(path: path, operation: "write", errno: 0, outputFailure: $0) }
    }
    /// Called once, possibly on another thread, when writing fails (to wake the UI).
    public var onFailure: (@Sendable () -> Void)? {
        get { queue.onFailure }
        set { queue.onFailure = newValue }
    }
    /// Whether `close()` was called.
    public private(set) var isClosed = false
    /// After ``close()``: how many lines could not be written.
    public private(set) var unwrittenLines = 0

    private let queue: OutputQueue
    /// The monotonic time of time 0, for `elapsed`.
    private let clockStart = ContinuousClock.now
    /// The start of a UTF-8 sequence cut by the end of the last chunk.
    private var pendingBytes: [UInt8] = []
    /// The time of the last event, in microseconds.
    private var lastMicroseconds: Int64 = 0
    private var line: [UInt8] = []
    private var stringWriter = JSONWriter(capacity: 4096)

    /// Opens `path` with ``OutputFile/open(_:)`` (locked against another
    /// session, then emptied, mode 0600: a recording shows the session) and
    /// writes the header, as ``init(fileDescriptor:path:width:height:term:title:startTime:)``.
    /// - Throws: `CastRecorderError` naming the path.
    public convenience init(
        path: String, width: Int, height: Int, term: String?, title: String?, startTime: Date = Date()
    ) throws(CastRecorderError) {
        try self.init(fileDescriptor: try Self.open(path), path: path, width: width, height: height,
                      term: term, title: title, startTime: startTime)
    }

    /// Opens `path` for a recording with ``OutputFile/open(_:)``; returns the descriptor.
    /// - Throws: `CastRecorderError` naming the path (`lock` when another session holds it).
    public static func open(_ path: String) throws(CastRecorderError) -> Int32 {
        do {
            return try OutputFile.open(path)
        } catch {
            throw CastRecorderError(path: path, operation: error.inUse ? "lock" : "create", errno: error.errno)
        }
    }

    /// Writes a recording to `fileDescriptor` (opened with ``open(_:)``; the recorder closes
    /// it), starting with the header: `width` x `height` cells, the start as `timestamp`,
    /// `TERM` in `env` if `term` is given (`SHELL` is left out), and `title` if given.
    /// - Throws: `CastRecorderError` naming the path.
    public init(
        fileDescriptor fd: Int32, path: String, width: Int, height: Int, term: String?, title: String?,
        startTime: Date = Date()
    ) throws(CastRecorderError) {
        self.path = path
        self.startTime = startTime
        queue = OutputQueue(fileDescriptor: fd, limit: Self.queueLimit)

        var header = Array(#"{"version":2,"width":"#.utf8)
        header += Array(String(max(1, width)).utf8)
        header += Array(#","height":"#.utf8)
        header += Array(String(max(1, height)).utf8)
        header += Array(#","timestamp":"#.utf8)
        header += Array(String(Int64(startTime.timeIntervalSince1970.rounded(.down))).utf8)
        if let term {
            header += Array(#","env":{"TERM":"#.utf8)
            header += jsonString(term)
            header.append(UInt8(ascii: "}"))
        }
        if let title {
            header += Array(#","title":"#.utf8)
            header += jsonString(title)
        }
        header += Array("}\n".utf8)
        queue.append(header)
        if case .system(let errno)? = queue.failure {
            _ = queue.finish(within: .zero)
            isClosed = true
            throw CastRecorderError(path: path, operation: "write", errno: errno)
        }
    }

    deinit {
        close()
    }

    /// Seconds since the recorder was created, on a monotonic clock: the
    /// `at` to give `output` and `resize` for something happening now.
    public var elapsed: TimeInterval {
        let duration = ContinuousClock.now - clockStart
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }

    /// Writes an output event: `bytes` sent to the terminal at `time`
    /// seconds since the start. An incomplete UTF-8 sequence at the end is
    /// kept for the next call; nothing is written if nothing else is left.
    public func output(_ bytes: [UInt8], at time: TimeInterval) {
        guard !isClosed, !bytes.isEmpty else { return }
        var data = pendingBytes
        data += bytes
        let cut = Self.completePrefixLength(data)
        pendingBytes = Array(data[cut...])
        guard cut > 0 else { return }
        writeEvent(code: "o", text: String(decoding: data[..<cut], as: UTF8.self), at: time)
    }

    /// Writes a resize event: the terminal is now `width` x `height` cells.
    public func resize(width: Int, height: Int, at time: TimeInterval) {
        guard !isClosed else { return }
        writeEvent(code: "r", text: "\(max(1, width))x\(max(1, height))", at: time)
    }

    /// Writes what is left of a cut UTF-8 sequence (as U+FFFD), waits at most
    /// ``drainTimeout`` for a slow reader, and closes the file (see
    /// ``unwrittenLines``). Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        if !pendingBytes.isEmpty {
            let text = String(decoding: pendingBytes, as: UTF8.self)
            pendingBytes = []
            writeEvent(code: "o", text: text, at: Double(lastMicroseconds) / 1e6)
        }
        isClosed = true
        unwrittenLines = queue.finish(within: Self.drainTimeout).unwrittenLines
    }

    /// The length of the longest prefix of `data` that does not end inside a
    /// UTF-8 sequence that more bytes could still complete.
    static func completePrefixLength(_ data: [UInt8]) -> Int {
        let count = data.count
        var index = count - 1
        // Find the last byte that is not a continuation byte, at most 3 back.
        while index >= 0, index >= count - 4, data[index] & 0xC0 == 0x80 { index -= 1 }
        guard index >= 0, index >= count - 4 else { return count }
        let lead = data[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return count  // ASCII or a byte no sequence starts with
        }
        return count - index < length ? index : count
    }

    /// Writes `[time, "code", "text"]` and a newline.
    private func writeEvent(code: StaticString, text: String, at time: TimeInterval) {
        var micros = lastMicroseconds
        if time.isFinite, time > 0 {
            micros = time >= 9e12 ? Int64(9e18) : Int64((time * 1e6).rounded())
        }
        micros = max(micros, lastMicroseconds)
        lastMicroseconds = micros

        line.removeAll(keepingCapacity: true)
        line.append(UInt8(ascii: "["))
        line += Array(String(micros / 1_000_000).utf8)
        line.append(UInt8(ascii: "."))
        let fraction = Array(String(micros % 1_000_000).utf8)
        line += repeatElement(UInt8(ascii: "0"), count: 6 - fraction.count)
        line += fraction
        line += Array(#", ""#.utf8)
        code.withUTF8Buffer { line += $0 }
        line += Array(#"", "#.utf8)
        line += jsonString(text)
        line += Array("]\n".utf8)
        queue.append(line)
    }

    /// `text` as a JSON string (no control character left unescaped).
    private func jsonString(_ text: String) -> [UInt8] {
        stringWriter.reset()
        stringWriter.string(text)
        return stringWriter.bytes
    }
}
