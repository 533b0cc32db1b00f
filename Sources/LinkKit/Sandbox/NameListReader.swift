import CScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// NameListReader: a file of one institution name per line, read in place in one pass.
///
/// Each line's end is found sixteen bytes at a time (`lt_scan_line`, CScan), with whether it holds
/// a byte that is not printable ASCII; a line without (most of them) is trimmed and moved to the
/// front of the buffer as it is, in C (`lt_take_plain_lines`: a Swift loop cost about 110
/// instructions a line more), any other is checked (UTF-8) and cleaned of controls in Swift. The buffer
/// then holds the names back to back; the ids are generated (`ins_custom_1`, …), not stored.
enum NameListReader {
    static func read(_ bytes: inout [UInt8], from start: Int, file: String) throws(DirectoryError) -> InstitutionRecords {
        let total = bytes.count
        // room for as many names as the file could hold (a name and its line feed take two bytes
        // at least), at most the limit: the pages never written cost no memory
        let capacity = min((total - start) / 2 + 1, InstitutionDirectory.maximumEntries)
        var outcome: (count: Int, written: Int, failure: DirectoryError?) = (0, 0, nil)
        var flags: [UInt8] = []
        let starts = [UInt32](unsafeUninitializedCapacity: capacity + 1) { startsOut, startsCount in
            flags = [UInt8](unsafeUninitializedCapacity: capacity) { flagsOut, flagsCount in
                outcome = bytes.withUnsafeMutableBufferPointer { buffer in
                    var lines = LineWriter(buffer: buffer, starts: startsOut, flags: flagsOut, capacity: capacity, file: file)
                    lines.readAll(from: start)
                    return (lines.count, lines.written, lines.failure)
                }
                flagsCount = outcome.count
            }
            startsCount = outcome.count + 1
        }
        if let failure = outcome.failure { throw failure }
        guard outcome.count > 0 else { throw DirectoryError(file: file, message: "no institutions in the file") }
        bytes.removeLast(total - outcome.written)
        return InstitutionRecords(generatedIDsFor: bytes, starts: starts, flags: flags)
    }
}

/// LineWriter: the state of one pass of ``NameListReader``.
private struct LineWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let starts: UnsafeMutableBufferPointer<UInt32>
    let flags: UnsafeMutableBufferPointer<UInt8>
    let capacity: Int
    let file: String
    /// Names written, and the bytes they take at the front of the buffer.
    var count = 0
    var written = 0
    /// The 1-based number of the line being read.
    var line = 1
    var failure: DirectoryError? {
        didSet { failed = failure != nil }
    }
    /// Whether `failure` is set (a flag: the loop tests it for every line feed).
    private(set) var failed = false

    init(buffer: UnsafeMutableBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<UInt32>,
         flags: UnsafeMutableBufferPointer<UInt8>, capacity: Int, file: String) {
        self.buffer = buffer
        self.starts = starts
        self.flags = flags
        self.capacity = capacity
        self.file = file
        starts[0] = 0
    }

    mutating func readAll(from start: Int) {
        let total = buffer.count
        guard let base = buffer.baseAddress else { return }
        var lineStart = start
        var plain: Int32 = 0
        while lineStart < total && !failed {
            // the plain lines (most of them) in C, a line at a time in Swift from the first it leaves
            var (taken, moved, passed) = (count, written, line)
            let finished = lt_take_plain_lines(base, total, &lineStart, InstitutionDirectory.maximumNameLength,
                                               starts.baseAddress!, flags.baseAddress!, capacity, &taken, &moved, &passed)
            (count, written, line) = (taken, moved, passed)
            if finished != 0 || lineStart >= total { break }
            let end = lt_scan_line(base, total, lineStart, &plain)
            take(from: lineStart, to: end, plain: plain != 0)
            lineStart = end + 1
        }
    }

    /// The line `lineStart..<end` (without its line feed): its name, if it holds one, is written.
    private mutating func take(from lineStart: Int, to end: Int, plain: Bool) {
        defer { line += 1 }
        var first = lineStart
        var last = end
        while first < last, isBlank(buffer[first]) { first += 1 }
        while last > first, isBlank(buffer[last - 1]) { last -= 1 }
        guard first < last else { return }
        guard count < capacity else {
            failure = tooMany(file, line: line)
            return
        }
        var flag: UInt8 = 0
        if plain && last - first <= InstitutionDirectory.maximumNameLength {
            // printable ASCII, trimmed: nothing to check or clean (most names)
            if written != first { memmove(buffer.baseAddress! + written, buffer.baseAddress! + first, last - first) }
            written += last - first
        } else {
            let view = UnsafeBufferPointer(buffer)
            if let bad = firstInvalidUTF8(view, from: first, to: last) {
                let column = columnOf(bad, lineStart: lineStart, in: view)
                failure = DirectoryError(file: file, line: line, message: "not valid UTF-8 text (column \(column))")
                return
            }
            let name: String
            do {
                name = try cleanName(String(decoding: UnsafeBufferPointer(rebasing: view[first..<last]), as: UTF8.self),
                                     file: file, line: line)
            } catch {
                failure = error
                return
            }
            let utf8 = Array(name.utf8)
            // cleaning only removes or replaces characters: the name fits where it was
            precondition(utf8.count <= last - first, "a cleaned name grew")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + utf8.count)]).update(fromContentsOf: utf8)
            written += utf8.count
            if utf8.contains(where: { $0 >= 128 }) { flag = InstitutionRecords.Flag.nonASCII }
        }
        flags[count] = flag
        count += 1
        starts[count] = UInt32(written)
    }
}
