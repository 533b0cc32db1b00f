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
/// Every space-separated word of the query must match the name (or be a prefix of the id),
/// ignoring case and accents. Whole-word and word-start matches rank above matches inside a word,
/// a name that starts with the query ranks above all, initials (`fpb`) match too, and ties go to
/// the shorter name, then to directory order.
///
/// The index is flat: the directory's ids and names, lowercased in one pass into one byte buffer
/// that shares the directory's offsets, so 100,000 institutions cost one allocation, not hundreds
/// of thousands. The few institutions with bytes beyond ASCII are folded on their own (accents
/// off) and keep a map back to their characters (for highlighting).
public struct InstitutionSearch: Sendable {
    /// The directory searched.
    public let directory: InstitutionDirectory
    /// The directory's text (ids and names), ASCII letters lowercased.
    let lowered: [UInt8]
    /// The directory's offsets into its text (and `lowered`): id `i` is `bounds[2i]..<bounds[2i+1]`,
    /// name `i` is `bounds[2i+1]..<bounds[2i+2]`.
    let bounds: [UInt32]
    /// The directory's flags (which institutions are beyond ASCII).
    let flags: [UInt8]
    /// Folded ids and names of the institutions beyond ASCII, and for names whose bytes do not map
    /// one to one onto characters, the character of each byte.
    let folded: [Int32: FoldedInstitution]

    /// The folded form of an institution with bytes beyond ASCII.
    struct FoldedInstitution: Sendable {
        var id: [UInt8]
        var name: [UInt8]
        var characterOfByte: [Int32]?
    }

    /// Indexes a directory (folds every name once).
    public init(directory: InstitutionDirectory) {
        self.directory = directory
        let records = directory.records
        lowered = records.text.withUnsafeBufferPointer { text in
            [UInt8](unsafeUninitializedCapacity: text.count) { out, count in
                for index in 0..<text.count {
                    let byte = text[index]
                    out[index] = byte &- 65 < 26 ? byte | 0x20 : byte  // a loop the compiler vectorises
                }
                count = text.count
            }
        }
        bounds = records.bounds
        flags = records.flags
        var folded: [Int32: FoldedInstitution] = [:]
        for index in records.indices where records.flags[index] & InstitutionRecords.Flag.nonASCII != 0 {
            let name = records.name(at: index)
            let (bytes, map) = TextFolding.foldWithMap(name)
            let oneToOne = map.count == name.count && map.enumerated().allSatisfy { $0.offset == Int($0.element) }
            folded[Int32(index)] = FoldedInstitution(
                id: TextFolding.foldedBytes(records.id(at: index)), name: bytes, characterOfByte: oneToOne ? nil : map)
        }
        self.folded = folded
    }

    /// Calls `body` with the folded id and name of institution `index`.
    @inline(__always)
    func withFolded<Result>(
        _ index: Int, in text: UnsafeBufferPointer<UInt8>,
        _ body: (_ id: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if flags[index] & InstitutionRecords.Flag.nonASCII != 0, let entry = folded[Int32(index)] {
            return entry.id.withUnsafeBufferPointer { id in entry.name.withUnsafeBufferPointer { body(id, $0) } }
        }
        let id = UnsafeBufferPointer(rebasing: text[Int(bounds[2 * index])..<Int(bounds[2 * index + 1])])
        let name = UnsafeBufferPointer(rebasing: text[Int(bounds[2 * index + 1])..<Int(bounds[2 * index + 2])])
        return body(id, name)
    }

    /// The length of institution `index`'s folded name.
    func nameLength(_ index: Int) -> Int {
        if flags[index] & InstitutionRecords.Flag.nonASCII != 0, let entry = folded[Int32(index)] { return entry.name.count }
        return Int(bounds[2 * index + 2] - bounds[2 * index + 1])
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
        guard !words.isEmpty, limit > 0 else { return ([], []) }
        let whole = Array(folded.drop { $0 == 32 })
        let compact = Array(words.joined())
        // a word that names a tag (oauth, degraded, down, unsupported) also matches the
        // institutions with it: such a word can add matches the query before it had none of
        let tags = words.map(Self.tag(named:))
        let candidates = tags.contains { $0 != 0 } ? nil : candidates
        // every institution (or every candidate) scored by `points`: those that match, with their score
        func scan(among candidates: [Int]?, _ points: (_ index: Int, _ id: UnsafeBufferPointer<UInt8>,
                                                       _ name: UnsafeBufferPointer<UInt8>) -> Int?)
            -> (matching: [Int], ranked: [(score: Int, index: Int)])
        {
            var matching: [Int] = []
            var ranked: [(score: Int, index: Int)] = []
            let count = directory.records.count
            lowered.withUnsafeBufferPointer { text in
                func consider(_ index: Int) {
                    guard let score = withFolded(index, in: text, { id, name in points(index, id, name) }) else { return }
                    matching.append(index)
                    ranked.append((score, index))
                }
                if let candidates {
                    for index in candidates where index < count { consider(index) }
                } else {
                    for index in 0..<count { consider(index) }
                }
            }
            return (matching, ranked)
        }
        let (matching, ranked) = scan(among: candidates) { index, id, name in
            Self.score(name: name, id: id, words: words, whole: whole, compact: compact, tags: tags, flags: flags[index])
        }
        if matching.isEmpty && compact.count >= 4 {
            // nothing matched: forgive a typo, as fzf does, with the letters in order (a letter left
            // out, `platpus`), ranked below every real match would be
            // over every institution: a name with the letters in order need not hold the prefix typed before
            let (matching, ranked) = scan(among: nil) { _, _, name in Self.inOrder(compact, in: name) }
            let top = best(ranked, limit: limit)
            return (top.map { SearchMatch(index: $0.index, score: $0.score, highlighted: []) }, matching)
        }
        let top = best(ranked, limit: limit)
        let matches = top.map { SearchMatch(index: $0.index, score: $0.score, highlighted: highlights($0.index, words: words, compact: compact)) }
        return (matches, matching)
    }

    /// The flag a query word names, folded (`oauth`, `degraded`, `down`, `unsupported`), or 0.
    static func tag(named word: [UInt8]) -> UInt8 {
        switch word {
        case Array("oauth".utf8): InstitutionRecords.Flag.oauth
        case Array("degraded".utf8): InstitutionRecords.Flag.degraded
        case Array("down".utf8): InstitutionRecords.Flag.down
        case Array("unsupported".utf8): InstitutionRecords.Flag.unsupported
        default: 0
        }
    }

    /// A score for `letters` found in order in `name` within one word's reach (each next letter at
    /// most three bytes after the last: at most two left out between two letters, so that letters
    /// scattered across a long name do not match), or `nil`: low, and higher the tighter they sit.
    static func inOrder(_ letters: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = letters.first, letters.count <= name.count else { return nil }
        var best: Int?
        for start in name.indices where name[start] == first {
            var at = start
            var gaps = 0
            var found = true
            for letter in letters.dropFirst() {
                var next = at + 1
                while next < name.count && next <= at + 3 && name[next] != letter { next += 1 }
                guard next < name.count, next <= at + 3, name[next] == letter else {
                    found = false
                    break
                }
                gaps += next - at - 1
                at = next
            }
            if found {
                let points = max(1, 30 - gaps * 5)
                if best == nil || points > best! { best = points }
            }
        }
        return best
    }

    /// The best `limit` of `ranked`: by score, then shorter name, then directory order.
    func best(_ ranked: [(score: Int, index: Int)], limit: Int) -> [(score: Int, index: Int)] {
        let better: ((score: Int, index: Int), (score: Int, index: Int)) -> Bool = { a, b in
            if a.score != b.score { return a.score > b.score }
            let la = nameLength(a.index), lb = nameLength(b.index)
            if la != lb { return la < lb }
            return a.index < b.index
        }
        guard ranked.count > limit * 4 else { return Array(ranked.sorted(by: better).prefix(limit)) }
        var top: [(score: Int, index: Int)] = []
        top.reserveCapacity(limit + 1)
        for item in ranked {
            if top.count < limit {
                top.append(item)
                if top.count == limit { top.sort(by: better) }
            } else if better(item, top[limit - 1]) {
                var at = limit - 1
                top[at] = item
                while at > 0 && better(top[at], top[at - 1]) {
                    top.swapAt(at, at - 1)
                    at -= 1
                }
            }
        }
        return top.count < limit ? top.sorted(by: better) : top
    }

    /// The score of one institution, or `nil` when it does not match.
    static func score(
        name: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, words: [[UInt8]], whole: [UInt8], compact: [UInt8],
        tags: [UInt8] = [], flags: UInt8 = 0
    ) -> Int? {
        var total = 0
        var byWords = true
        for (index, word) in words.enumerated() {
            if let (points, _) = bestOccurrence(of: word, in: name) {
                total += points
            } else if startsWith(id, word) {
                total += id.count == word.count ? 90 : 40
            } else if index < tags.count, tags[index] != 0, flags & tags[index] != 0 {
                total += 30  // tagged so: below a name that says it
            } else {
                byWords = false
                break
            }
        }
        if !byWords {
            guard words.count == 1, compact.count >= 2, let initials = initialsMatch(compact, in: name) else { return nil }
            total = initials
        }
        if startsWith(name, whole) {
            total += 200
        } else if find(whole, in: name) != nil {
            total += 40
        }
        return total
    }

    /// The best place `word` occurs: at a word start (a whole word scores most) or inside a word.
    /// One pass: the first occurrence inside a word is noted on the way, for when no word starts
    /// with it.
    static func bestOccurrence(of word: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard let first = word.first, word.count <= name.count else { return nil }
        var best: (Int, Int)?
        var inside: Int?
        var at = 0
        let last = name.count - word.count
        while at <= last {
            if name[at] == first && matches(word, in: name, at: at) {
                if at == 0 || !isWordByte(name[at - 1]) {
                    let end = at + word.count
                    let wholeWord = end == name.count || !isWordByte(name[end])
                    let points = (wholeWord ? 100 : 80) + (at == 0 ? 20 : 0)
                    if best == nil || points > best!.0 { best = (points, at) }
                    if points == 120 { break }
                } else if inside == nil {
                    inside = at
                }
            }
            at += 1
        }
        if best == nil, let inside { best = (20, inside) }
        return best
    }

    /// The score of `compact` as the name's initials (`fpb`), or `nil`.
    static func initialsMatch(_ compact: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> Int? {
        var matched = 0
        var starts = 0
        var previousIsWord = false
        for byte in name {
            let isWord = isWordByte(byte)
            if isWord && !previousIsWord {
                if matched < compact.count {
                    guard byte == compact[matched] else { return nil }
                    matched += 1
                }
                starts += 1
            }
            previousIsWord = isWord
        }
        guard matched == compact.count else { return nil }
        return starts == compact.count ? 70 : 50
    }

    static func matches(_ word: [UInt8], in name: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        for offset in 1..<word.count where name[at + offset] != word[offset] { return false }
        return true
    }

    static func startsWith(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        needle.count <= haystack.count && (needle.isEmpty || matches(needle, in: haystack, at: 0) && haystack[0] == needle[0])
    }

    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var at = 0
        while at + needle.count <= haystack.count {
            if haystack[at] == first && matches(needle, in: haystack, at: at) { return at }
            at += 1
        }
        return nil
    }

    /// The characters of institution `index`'s name that the query matched (for a shown result).
    func highlights(_ index: Int, words: [[UInt8]], compact: [UInt8]) -> [Int] {
        lowered.withUnsafeBufferPointer { text in
            withFolded(index, in: text) { id, name in
                var bytes: [Int] = []
                for word in words {
                    if let (_, at) = Self.bestOccurrence(of: word, in: name) {
                        bytes.append(contentsOf: at..<(at + word.count))
                    } else if !Self.startsWith(id, word) {
                        // matched by initials: the first letter of each word
                        bytes = []
                        var previousIsWord = false
                        for (offset, byte) in name.enumerated() {
                            let isWord = Self.isWordByte(byte)
                            if isWord && !previousIsWord && bytes.count < compact.count { bytes.append(offset) }
                            previousIsWord = isWord
                        }
                        break
                    }
                }
                let map = folded[Int32(index)]?.characterOfByte
                var characters = Set<Int>()
                for byte in bytes {
                    if let map { if byte < map.count { characters.insert(Int(map[byte])) } } else { characters.insert(byte) }
                }
                return characters.sorted()
            }
        }
    }
}
