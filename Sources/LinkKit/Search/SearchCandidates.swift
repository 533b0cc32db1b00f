/// SearchCandidates: the institutions a query matched (ascending indices), kept to narrow the
/// next query typed after it (appending a character can only narrow the set).
///
/// Compact whatever the query: a sorted list of 4-byte indices while that is the smaller, one bit
/// per institution of the directory (an eighth of a byte a name) once more than one name in 32
/// matches. A query most names match (`bank`) so costs an eighth of a byte a name, not eight.
public struct SearchCandidates: Sendable, Equatable {
    enum Storage: Sendable, Equatable {
        /// The indices, ascending.
        case list([UInt32])
        /// Bit `i % 64` of word `i / 64` set for each index `i`.
        case bits([UInt64])
    }

    let storage: Storage
    /// How many institutions are in the set.
    public let count: Int

    /// Whether no institution is in the set.
    public var isEmpty: Bool { count == 0 }

    /// The indices, ascending (an array of them: for tests and small sets).
    public var indices: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }

    /// Calls `body` with each index, ascending.
    @inline(__always)
    func forEach(_ body: (Int) -> Void) {
        switch storage {
        case .list(let list):
            for index in list { body(Int(index)) }
        case .bits(let words):
            for (at, word) in words.enumerated() {
                var rest = word
                while rest != 0 {
                    body(at << 6 | rest.trailingZeroBitCount)
                    rest &= rest &- 1
                }
            }
        }
    }

    /// The bytes the set takes (for tests of its memory).
    var byteCount: Int {
        switch storage {
        case .list(let list): list.count * 4
        case .bits(let words): words.count * 8
        }
    }
}

/// CandidateBuilder: gathers ascending indices below `total` into ``SearchCandidates``, as a list
/// until the list would outgrow the bits, then as bits.
struct CandidateBuilder {
    /// How many institutions the directory has (the bits' length).
    let total: Int
    private var list: [UInt32] = []
    private var words: [UInt64] = []
    private var usesBits = false
    private(set) var count = 0

    init(total: Int) {
        self.total = total
    }

    /// The list's most entries: past them the bits (total / 8 bytes) are the smaller.
    private var listLimit: Int { max(16, total / 32) }

    /// Adds `index`, greater than every index added before.
    @inline(__always)
    mutating func append(_ index: Int) {
        count += 1
        if usesBits {
            words[index >> 6] |= 1 << UInt64(index & 63)
            return
        }
        list.append(UInt32(truncatingIfNeeded: index))
        if list.count > listLimit { switchToBits() }
    }

    private mutating func switchToBits() {
        words = [UInt64](repeating: 0, count: (total + 63) >> 6)
        for index in list { words[Int(index) >> 6] |= 1 << UInt64(index & 63) }
        list = []
        usesBits = true
    }

    /// Adds every index of `other`, all greater than the ones here (the next part of the directory).
    mutating func append(contentsOf other: CandidateBuilder) {
        if !other.usesBits {
            for index in other.list { append(Int(index)) }
            return
        }
        if !usesBits { switchToBits() }
        for (at, word) in other.words.enumerated() where word != 0 { words[at] |= word }
        count += other.count
    }

    /// The set.
    func build() -> SearchCandidates {
        SearchCandidates(storage: usesBits ? .bits(words) : .list(list), count: count)
    }
}
