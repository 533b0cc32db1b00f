import CScan

/// SearchMatch: one ranked search result.
public struct SearchMatch: Hashable, Sendable {
    /// The institution's index in the directory.
    public var index: Int
    /// The score; higher ranks first.
    public var score: Int
    /// The indices of the name's characters that matched the query (for highlighting).
    public var highlighted: [Int]
    /// Whether a word of the query matched the start of the institution's id rather than its
    /// name (`ins_1095`): a listed result then shows its id, so that what was typed can be seen.
    public var matchedID = false
}

/// InstitutionSearch: ranks a directory's institutions against a query as the user types.
///
/// Every space-separated word of the query must match the name (or be a prefix of the id),
/// ignoring case and accents. Whole-word and word-start matches rank above matches inside a word,
/// a name that starts with the query ranks above all, initials (`fpb`) match too, and ties go to
/// the shorter name, then to directory order.
///
/// The index is the directory's own storage: its names back to back in one byte buffer, compared
/// with ASCII case folded on the fly, so indexing 100,000 institutions copies nothing. The few
/// institutions with bytes beyond ASCII are folded on their own (accents off) and keep a map back
/// to their characters (for highlighting). A query of several words first finds, in one pass over
/// the whole buffer, the names that hold its longest word, and scores only those.
public struct InstitutionSearch: Sendable {
    /// The directory searched.
    public let directory: InstitutionDirectory
    /// Folded ids and names of the institutions beyond ASCII, and for names whose bytes do not map
    /// one to one onto characters, the character of each byte (empty when they are folded as they
    /// are looked at: ``init(directory:foldingAhead:)``).
    let folded: [Int32: FoldedInstitution]
    /// Whether every name beyond ASCII was folded ahead (otherwise each is folded when looked at).
    let foldsAhead: Bool
    /// The institutions beyond ASCII, in directory order.
    let foldedIndices: [Int]
    /// The first byte of each institution's folded name (0 for an empty one): the names a query
    /// starts with are found sixteen at a time (``leadingMatches(words:whole:tags:limit:names:starts:)``).
    let firstBytes: [UInt8]

    /// The folded form of an institution with bytes beyond ASCII.
    struct FoldedInstitution: Sendable {
        /// The folded id (empty when the ids are generated: those are ASCII).
        var id: [UInt8]
        var name: [UInt8]
        var characterOfByte: [Int32]?
    }

    /// Indexes a directory (folds the names beyond ASCII once).
    public init(directory: InstitutionDirectory) {
        self.init(directory: directory, foldingAhead: true)
    }

    /// Indexes a directory; `foldingAhead: false` folds a name beyond ASCII each time a search looks
    /// at it instead of all of them now: for one search (`linkterm search`), which looks at few.
    /// The results are the same either way.
    public init(directory: InstitutionDirectory, foldingAhead: Bool) {
        self.directory = directory
        foldsAhead = foldingAhead
        let records = directory.records
        let count = records.count
        // each name's first byte (through low(_:)), and the names beyond ASCII, in C: a loop of a few
        // instructions a name (in Swift it took twenty)
        var firstBytes = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            if count > 0 {
                records.withNames { names, starts in lt_first_bytes(names.baseAddress, starts.baseAddress!, count, bytes.baseAddress!) }
            }
            initialized = count
        }
        let nonASCII = InstitutionRecords.Flag.nonASCII
        let foldedIndices = records.flags.withUnsafeBufferPointer { flags -> [Int] in
            let found = lt_flagged(flags.baseAddress, count, nonASCII, nil)
            guard found > 0 else { return [] }
            return [Int](unsafeUninitializedCapacity: found) { indices, initialized in
                initialized = lt_flagged(flags.baseAddress, count, nonASCII, indices.baseAddress)
            }
        }
        var folded: [Int32: FoldedInstitution] = [:]
        if foldingAhead {
            // (none to fold: the empty dictionary, no storage; its first storage costs the runtime
            // a search through every protocol conformance of the program)
            if !foldedIndices.isEmpty { folded.reserveCapacity(foldedIndices.count) }
            for index in foldedIndices { folded[Int32(index)] = Self.fold(records, index) }
        }
        self.folded = folded
        self.foldedIndices = foldedIndices
        for index in foldedIndices {
            firstBytes[index] = folded[Int32(index)]?.name.first ?? Self.firstFoldedByte(of: records.name(at: index))
        }
        self.firstBytes = firstBytes
    }

    /// The folded form of institution `index` (beyond ASCII).
    static func fold(_ records: InstitutionRecords, _ index: Int) -> FoldedInstitution {
        let name = records.name(at: index)
        let (bytes, map) = TextFolding.foldWithMap(name)
        let oneToOne = map.count == name.count && map.enumerated().allSatisfy { $0.offset == Int($0.element) }
        return FoldedInstitution(id: records.generatedIDs ? [] : TextFolding.foldedBytes(records.id(at: index)), name: bytes,
                                 characterOfByte: oneToOne ? nil : map)
    }

    /// The first byte of `name` folded (``TextFolding/foldWithMap(_:)``), or 0 if it folds to nothing,
    /// without folding the rest.
    static func firstFoldedByte(of name: String) -> UInt8 {
        for character in name {
            if let ascii = character.asciiValue { return low(ascii) }
            if let byte = TextFolding.fold(character).utf8.first { return byte }
        }
        return 0
    }

    /// The folded form of institution `index` if it is beyond ASCII (folded now if it was not ahead).
    @inline(__always)
    func foldedEntry(_ index: Int) -> FoldedInstitution? {
        guard directory.records.flags[index] & InstitutionRecords.Flag.nonASCII != 0 else { return nil }
        return folded[Int32(index)] ?? Self.fold(directory.records, index)
    }

    /// `byte` with ASCII letters lowercased.
    @inline(__always)
    static func low(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

    /// Calls `body` with the name of institution `index` (folded if it is beyond ASCII; raw, to be
    /// read through ``low(_:)``, otherwise).
    @inline(__always)
    func withName<Result>(
        _ index: Int, in names: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>,
        _ body: (_ name: UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if directory.records.flags[index] & InstitutionRecords.Flag.nonASCII != 0 {
            if let entry = folded[Int32(index)] { return entry.name.withUnsafeBufferPointer(body) }
            return TextFolding.foldedBytes(directory.records.name(at: index)).withUnsafeBufferPointer(body)
        }
        return body(UnsafeBufferPointer(rebasing: names[Int(starts[index])..<Int(starts[index + 1])]))
    }

    /// The points of `word` as a prefix of institution `index`'s id (90 the whole id, 40 a prefix), or `nil`.
    func idPoints(_ word: [UInt8], _ index: Int) -> Int? {
        let records = directory.records
        if !records.generatedIDs, let entry = foldedEntry(index) {
            return entry.id.withUnsafeBufferPointer { Self.startsWith($0, word) ? ($0.count == word.count ? 90 : 40) : nil }
        }
        if records.generatedIDs, word.count <= InstitutionRecords.generatedPrefix.count {
            // every generated id is longer than its prefix
            return InstitutionRecords.generatedPrefix.starts(with: word) ? 40 : nil
        }
        return records.withID(index) { Self.startsWith($0, word) ? ($0.count == word.count ? 90 : 40) : nil }
    }

    /// The length of institution `index`'s folded name.
    func nameLength(_ index: Int) -> Int {
        let records = directory.records
        if records.flags[index] & InstitutionRecords.Flag.nonASCII != 0 {
            return folded[Int32(index)]?.name.count ?? TextFolding.foldedBytes(records.name(at: index)).count
        }
        return Int(records.nameStarts[index + 1] - records.nameStarts[index])
    }

    /// Whether a folded byte is part of a word (a digit, a letter, or beyond ASCII).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...122).contains(byte) || byte >= 128
    }

    /// The ranked matches for `query`, best first, at most `limit`. An empty query gives none.
    public func search(_ query: String, limit: Int = 50) -> [SearchMatch] {
        search(query, among: nil as SearchCandidates?, limit: limit, keepingMatching: false, leading: true).matches
    }

    /// Like ``search(_:limit:)``, looking only at `candidates` (the `matching` of a query this one
    /// extends: appending a character can only narrow the set, so nothing else is rescanned).
    /// Returns the best `limit` matches and every index that matched.
    public func search(_ query: String, among candidates: [Int]?, limit: Int) -> (matches: [SearchMatch], matching: [Int]) {
        let count = directory.records.count
        let narrowed = candidates.map { candidates in
            var builder = CandidateBuilder(total: count)
            var last = -1
            for index in candidates.sorted() where index > last && index < count {
                builder.append(index)
                last = index
            }
            return builder.build()
        }
        let found = search(query, among: narrowed, limit: limit, keepingMatching: true, leading: false)
        return (found.matches, found.matching?.indices ?? [])
    }

    /// Like ``search(_:limit:)``, looking only at `candidates` (the `matching` of a query this one
    /// extends: appending a character can only narrow the set, so nothing else is rescanned).
    /// Returns the best `limit` matches and the set of every institution that matched, compact
    /// (see ``SearchCandidates``), to narrow the next query from; `nil` when the best were found
    /// without looking at every name (``leadingMatches(words:whole:tags:limit:names:starts:)``):
    /// then the next query is not narrowed, unless ``matchingSet(of:narrowing:)`` found the
    /// set meanwhile.
    public func search(_ query: String, narrowing candidates: SearchCandidates?, limit: Int)
        -> (matches: [SearchMatch], matching: SearchCandidates?)
    {
        let found = search(query, among: candidates, limit: limit, keepingMatching: true, leading: true)
        return (found.matches, found.matching)
    }

    /// ``search(_:narrowing:limit:)`` for the search pane, which also learns whether the set of
    /// every match is worth finding between keys (``matchingSet(of:narrowing:)``): the best were
    /// found among the names the query starts with, and fewer than ``refiningFactor`` times
    /// `limit` names do, so that a character more may leave fewer than `limit` and that key
    /// would look at every name.
    package func searchForList(_ query: String, narrowing candidates: SearchCandidates?, limit: Int)
        -> (matches: [SearchMatch], matching: SearchCandidates?, setWorthFinding: Bool)
    {
        let found = search(query, among: candidates, limit: limit, keepingMatching: true, leading: true)
        return (found.matches, found.matching, found.starting.map { $0 < Self.refiningFactor * limit } ?? false)
    }

    /// The search; `matching` is gathered only when `keepingMatching` (a batch search does not
    /// narrow a next query); `starting`, when the best were found among the names the query
    /// starts with, is how many do. Only the best `limit` matches are kept as they are found
    /// (``TopMatches``), and the set of every match as bits or a short list (``SearchCandidates``),
    /// so a query most names match costs no memory a match. With `leading`, the names that start
    /// with the query are looked at first, and when there are `limit` of them they are the results
    /// (``leadingMatches(words:whole:tags:limit:names:starts:)``; `matching` is then `nil`).
    func search(_ query: String, among candidates: SearchCandidates?, limit: Int, keepingMatching: Bool, leading: Bool)
        -> (matches: [SearchMatch], matching: SearchCandidates?, starting: Int?)
    {
        let none = SearchCandidates(storage: .list([]), count: 0)
        let folded = TextFolding.foldedBytes(query)
        let words = folded.split(whereSeparator: { !Self.isWordByte($0) && $0 != 95 }).map(Array.init)
        guard !words.isEmpty, limit > 0 else { return ([], none, nil) }
        let whole = Array(folded.drop { $0 == 32 })
        let compact = Array(words.joined())
        // a word that names a tag (oauth, degraded, down, unsupported) also matches the
        // institutions with it: such a word can add matches the query before it had none of
        let tags = words.map(Self.tag(named:))
        var candidates = tags.contains { $0 != 0 } ? nil : candidates
        let records = directory.records
        let count = records.count
        return records.withNames { names, starts in
            // narrowing from a few candidates (the set the query before matched) costs less than
            // looking at the names the query starts with; from many, more
            if leading, (candidates?.count ?? Int.max) > Self.narrowingLimit(count),
               let top = leadingMatches(words: words, whole: whole, tags: tags, limit: limit, names: names, starts: starts) {
                let matches = top.sorted().map {
                    shown($0.index, score: $0.score, names: names, starts: starts, words: words, compact: compact)
                }
                return (matches, nil, top.offered)
            }
            // the words of a query of several, the longest last: the candidates hold it (they were
            // found by it, or matched the query before, whose last word grew), so the others
            // turn most of them down sooner; the score is a sum, the same in any order
            let longest = requiredWord(words, tags: tags)
            let last = words.indices.last { words[$0] == longest && tags[$0] == 0 }
            let ordered = last.map { last in
                (words: words.indices.filter { $0 != last }.map { words[$0] } + [words[last]],
                 tags: tags.indices.filter { $0 != last }.map { tags[$0] } + [tags[last]])
            } ?? (words: words, tags: tags)
            if candidates == nil, let word = longest {
                candidates = namesHolding(word, names: names, starts: starts)
            }
            // every institution (or every candidate) scored by `points`: the best `limit`, and
            // every match when they are kept
            func scan(among candidates: SearchCandidates?, _ points: (_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int?)
                -> (top: TopMatches, matching: CandidateBuilder)
            {
                var top = TopMatches(limit: limit)
                var matching = CandidateBuilder(total: keepingMatching ? count : 0)
                func consider(_ index: Int) {
                    guard let (score, length) = withName(index, in: names, starts, { name in points(index, name).map { ($0, name.count) } })
                    else { return }
                    top.offer(score: score, length: length, index: index)
                    if keepingMatching { matching.append(index) }
                }
                if let candidates {
                    candidates.forEach(consider)
                } else {
                    for index in 0..<count { consider(index) }
                }
                return (top, matching)
            }
            let found = words.count == 1
                ? oneWordMatches(words[0], whole: whole, tag: tags[0], names: names, starts: starts, limit: limit,
                                 keepingMatching: keepingMatching)
                    ?? scan(among: candidates) { index, name in
                        score(name: name, index: index, words: words, whole: whole, compact: compact, tags: tags)
                    }
                : scan(among: candidates) { index, name in
                    score(name: name, index: index, words: ordered.words, whole: whole, compact: compact, tags: ordered.tags)
                }
            if found.top.offered == 0 && compact.count >= 4 {
                // nothing matched: forgive a typo, as fzf does, with the letters in order (a letter left
                // out, `platpus`), ranked below every real match would be
                // over every institution: a name with the letters in order need not hold the prefix typed before
                let fuzzy = scan(among: nil) { _, name in Self.inOrder(compact, in: name) }
                return (fuzzy.top.sorted().map { SearchMatch(index: $0.index, score: $0.score, highlighted: []) },
                        fuzzy.matching.build(), nil)
            }
            let matches = found.top.sorted().map {
                shown($0.index, score: $0.score, names: names, starts: starts, words: words, compact: compact)
            }
            return (matches, found.matching.build(), nil)
        }
    }

    /// The best `limit` matches when at least `limit` names start with the query (`whole`), found
    /// in one light pass that looks at each name's first byte; `nil` otherwise, or when the query
    /// has a tag or more than three words.
    ///
    /// Exact: a name that starts with `whole` outranks every name that does not. Each of its k
    /// words then occurs at a word start (in `whole` each word follows the start or a byte that
    /// ends a word), worth 80 points at least, and starting with the query adds 200: at least
    /// 200 + 80k. A name that does not start with it scores at most 120 a word (a whole word at
    /// the start; an id 90, a tag 30, initials 70) and 40 for holding the query elsewhere: at most
    /// 120k + 40, below 200 + 80k while k < 4.
    func leadingMatches(
        words: [[UInt8]], whole: [UInt8], tags: [UInt8], limit: Int, names: UnsafeBufferPointer<UInt8>,
        starts: UnsafeBufferPointer<UInt32>
    ) -> TopMatches? {
        leadingPass(words: words, whole: whole, tags: tags, limit: limit, names: names, starts: starts)
            .flatMap { $0.offered >= limit ? $0 : nil }
    }

    /// The pass of ``leadingMatches(words:whole:tags:limit:names:starts:)``: the best `limit` of
    /// the names that start with the query, and (`offered`) how many do; `nil` when the query has
    /// a tag or more than three words.
    func leadingPass(
        words: [[UInt8]], whole: [UInt8], tags: [UInt8], limit: Int, names: UnsafeBufferPointer<UInt8>,
        starts: UnsafeBufferPointer<UInt32>
    ) -> TopMatches? {
        guard words.count <= 3, !tags.contains(where: { $0 != 0 }), !whole.isEmpty else { return nil }
        /// Scores each name whose first byte is the query's, if the name starts with the query.
        struct Leading: OccurrenceVisitor {
            let search: InstitutionSearch
            let words: [[UInt8]]
            let whole: UnsafeBufferPointer<UInt8>
            let wholeArray: [UInt8]
            let compact: [UInt8]
            let tags: [UInt8]
            let names: UnsafeBufferPointer<UInt8>
            let starts: UnsafeBufferPointer<UInt32>
            let flags: UnsafeBufferPointer<UInt8>
            var top: TopMatches
            mutating func visit(_ index: Int) {
                if flags[index] & InstitutionRecords.Flag.nonASCII == 0 {
                    // most fail here, on the raw bytes: no closure, no copy
                    let start = Int(starts[index])
                    guard Int(starts[index + 1]) - start >= whole.count else { return }
                    for offset in 1..<max(1, whole.count) where InstitutionSearch.low(names[start + offset]) != whole[offset] { return }
                }
                let search = search, words = words, whole = whole, wholeArray = wholeArray, compact = compact, tags = tags
                guard let (points, length) = search.withName(index, in: names, starts, { name -> (Int, Int)? in
                    guard name.count >= whole.count, zip(name, whole).allSatisfy({ InstitutionSearch.low($0) == $1 }) else { return nil }
                    return search.score(name: name, index: index, words: words, whole: wholeArray, compact: compact, tags: tags)
                        .map { ($0, name.count) }
                }) else { return }
                top.offer(score: points, length: length, index: index)
            }
        }
        let top: TopMatches = whole.withUnsafeBufferPointer { wholeBytes in
            directory.records.flags.withUnsafeBufferPointer { flags in
                var leading = Leading(search: self, words: words, whole: wholeBytes, wholeArray: whole, compact: Array(words.joined()), tags: tags,
                                      names: names, starts: starts, flags: flags, top: TopMatches(limit: limit))
                firstBytes.withUnsafeBufferPointer { Self.occurrences(of: [wholeBytes[0]], in: $0, into: &leading) }
                return leading.top
            }
        }
        return top
    }

    /// Up to how many candidates a query is narrowed from rather than first looked for among the
    /// names it starts with, in a directory of `count`: scoring a candidate costs about as much
    /// as looking at 64 names in that pass.
    static func narrowingLimit(_ count: Int) -> Int { max(1_024, count / 64) }

    /// The set of every institution `query` matches, narrowed from `candidates` (the set of a
    /// query it extends), as ``search(_:narrowing:limit:)`` gathers it when it looks at every
    /// name. The search pane finds it between keys for a query whose best were found among the
    /// names it starts with (``searchForList(_:narrowing:limit:)``), so that the next character
    /// narrows from it instead of looking at every name.
    public func matchingSet(of query: String, narrowing candidates: SearchCandidates?) -> SearchCandidates? {
        search(query, among: candidates, limit: 1, keepingMatching: true, leading: false).matching
    }

    /// Below how many times the list's limit of names starting with a query its set is worth
    /// finding between keys: each character typed leaves a fraction of them (typing "first p",
    /// 321 of 100,000 names start with it; "first pl", 127).
    static let refiningFactor = 8

    /// A word every matching name must hold (the longest such), or `nil` when a name could match
    /// without holding any: by initials (a one-word query), by a tag, or by its id.
    func requiredWord(_ words: [[UInt8]], tags: [UInt8]) -> [UInt8]? {
        guard words.count > 1 else { return nil }
        let records = directory.records
        let prefix = InstitutionRecords.generatedPrefix
        var best: [UInt8]?
        for (index, word) in words.enumerated() where tags[index] == 0 {
            // with generated ids, a word that can start one is no use; stored ids are looked at apart
            if records.generatedIDs && (prefix.starts(with: word) || word.starts(with: prefix)) { continue }
            if best == nil || word.count > best!.count { best = word }
        }
        return best
    }

    /// The institutions (ascending) whose name holds `word`, found in one pass over the names buffer,
    /// with every institution beyond ASCII (their folded names are looked at when scored) and, when
    /// the ids are stored, every one whose id starts with `word`.
    func namesHolding(_ word: [UInt8], names: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>) -> SearchCandidates {
        let records = directory.records
        let count = records.count
        /// The names holding the occurrences, each once.
        struct Holders: OccurrenceVisitor {
            let starts: UnsafeBufferPointer<UInt32>
            let count: Int
            let length: Int
            var found: CandidateBuilder
            var last = -1
            var cursor = 0
            mutating func visit(_ position: Int) {
                // the name holding `position`: names are back to back, positions come in order
                while cursor + 1 < count && Int(starts[cursor + 1]) <= position { cursor += 1 }
                if position + length <= Int(starts[cursor + 1]), last != cursor {
                    found.append(cursor)
                    last = cursor
                }
            }
        }
        var holders = Holders(starts: starts, count: count, length: word.count, found: CandidateBuilder(total: count))
        Self.occurrences(of: word, in: names, into: &holders)
        let found = holders.found.build()
        var extra = foldedIndices
        if !records.generatedIDs {
            records.withStoredIDs { ids, idStarts in
                for index in 0..<count {
                    let id = UnsafeBufferPointer(rebasing: ids[Int(idStarts[index])..<Int(idStarts[index + 1])])
                    if Self.startsWith(id, word) { extra.append(index) }
                }
            }
            extra.sort()
        }
        guard !extra.isEmpty else { return found }
        // merged, ascending, without repeats
        var merged = CandidateBuilder(total: count)
        var b = 0
        var last = -1
        func add(_ index: Int) {
            if index != last { merged.append(index) }
            last = index
        }
        found.forEach { index in
            while b < extra.count && extra[b] <= index {
                add(extra[b])
                b += 1
            }
            add(index)
        }
        while b < extra.count {
            add(extra[b])
            b += 1
        }
        return merged.build()
    }

    /// Shows `visitor` each position (ascending) where `word` (folded) occurs in `bytes` with ASCII
    /// case folded: `lt_scan_occurrences` (CScan) finds them sixteen bytes at a time, a few
    /// thousand per call. (A visitor passed `inout`, not a closure over local variables: those
    /// would be checked for exclusive access at run time on every occurrence.)
    static func occurrences<Visitor: OccurrenceVisitor>(of word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>,
                                                        into visitor: inout Visitor) {
        guard !word.isEmpty, word.count <= bytes.count, let base = bytes.baseAddress else { return }
        word.withUnsafeBufferPointer { word in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4096) { found in
                var resume = 0
                while resume < bytes.count {
                    let count = lt_scan_occurrences(base, bytes.count, word.baseAddress!, word.count, &resume,
                                                    found.baseAddress!, found.count)
                    for index in 0..<count { visitor.visit(Int(found[index])) }
                }
            }
        }
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
        for start in name.indices where low(name[start]) == first {
            var at = start
            var gaps = 0
            var found = true
            for letter in letters.dropFirst() {
                var next = at + 1
                while next < name.count && next <= at + 3 && low(name[next]) != letter { next += 1 }
                guard next < name.count, next <= at + 3, low(name[next]) == letter else {
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

    /// The best `limit` of `ranked`: by score, then shorter name, then directory order (the order
    /// ``TopMatches`` keeps, sorted outright: what the tests compare the search with).
    func best(_ ranked: [(score: Int, index: Int)], limit: Int) -> [(score: Int, index: Int)] {
        let entries = ranked.map { (score: $0.score, length: nameLength($0.index), index: $0.index) }
        return entries.sorted(by: TopMatches.better).prefix(limit).map { ($0.score, $0.index) }
    }

    /// The score of one institution, or `nil` when it does not match.
    func score(
        name: UnsafeBufferPointer<UInt8>, index: Int, words: [[UInt8]], whole: [UInt8], compact: [UInt8], tags: [UInt8]
    ) -> Int? {
        var total = 0
        var byWords = true
        for (position, word) in words.enumerated() {
            if let (points, _) = Self.bestOccurrence(of: word, in: name) {
                total += points
            } else if let points = idPoints(word, index) {
                total += points
            } else if tags[position] != 0, directory.records.flags[index] & tags[position] != 0 {
                total += 30  // tagged so: below a name that says it
            } else {
                byWords = false
                break
            }
        }
        if !byWords {
            guard words.count == 1, compact.count >= 2, let initials = Self.initialsMatch(compact, in: name) else { return nil }
            total = initials
        }
        if Self.startsWith(name, whole) {
            total += 200
        } else if Self.find(whole, in: name) != nil {
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
            if low(name[at]) == first && matches(word, in: name, at: at) {
                if at == 0 || !isWordByte(low(name[at - 1])) {
                    let end = at + word.count
                    let wholeWord = end == name.count || !isWordByte(low(name[end]))
                    let points = (wholeWord ? 100 : 80) + (at == 0 ? 20 : 0)
                    if best == nil || points > best!.0 { best = (points, at) }
                    // past the start a word scores 100 at most: no later occurrence does better
                    if points == 120 || points == 100 { break }
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
        for raw in name {
            let byte = low(raw)
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

    /// Whether `word` (folded) is at `at` in `name` (read folded), its first byte known to be.
    @inline(__always)
    static func matches(_ word: [UInt8], in name: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        for offset in 1..<word.count where low(name[at + offset]) != word[offset] { return false }
        return true
    }

    static func startsWith(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        needle.count <= haystack.count && (needle.isEmpty || low(haystack[0]) == needle[0] && matches(needle, in: haystack, at: 0))
    }

    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var at = 0
        while at + needle.count <= haystack.count {
            if low(haystack[at]) == first && matches(needle, in: haystack, at: at) { return at }
            at += 1
        }
        return nil
    }

    /// Institution `index` as a result scoring `score`: the characters of its name the query
    /// matched, and whether a word matched its id instead.
    func shown(
        _ index: Int, score: Int, names: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, words: [[UInt8]],
        compact: [UInt8]
    ) -> SearchMatch {
        var matchedID = false
        let highlighted = highlights(index, names: names, starts: starts, words: words, compact: compact, matchedID: &matchedID)
        return SearchMatch(index: index, score: score, highlighted: highlighted, matchedID: matchedID)
    }

    /// The characters of institution `index`'s name that the query matched (for a shown result);
    /// `matchedID` is set when a word matched the start of its id rather than the name.
    func highlights(
        _ index: Int, names: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, words: [[UInt8]], compact: [UInt8],
        matchedID: inout Bool
    ) -> [Int] {
        withName(index, in: names, starts) { name in
            var bytes: [Int] = []
            for word in words {
                if let (_, at) = Self.bestOccurrence(of: word, in: name) {
                    bytes.append(contentsOf: at..<(at + word.count))
                } else if idPoints(word, index) != nil {
                    matchedID = true
                } else {
                    // matched by initials: the first letter of each word
                    bytes = []
                    var previousIsWord = false
                    for (offset, byte) in name.enumerated() {
                        let isWord = Self.isWordByte(Self.low(byte))
                        if isWord && !previousIsWord && bytes.count < compact.count { bytes.append(offset) }
                        previousIsWord = isWord
                    }
                    break
                }
            }
            let map = foldedEntry(index)?.characterOfByte
            // an array sorted and rid of repeats (a Set's first use costs more than the few bytes here)
            var characters: [Int] = []
            characters.reserveCapacity(bytes.count)
            for byte in bytes {
                if let map { if byte < map.count { characters.append(Int(map[byte])) } } else { characters.append(byte) }
            }
            characters.sort()
            var kept = 0
            for character in characters where kept == 0 || characters[kept - 1] != character {
                characters[kept] = character
                kept += 1
            }
            characters.removeLast(characters.count - kept)
            return characters
        }
    }
}
