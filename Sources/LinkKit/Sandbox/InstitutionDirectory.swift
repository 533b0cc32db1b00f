import Synchronization

/// InstitutionDirectory: the institutions a session can search and select.
public struct InstitutionDirectory: Sendable {
    /// Every institution, in directory order.
    public let records: InstitutionRecords
    /// The institutions shown before the user types (the ones marked popular, else the first ten).
    public let popular: [InstitutionRecord]
    private let index: IDIndex

    /// Creates a directory; later duplicates of an id are ignored.
    public init(_ records: [InstitutionRecord]) {
        // (made by generic code with room for every id: the first set of strings made by specialised
        // code costs a search through every protocol conformance; see PreparedCollections)
        var seen = PreparedCollections.set(room: records.count, of: String.self)
        self.init(uniqueRecords: InstitutionRecords(records.filter { seen.insert($0.id).inserted }))
    }

    /// Creates a directory from records whose ids are already known to be unique (a loaded file);
    /// the id index is built on the first lookup, so loading stays cheap.
    init(uniqueRecords records: InstitutionRecords) {
        self.records = records
        let listed = records.indices.filter { records.isPopular(at: $0) }
        popular = (listed.isEmpty ? Array(records.indices.prefix(10)) : listed).map { records[$0] }
        index = IDIndex()
    }

    /// The institution with this id.
    public subscript(id: String) -> InstitutionRecord? {
        index.position(of: id, in: records).map { records[$0] }
    }

    /// The embedded sandbox directory: the sandbox institutions of Plaid's docs
    /// plus a few real banks, which the sandbox also serves.
    public static let sandbox = InstitutionDirectory(SandboxInstitutions.all)
}

/// IDIndex: a directory's id → position table (open addressing over the ids' bytes, no strings),
/// built once, on first use, by whichever thread asks.
final class IDIndex: Sendable {
    private let table = Mutex<[Int32]?>(nil)

    func position(of id: String, in records: InstitutionRecords) -> Int? {
        var id = id
        return id.withUTF8 { wanted in
            if records.generatedIDs { return Self.generatedPosition(of: wanted, count: records.count) }
            return records.withStoredIDs { text, starts in
                func idBytes(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: text[Int(starts[position])..<Int(starts[position + 1])])
                }
                return table.withLock { table -> Int? in
                    if table == nil { table = Self.build(count: records.count, idBytes: idBytes) }
                    guard let slots = table, !slots.isEmpty else { return nil }
                    let mask = slots.count - 1
                    var slot = Self.hash(wanted) & mask
                    while slots[slot] >= 0 {
                        let position = Int(slots[slot])
                        if idBytes(position).elementsEqual(wanted) { return position }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    /// The position of a generated id (`ins_custom_N`: N from 1, without leading zeros), or `nil`.
    static func generatedPosition(of id: UnsafeBufferPointer<UInt8>, count: Int) -> Int? {
        let prefix = InstitutionRecords.generatedPrefix
        guard id.count > prefix.count, id.count <= prefix.count + 7, id.starts(with: prefix),
            id[prefix.count] != UInt8(ascii: "0")
        else { return nil }
        var number = 0
        for byte in id[prefix.count...] {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number >= 1 && number <= count ? number - 1 : nil
    }

    /// A table of twice as many slots as ids (a power of two), -1 for empty; the first of
    /// duplicate ids wins.
    private static func build(count: Int, idBytes: (Int) -> UnsafeBufferPointer<UInt8>) -> [Int32] {
        guard count > 0 else { return [] }
        var size = 1
        while size < 2 * count { size <<= 1 }
        var slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for position in 0..<count {
            let bytes = idBytes(position)
            var slot = hash(bytes) & mask
            var duplicate = false
            while slots[slot] >= 0 {
                if idBytes(Int(slots[slot])).elementsEqual(bytes) {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !duplicate { slots[slot] = Int32(position) }
        }
        return slots
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: value ^ (value >> 32))
    }
}
