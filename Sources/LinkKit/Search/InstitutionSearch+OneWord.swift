import Dispatch

extension InstitutionSearch {
    /// The matches of a one-word query, scored from where the word occurs in the whole names buffer
    /// rather than name by name: one pass finds every occurrence (``occurrences(of:in:into:)``),
    /// each is scored where it stands (at a word start, as a whole word, at the start of the name),
    /// and a name the word does not occur in can match only by its initials, which need its first
    /// letter to be the word's. The names beyond ASCII are scored one by one (their folded names
    /// differ from their bytes). Gives what scoring every name would, or `nil` when the word could
    /// match otherwise (a tag, or ids it could start).
    func oneWordMatches(
        _ word: [UInt8], whole: [UInt8], tag: UInt8, names: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>,
        limit: Int, keepingMatching: Bool
    ) -> (top: TopMatches, matching: CandidateBuilder)? {
        let prefix = InstitutionRecords.generatedPrefix
        guard tag == 0, directory.records.generatedIDs, !prefix.starts(with: word), !word.starts(with: prefix) else { return nil }
        return directory.records.flags.withUnsafeBufferPointer { flags in
            let count = flags.count
            // a large directory is scored in two halves at once (both cores), joined in order
            let parts = count >= Self.parallelThreshold ? 2 : 1
            var results = [OneWordScorer.Found?](repeating: nil, count: parts)
            results.withUnsafeMutableBufferPointer { results in
                let query = OneWordQuery(search: self, word: word, whole: whole, names: names, starts: starts, flags: flags,
                                         limit: limit, keepingMatching: keepingMatching)
                let job = OneWordJob(query: query, results: results)
                if parts == 1 {
                    job.score(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: parts) { job.score($0) }
                }
            }
            var joined = results[0]!
            for part in 1..<parts {
                let found = results[part]!
                joined.top.offer(contentsOf: found.top)
                joined.matching.append(contentsOf: found.matching)
            }
            return (joined.top, joined.matching)
        }
    }

    /// The size of directory from which a one-word query is scored on two threads.
    static let parallelThreshold = 20_000
}

/// OneWordQuery: what scoring a one-word query reads: the word, the query it stands for, the
/// directory's names, their offsets and flags.
struct OneWordQuery {
    let search: InstitutionSearch
    let word: [UInt8]
    let whole: [UInt8]
    let names: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let flags: UnsafeBufferPointer<UInt8>
    /// How many of the best matches are kept.
    let limit: Int
    /// Whether the set of every match is gathered (to narrow the next query).
    let keepingMatching: Bool
}

/// OneWordJob: a one-word query scored in parts (each part its share of the names, its own result
/// slot), so that the parts can run on two threads. Sendable by hand: the buffers are only read,
/// and each part writes only its own slot.
struct OneWordJob: @unchecked Sendable {
    let query: OneWordQuery
    let results: UnsafeMutableBufferPointer<OneWordScorer.Found?>

    /// Scores part `part` of `results.count` into its slot.
    func score(_ part: Int) {
        let count = query.flags.count
        let parts = results.count
        let first = count * part / parts
        let end = count * (part + 1) / parts
        var scorer = OneWordScorer(query, first: first, end: end)
        let bytes = UnsafeBufferPointer(rebasing: query.names[Int(query.starts[first])..<Int(query.starts[end])])
        InstitutionSearch.occurrences(of: query.word, in: bytes, into: &scorer)
        scorer.finish()
        results[part] = scorer.found
    }
}

/// OneWordScorer: the state of ``InstitutionSearch/oneWordMatches(_:whole:tag:names:starts:)`` as
/// it is shown the occurrences of the word, in order.
struct OneWordScorer: OccurrenceVisitor {
    let query: OneWordQuery
    /// The names scored: `first..<count`; the occurrences shown are offsets from `starts[first]`.
    let first: Int
    let count: Int
    let offset: Int
    /// Whether a name can match by its initials (a word of two letters or more).
    let initials: Bool
    /// Whether the query is the word alone (then where the word is says where the query is).
    let sameWhole: Bool
    /// What a part found: its best matches, and the set of them all.
    struct Found {
        var top: TopMatches
        var matching: CandidateBuilder
    }
    /// The best matches so far, and every match (when they are kept).
    var found: Found
    /// The ASCII name whose occurrences are being gathered, or -1; its best points; whether the
    /// word starts it.
    var open = -1
    var best = 0
    var atStart = false
    /// The names before it are done.
    var next = 0
    /// The name holding the last occurrence.
    var current = 0

    init(_ query: OneWordQuery, first: Int, end: Int) {
        self.query = query
        self.first = first
        count = end
        offset = Int(query.starts[first])
        next = first
        current = first
        found = Found(top: TopMatches(limit: query.limit),
                      matching: CandidateBuilder(total: query.keepingMatching ? query.flags.count : 0))
        initials = query.word.count >= 2
        sameWhole = query.whole == query.word
    }

    mutating func visit(_ relative: Int) {
        let position = relative + offset
        while current + 1 < count && Int(query.starts[current + 1]) <= position { current += 1 }
        let start = Int(query.starts[current])
        let end = Int(query.starts[current + 1])
        guard position + query.word.count <= end else { return }  // across two names
        if current >= next {
            // the first occurrence in this name: the names before it have none
            settle()
            while next < current {
                withoutOccurrence(next)
                next += 1
            }
            next = current + 1
            if query.flags[current] & InstitutionRecords.Flag.nonASCII != 0 {
                withoutOccurrence(current)  // scored on its folded name; its other occurrences are skipped
                return
            }
            open = current
            best = 0
            atStart = false
        }
        guard open == current else { return }
        let points: Int
        if position == start || !InstitutionSearch.isWordByte(InstitutionSearch.low(query.names[position - 1])) {
            let after = position + query.word.count
            let wholeWord = after == end || !InstitutionSearch.isWordByte(InstitutionSearch.low(query.names[after]))
            points = (wholeWord ? 100 : 80) + (position == start ? 20 : 0)
        } else {
            points = 20
        }
        if points > best { best = points }
        if position == start { atStart = true }
    }

    /// Scores the last name with occurrences and the names after it.
    mutating func finish() {
        settle()
        while next < count {
            withoutOccurrence(next)
            next += 1
        }
    }

    /// Adds a match: institution `index`, whose folded name is `length` bytes long.
    @inline(__always)
    private mutating func add(_ index: Int, _ score: Int, length: Int) {
        found.top.offer(score: score, length: length, index: index)
        if query.keepingMatching { found.matching.append(index) }
    }

    /// Scores the name whose occurrences were gathered.
    private mutating func settle() {
        guard open >= 0 else { return }
        var total = best
        if sameWhole {
            total += atStart ? 200 : 40
        } else {
            let name = UnsafeBufferPointer(rebasing: query.names[Int(query.starts[open])..<Int(query.starts[open + 1])])
            total += InstitutionSearch.startsWith(name, query.whole) ? 200 : InstitutionSearch.find(query.whole, in: name) != nil ? 40 : 0
        }
        add(open, total, length: Int(query.starts[open + 1] - query.starts[open]))
        open = -1
    }

    /// A name the word does not occur in: beyond ASCII, scored as any name is; otherwise a match
    /// only by its initials (and then `whole`, which holds the word, is not in it either).
    private mutating func withoutOccurrence(_ index: Int) {
        if query.flags[index] & InstitutionRecords.Flag.nonASCII != 0 {
            let query = query
            let found = query.search.withName(index, in: query.names, query.starts) { name in
                query.search.score(name: name, index: index, words: [query.word], whole: query.whole, compact: query.word, tags: [0])
                    .map { (total: $0, length: name.count) }
            }
            if let found { add(index, found.total, length: found.length) }
            return
        }
        guard initials else { return }
        let start = Int(query.starts[index])
        let end = Int(query.starts[index + 1])
        var first = start  // initials start at the first word byte: most names fail on it
        while first < end && !InstitutionSearch.isWordByte(InstitutionSearch.low(query.names[first])) { first += 1 }
        guard first < end, InstitutionSearch.low(query.names[first]) == query.word[0],
            let points = InstitutionSearch.initialsMatch(query.word, in: UnsafeBufferPointer(rebasing: query.names[start..<end]))
        else { return }
        add(index, points, length: end - start)
    }
}
