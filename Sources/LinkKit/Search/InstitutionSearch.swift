/// SearchMatch: one ranked search result.
public struct SearchMatch: Hashable, Sendable {
    /// The institution's index in the directory.
    public var index: Int
    /// The score; higher ranks first.
    public var score: Int
    /// The indices of the name's characters that matched the query (for highlighting).
    public var highlighted: [Int]
}

/// InstitutionSearch: ranks a directory's institutions against a query as the user types.
///
/// Every space-separated word of the query must match the name or the id, ignoring case and
/// accents. Whole-word and word-start matches rank above matches inside a word, a name that
/// starts with the query ranks above all, initials (`fpb`) match too, and ties go to the
/// shorter name, then to directory order.
public struct InstitutionSearch: Sendable {
    struct Entry: Sendable {
        var name: [UInt8]
        var characterOfByte: [Int32]
        var wordStarts: [Int32]
        var initials: [UInt8]
        var id: [UInt8]
        var nameLength: Int
    }

    /// The directory searched.
    public let directory: InstitutionDirectory
    let entries: [Entry]

    /// Indexes a directory (folds every name once).
    public init(directory: InstitutionDirectory) {
        self.directory = directory
        entries = directory.records.map { record in
            let (bytes, map) = TextFolding.foldWithMap(record.name)
            var starts: [Int32] = []
            var initials: [UInt8] = []
            var previousIsWordByte = false
            for (offset, byte) in bytes.enumerated() {
                let isWordByte = Self.isWordByte(byte)
                if isWordByte && !previousIsWordByte {
                    starts.append(Int32(offset))
                    initials.append(byte)
                }
                previousIsWordByte = isWordByte
            }
            return Entry(name: bytes, characterOfByte: map, wordStarts: starts, initials: initials,
                         id: TextFolding.foldedBytes(record.id), nameLength: record.name.count)
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...122).contains(byte) || byte >= 128
    }

    /// The ranked matches for `query`, best first, at most `limit`. An empty query gives none.
    public func search(_ query: String, limit: Int = 50) -> [SearchMatch] {
        search(query, among: nil, limit: limit).matches
    }

    /// Like ``search(_:limit:)``, looking only at `candidates` (the `matching` of a query this one
    /// extends: appending a character can only narrow the set, so nothing else is rescanned).
    /// Returns the best `limit` matches and every index that matched.
    public func search(_ query: String, among candidates: [Int]?, limit: Int) -> (matches: [SearchMatch], matching: [Int]) {
        let folded = TextFolding.foldedBytes(query)
        let words = folded.split(whereSeparator: { !Self.isWordByte($0) && $0 != 95 }).map(Array.init)
        guard !words.isEmpty else { return ([], []) }
        let whole = Array(folded.drop { $0 == 32 })
        var matching: [Int] = []
        var ranked: [(score: Int, index: Int)] = []
        func consider(_ index: Int) {
            let entry = entries[index]
            guard let points = quickScore(entry, words: words, whole: whole) else { return }
            matching.append(index)
            ranked.append((points, index))
        }
        if let candidates {
            for index in candidates { consider(index) }
        } else {
            for index in entries.indices { consider(index) }
        }
        // the best `limit`, by score, then shorter name, then directory order
        let better: ((score: Int, index: Int), (score: Int, index: Int)) -> Bool = { a, b in
            if a.score != b.score { return a.score > b.score }
            let la = entries[a.index].nameLength, lb = entries[b.index].nameLength
            if la != lb { return la < lb }
            return a.index < b.index
        }
        let top: [(score: Int, index: Int)]
        if ranked.count > limit * 4 {
            var heap: [(score: Int, index: Int)] = []
            heap.reserveCapacity(limit + 1)
            for item in ranked {
                if heap.count < limit {
                    heap.append(item)
                    if heap.count == limit { heap.sort(by: better) }
                } else if better(item, heap[limit - 1]) {
                    var at = limit - 1
                    heap[at] = item
                    while at > 0 && better(heap[at], heap[at - 1]) {
                        heap.swapAt(at, at - 1)
                        at -= 1
                    }
                }
            }
            top = heap.count < limit ? heap.sorted(by: better) : heap
        } else {
            top = Array(ranked.sorted(by: better).prefix(limit))
        }
        let matches = top.compactMap { score(entries[$0.index], words: words, whole: whole, index: $0.index) }
        return (matches, matching)
    }

    /// The score of an entry, without working out highlights; `nil` when it does not match.
    func quickScore(_ entry: Entry, words: [[UInt8]], whole: [UInt8]) -> Int? {
        var total = 0
        var allMatched = true
        for word in words {
            if let (points, _) = bestOccurrence(of: word, in: entry) {
                total += points
            } else if startsWith(entry.id, word) {
                total += entry.id == word ? 90 : 40
            } else {
                allMatched = false
                break
            }
        }
        if !allMatched {
            let compact = Array(words.joined())
            guard words.count == 1, compact.count >= 2, startsWith(entry.initials, compact) else { return nil }
            total = compact.count == entry.initials.count ? 70 : 50
        }
        if startsWith(entry.name, whole) {
            total += 200
        } else if find(whole, in: entry.name, from: 0) != nil {
            total += 40
        }
        return total
    }

    /// A match with its highlights (the name's characters that matched), for a shown result.
    func score(_ entry: Entry, words: [[UInt8]], whole: [UInt8], index: Int) -> SearchMatch? {
        guard let total = quickScore(entry, words: words, whole: whole) else { return nil }
        var highlightedBytes: [Int] = []
        for word in words {
            if let (_, at) = bestOccurrence(of: word, in: entry) {
                highlightedBytes.append(contentsOf: at..<(at + word.count))
            } else if !startsWith(entry.id, word) {
                // matched by initials
                highlightedBytes = entry.wordStarts.prefix(words.joined().count).map(Int.init)
                break
            }
        }
        var characters = Set<Int>()
        for byte in highlightedBytes where byte < entry.characterOfByte.count {
            characters.insert(Int(entry.characterOfByte[byte]))
        }
        return SearchMatch(index: index, score: total, highlighted: characters.sorted())
    }

    /// The best place `word` occurs in the name: at a word start (a whole word scores most) or inside a word.
    func bestOccurrence(of word: [UInt8], in entry: Entry) -> (Int, Int)? {
        var best: (Int, Int)?
        for start in entry.wordStarts {
            let at = Int(start)
            guard at + word.count <= entry.name.count, entry.name[at..<(at + word.count)].elementsEqual(word) else { continue }
            let end = at + word.count
            let wholeWord = end == entry.name.count || !Self.isWordByte(entry.name[end])
            let points = (wholeWord ? 100 : 80) + (at == 0 ? 20 : 0)
            if best == nil || points > best!.0 { best = (points, at) }
        }
        if best == nil, let at = find(word, in: entry.name, from: 0) { best = (20, at) }
        return best
    }

    func startsWith(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        needle.count <= haystack.count && haystack[0..<needle.count].elementsEqual(needle)
    }

    func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        var at = from
        while at + needle.count <= haystack.count {
            if haystack[at] == needle[0] && haystack[at..<(at + needle.count)].elementsEqual(needle) { return at }
            at += 1
        }
        return nil
    }
}
