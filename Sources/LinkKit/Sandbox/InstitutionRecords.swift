/// InstitutionRecords: a directory's institutions, stored compactly and read as records.
///
/// Every name lives in one UTF-8 byte buffer, back to back, with one offset each, and the flags of
/// each institution in one byte, so 100,000 institutions cost a handful of allocations rather than
/// hundreds of thousands of strings. Ids given by the directory live in a second buffer the same
/// way; the ids of a plain list of names (`ins_custom_1`, `ins_custom_2`, …) are not stored at all
/// but made when read. A record is built when it is read (`records[i]`), which is what a screen of
/// results or a selection needs.
public struct InstitutionRecords: RandomAccessCollection, Hashable, Sendable {
    /// The names, back to back.
    private(set) var names: [UInt8] = []
    /// Offsets into `names`: institution `i`'s name is `nameStarts[i]..<nameStarts[i+1]`.
    private(set) var nameStarts: [UInt32] = [0]
    /// The ids given by the directory, back to back (empty when they are generated).
    private(set) var ids: [UInt8] = []
    /// Offsets into `ids`: institution `i`'s id is `idStarts[i]..<idStarts[i+1]` (`[0]` when the
    /// ids are generated).
    private(set) var idStarts: [UInt32] = [0]
    /// Whether the ids are `ins_custom_N`, N counting from 1 in directory order, made when read.
    private(set) var generatedIDs = false
    /// One byte of flags per institution (see `Flag`).
    private(set) var flags: [UInt8] = []

    /// The prefix of generated ids.
    static let generatedPrefix: [UInt8] = Array("ins_custom_".utf8)

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

    /// Healthy, supported institutions with generated ids, whose names are `names` (UTF-8, clean)
    /// at the offsets `starts` (one more than there are names), and `flags` (one per name).
    init(generatedIDsFor names: [UInt8], starts: [UInt32], flags: [UInt8]) {
        self.names = names
        self.nameStarts = starts
        self.flags = flags
        generatedIDs = true
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
    public func id(at position: Int) -> String {
        if generatedIDs {
            return withGeneratedID(position) { String(decoding: $0, as: UTF8.self) }
        }
        return string(ids, idStarts[position], idStarts[position + 1])
    }

    /// The name of the institution at `position`.
    public func name(at position: Int) -> String { string(names, nameStarts[position], nameStarts[position + 1]) }

    /// Calls `body` with the bytes of the generated id of institution `position` (on the stack).
    func withGeneratedID<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let prefix = Self.generatedPrefix
            for index in prefix.indices { buffer[index] = prefix[index] }
            var number = position + 1
            var digits = 0
            var scratch = number
            repeat {
                digits += 1
                scratch /= 10
            } while scratch > 0
            var at = prefix.count + digits
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(number % 10)
                number /= 10
            } while number > 0
            return body(UnsafeBufferPointer(rebasing: buffer[0..<(prefix.count + digits)]))
        }
    }

    /// Calls `body` with the bytes of the id of institution `position`.
    @inline(__always)
    func withID<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if generatedIDs { return withGeneratedID(position, body) }
        return ids.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(idStarts[position])..<Int(idStarts[position + 1])]))
        }
    }

    /// Whether the institution at `position` is listed before the user types.
    public func isPopular(at position: Int) -> Bool { flags[position] & Flag.popular != 0 }

    private func string(_ bytes: [UInt8], _ start: UInt32, _ end: UInt32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self) }
    }

    /// Calls `body` with the names buffer and their offsets (see `nameStarts`), for indexing without copies.
    func withNames<Result>(
        _ body: (_ names: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>) throws -> Result
    ) rethrows -> Result {
        try names.withUnsafeBufferPointer { names in try nameStarts.withUnsafeBufferPointer { try body(names, $0) } }
    }

    /// Calls `body` with the stored ids and their offsets (see `idStarts`; empty when generated).
    func withStoredIDs<Result>(
        _ body: (_ ids: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>) throws -> Result
    ) rethrows -> Result {
        try ids.withUnsafeBufferPointer { ids in try idStarts.withUnsafeBufferPointer { try body(ids, $0) } }
    }

    /// Adds an institution (its id is stored: not for records with generated ids).
    mutating func append(_ record: InstitutionRecord) {
        precondition(!generatedIDs, "an institution with its own id added to generated ones")
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
        ids.append(contentsOf: record.id.utf8)
        idStarts.append(UInt32(ids.count))
        names.append(contentsOf: record.name.utf8)
        nameStarts.append(UInt32(names.count))
        flags.append(bits)
    }

    /// Room for `count` institutions of about `bytes` bytes of ids and names in all.
    mutating func reserveCapacity(institutions count: Int, bytes: Int) {
        names.reserveCapacity(bytes)
        nameStarts.reserveCapacity(count + 1)
        idStarts.reserveCapacity(count + 1)
        flags.reserveCapacity(count)
    }
}
