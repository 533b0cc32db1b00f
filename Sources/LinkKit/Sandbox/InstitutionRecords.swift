/// InstitutionRecords: a directory's institutions, stored compactly and read as records.
///
/// Every id and name lives in one UTF-8 byte buffer, with offsets, and the flags of each
/// institution in one byte, so 100,000 institutions cost a handful of allocations rather than
/// hundreds of thousands of strings. A record is built when it is read (`records[i]`), which is
/// what a screen of results or a selection needs.
public struct InstitutionRecords: RandomAccessCollection, Hashable, Sendable {
    /// Each institution's id then its name, back to back.
    private(set) var text: [UInt8] = []
    /// Offsets into `text`: institution `i`'s id is `bounds[2i]..<bounds[2i+1]`, its name
    /// `bounds[2i+1]..<bounds[2i+2]`.
    private(set) var bounds: [UInt32] = [0]
    /// One byte of flags per institution (see `Flag`).
    private(set) var flags: [UInt8] = []

    enum Flag {
        static let oauth: UInt8 = 1
        static let unsupported: UInt8 = 2
        static let popular: UInt8 = 4
        static let degraded: UInt8 = 8
        static let down: UInt8 = 16
        /// The id or the name has bytes beyond ASCII (search folds them on their own).
        static let nonASCII: UInt8 = 32
    }

    /// No institutions.
    public init() {}

    /// The institutions of `records`, in order.
    public init(_ records: some Sequence<InstitutionRecord>) {
        for record in records { append(record) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { flags.count }

    /// The institution at `position`, as a record.
    public subscript(position: Int) -> InstitutionRecord {
        let bits = flags[position]
        return InstitutionRecord(
            id: id(at: position), name: name(at: position), oauth: bits & Flag.oauth != 0,
            status: bits & Flag.down != 0 ? .down : bits & Flag.degraded != 0 ? .degraded : .healthy,
            supported: bits & Flag.unsupported == 0, popular: bits & Flag.popular != 0)
    }

    /// The id of the institution at `position`.
    public func id(at position: Int) -> String { string(bounds[2 * position], bounds[2 * position + 1]) }

    /// The name of the institution at `position`.
    public func name(at position: Int) -> String { string(bounds[2 * position + 1], bounds[2 * position + 2]) }

    /// Whether the institution at `position` is listed before the user types.
    public func isPopular(at position: Int) -> Bool { flags[position] & Flag.popular != 0 }

    private func string(_ start: UInt32, _ end: UInt32) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self) }
    }

    /// Calls `body` with the text buffer and the offsets (see `bounds`), for indexing without copies.
    func withStorage<Result>(
        _ body: (_ text: UnsafeBufferPointer<UInt8>, _ bounds: UnsafeBufferPointer<UInt32>) throws -> Result
    ) rethrows -> Result {
        try text.withUnsafeBufferPointer { text in try bounds.withUnsafeBufferPointer { try body(text, $0) } }
    }

    /// Adds an institution.
    mutating func append(_ record: InstitutionRecord) {
        var bits: UInt8 = 0
        if record.oauth { bits |= Flag.oauth }
        if !record.supported { bits |= Flag.unsupported }
        if record.popular { bits |= Flag.popular }
        switch record.status {
        case .healthy: break
        case .degraded: bits |= Flag.degraded
        case .down: bits |= Flag.down
        }
        if !record.id.utf8.allSatisfy({ $0 < 128 }) || !record.name.utf8.allSatisfy({ $0 < 128 }) { bits |= Flag.nonASCII }
        text.append(contentsOf: record.id.utf8)
        bounds.append(UInt32(text.count))
        text.append(contentsOf: record.name.utf8)
        bounds.append(UInt32(text.count))
        flags.append(bits)
    }

    /// Adds a healthy, supported institution from the UTF-8 bytes of its name (already clean;
    /// `ascii` when none is beyond ASCII), with the id `prefix` (ASCII) followed by `digits`.
    mutating func append(name: UnsafeBufferPointer<UInt8>, ascii: Bool, idPrefix prefix: StaticString, digits: [UInt8]) {
        prefix.withUTF8Buffer { text.append(contentsOf: $0) }
        text.append(contentsOf: digits)
        bounds.append(UInt32(text.count))
        text.append(contentsOf: name)
        bounds.append(UInt32(text.count))
        flags.append(ascii ? 0 : Flag.nonASCII)
    }

    /// Room for `count` institutions of about `bytes` bytes of text in all.
    mutating func reserveCapacity(institutions count: Int, bytes: Int) {
        text.reserveCapacity(bytes)
        bounds.reserveCapacity(2 * count + 1)
        flags.reserveCapacity(count)
    }
}
