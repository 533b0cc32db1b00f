import Foundation
import Testing

@testable import LinkKit

// A search keeps only the best `limit` matches as it finds them (TopMatches) and the set of every
// match as bits or a short list (SearchCandidates), never one entry a match (issue 33, its
// memory). It must still give exactly what ranking every match gives.
@Suite("Search keeps only the best, with the same results")
struct SearchBatchPruningTests {
    /// Enough names for two halves scored at once, each with many more matches than any limit.
    static let search = SearchShortcutTests.makeSearch(SearchShortcutTests.makeNames(3 * 65_536 + 20_000))

    @Test("the same ranked matches as sorting every match, batch and narrowed", arguments: [
        ("f", 20), ("fi", 20), ("f i", 20), ("first", 50), ("bank", 1), ("first plat", 20), ("plat", 9000), ("zzzz", 20),
        ("ff", 200), ("é", 200), ("platpus", 30),
    ])
    func same(_ query: String, _ limit: Int) {
        let expected = SearchShortcutTests.reference(query, limit: limit, in: Self.search)
        let batch = Self.search.search(query, limit: limit)
        #expect(batch.map(\.index) == expected.map(\.index))
        #expect(batch.map(\.score) == expected.map(\.score))
        let kept = Self.search.search(query, narrowing: nil, limit: limit)
        #expect(kept.matches == batch)
        let full = Self.search.search(query, among: nil as [Int]?, limit: limit)
        #expect(full.matches == batch, "looking at every name")
    }

    @Test("a batch search gathers no set of matches; one that may be narrowed gathers them all, as bits when most names match")
    func matchingListed() {
        let total = Self.search.directory.records.count
        #expect(Self.search.search("f", among: nil, limit: 20, keepingMatching: false, leading: false).matching?.isEmpty == true)
        let all = Self.search.search("f", among: nil, limit: 20, keepingMatching: true, leading: false).matching!
        let expected = Self.search.directory.records.indices.filter { index in
            Self.search.directory.records.name(at: index).lowercased().contains("f")
        }
        #expect(all.indices == expected)
        #expect(all.count == expected.count)
        #expect(all.byteCount <= total / 8 + 8, "one bit a name")
        // few matches: a list of them
        let few = Self.search.search("zzzz", narrowing: nil, limit: 20).matching!
        #expect(few.byteCount <= 4 * max(few.count, 16))
    }

    @Test("the set of matches, as bits or a list, gives the same narrowed results")
    func narrowedFromEither() {
        for (first, then) in [("f", "f b"), ("fi", "first plat"), ("zz", "zzz z"), ("platy", "platypus bank")] {
            let base = Self.search.search(first, among: nil, limit: 50, keepingMatching: true, leading: false).matching
            let narrowed = Self.search.search(then, narrowing: base, limit: 50)
            let full = Self.search.search(then, narrowing: nil, limit: 50)
            #expect(narrowed.matches == full.matches, "\(first) → \(then)")
            let fullSet = Self.search.search(then, among: nil, limit: 50, keepingMatching: true, leading: false)
            let narrowedSet = Self.search.search(then, among: base, limit: 50, keepingMatching: true, leading: false)
            #expect(narrowedSet.matching == fullSet.matching, "\(first) → \(then)")
        }
    }
}

@Suite("The best matches and the set of matches")
struct TopMatchesTests {
    @Test("the heap keeps the best limit, in the order of sorting them all", arguments: [0, 1, 2, 7, 50, 1000])
    func heap(_ limit: Int) {
        var random = SeededRandom(seed: 3)
        let lengths = (0..<500).map { _ in Int(random.next() % 9) }
        var top = TopMatches(limit: limit)
        var all: [TopMatches.Entry] = []
        for index in 0..<500 {
            let score = Int(random.next() % 6)
            top.offer(score: score, length: lengths[index], index: index)
            all.append((score, lengths[index], index))
        }
        let expected = all.sorted(by: TopMatches.better).prefix(limit)
        #expect(top.sorted().map(\.index) == expected.map(\.index))
        #expect(top.offered == 500)
    }

    @Test("a builder switches from a list to bits past a name in 32, and joins parts in order")
    func builder() {
        var a = CandidateBuilder(total: 6400)
        var b = CandidateBuilder(total: 6400)
        for index in stride(from: 0, to: 3200, by: 3) { a.append(index) }
        for index in stride(from: 3200, to: 6400, by: 97) { b.append(index) }
        #expect(a.build().byteCount == 800, "bits: 6400 names")
        #expect(b.build().byteCount == 4 * b.count, "a list")
        a.append(contentsOf: b)
        let expected = Array(stride(from: 0, to: 3200, by: 3)) + Array(stride(from: 3200, to: 6400, by: 97))
        #expect(a.build().indices == expected)
        #expect(a.build().count == expected.count)
    }
}
