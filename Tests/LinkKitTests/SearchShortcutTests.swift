import Foundation
import Testing

@testable import LinkKit

// The search takes shortcuts for speed (issue 17): a list of names is read in place with generated
// ids, a query of several words first finds the names holding its longest word in one pass over
// the whole buffer, and a one-word query is scored from where the word occurs. Each must give
// exactly what scoring every institution one by one gives.

@Suite("Search shortcuts give what scoring every name gives")
struct SearchShortcutTests {
    /// Names with the traps of the shortcuts: words at the start, inside and across two names,
    /// case, accents, punctuation, initials, names that are one letter, repeats.
    static let names: [String] = makeNames(3000)

    static func makeNames(_ total: Int) -> [String] {
        let parts = ["First", "first", "Platypus", "Plat", "bank", "Bank", "of", "Fidelity", "FI", "fi", "Union",
                     "Ünion", "Crédit", "Fédérale", "savings", "S.A.", "(F)irst", "st", "Ibis", "f", "Fo", "Platte"]
        var random = SeededRandom(seed: 17)
        var names: [String] = ["F", "fi", "Fi Fo", "ff", "First", "Bank first", "Platypus", "École fi"]
        for _ in 0..<total {
            let count = 1 + Int(random.next() % 4)
            names.append((0..<count).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined(separator: " "))
        }
        return names
    }

    static let search = makeSearch(names)
    /// A directory large enough to be scored on two threads.
    static let large = makeSearch(makeNames(InstitutionSearch.parallelThreshold + 5000))

    static func makeSearch(_ names: [String]) -> InstitutionSearch {
        let text = Data(names.joined(separator: "\n").utf8)
        return InstitutionSearch(directory: try! InstitutionDirectory.parse(text, file: "names.txt"))
    }

    /// The ranked matches found by scoring every institution, as the search did before its shortcuts.
    static func reference(_ query: String, limit: Int, in search: InstitutionSearch = search) -> [SearchMatch] {
        let folded = TextFolding.foldedBytes(query)
        let words = folded.split(whereSeparator: { !InstitutionSearch.isWordByte($0) && $0 != 95 }).map(Array.init)
        guard !words.isEmpty else { return [] }
        let whole = Array(folded.drop { $0 == 32 })
        let compact = Array(words.joined())
        let tags = words.map(InstitutionSearch.tag(named:))
        var ranked: [(score: Int, index: Int)] = []
        search.directory.records.withNames { names, starts in
            for index in search.directory.records.indices {
                if let score = search.withName(index, in: names, starts, { name in
                    search.score(name: name, index: index, words: words, whole: whole, compact: compact, tags: tags)
                }) {
                    ranked.append((score, index))
                }
            }
        }
        guard !ranked.isEmpty else { return search.search(query, limit: limit) }  // the typo fallback: not a shortcut
        return search.best(ranked, limit: limit).map { SearchMatch(index: $0.index, score: $0.score, highlighted: []) }
    }

    @Test("every query gives the same ranked institutions and scores", arguments: [
        "f", "F", "fi", "fir", "first", "first ", "f-", "-f", "fpb", "fb", "bank", "b", "of", "a", "ún", "union",
        "é", "fed", "fi.", "st", "s.a", "first plat", "plat first", "bank of", "fi fo", "first bank of", "ins_custom_1",
        "ins", "ins_custom_12 bank", "oauth", "platypus oauth", "ibis f", "(f)", "irst",
    ])
    func sameAsScoringEveryName(_ query: String) {
        let found = Self.search.search(query, among: nil, limit: 400).matches
        let expected = Self.reference(query, limit: 400)
        #expect(found.map(\.index) == expected.map(\.index))
        #expect(found.map(\.score) == expected.map(\.score))
    }

    @Test("a large directory, scored in two halves at once, gives the same", arguments: ["f", "fi", "bank", "é", "st", "ff"])
    func largeSameAsScoringEveryName(_ query: String) {
        let found = Self.large.search(query, among: nil, limit: 400).matches
        let expected = Self.reference(query, limit: 400, in: Self.large)
        #expect(found.map(\.index) == expected.map(\.index))
        #expect(found.map(\.score) == expected.map(\.score))
        #expect(Self.large.search(query, among: nil, limit: 400).matching.count
                == Self.large.directory.records.indices.filter { index in
                    Self.large.directory.records.withNames { names, starts in
                        Self.large.withName(index, in: names, starts) { name in
                            let word = TextFolding.foldedBytes(query)
                            return Self.large.score(name: name, index: index, words: [word], whole: word, compact: word, tags: [0]) != nil
                        }
                    }
                }.count)
    }

    @Test("a list of names gets generated ids, found by id")
    func generatedIDs() {
        let records = Self.search.directory.records
        #expect(records.generatedIDs)
        #expect(records.id(at: 0) == "ins_custom_1")
        #expect(records.id(at: 1234) == "ins_custom_1235")
        #expect(Self.search.directory["ins_custom_1235"]?.name == records.name(at: 1234))
        #expect(Self.search.directory["ins_custom_0"] == nil)
        #expect(Self.search.directory["ins_custom_01"] == nil)
        #expect(Self.search.directory["ins_custom_\(records.count + 1)"] == nil)
    }
}

/// A small deterministic generator (splitmix64), so the names are the same on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// A query that enough names start with is answered from those names alone, in one light pass
// (issue 33: a one-letter query at 100k names no longer scores every name before its frame).
@Suite("The names that start with the query, when there are enough of them, are the best")
struct SearchLeadingTests {
    @Test("the same ranked matches as scoring every name, the shortcut taken or not", arguments: [
        ("f", 5), ("f", 20), ("F", 200), ("fi", 10), ("first", 20), ("first ", 20), ("first plat", 3), ("plat", 5),
        ("bank of", 10), ("fi fo", 3), ("first bank of", 2), ("(f)", 5), ("(f)irst", 2), ("-f", 5), ("é", 3), ("ún", 2),
        ("ibis f", 4), ("platypus oauth", 2), ("ins", 5), ("i", 10), ("st", 7), ("first plat bank of", 1), ("zz", 3),
    ])
    func same(_ query: String, _ limit: Int) {
        for search in [SearchShortcutTests.search, SearchShortcutTests.large] {
            let expected = SearchShortcutTests.reference(query, limit: limit, in: search)
            let found = search.search(query, narrowing: nil, limit: limit)
            #expect(found.matches.map(\.index) == expected.map(\.index), "\(query) \(limit)")
            #expect(found.matches.map(\.score) == expected.map(\.score), "\(query) \(limit)")
            #expect(found.matches == search.search(query, among: nil as [Int]?, limit: limit).matches, "highlights too")
            #expect(search.search(query, limit: limit) == found.matches, "batch")
        }
    }

    @Test("taken when enough names start with the query; not for a tag, four words, or too few names")
    func taken() {
        let search = SearchShortcutTests.large
        func leading(_ query: String, _ limit: Int) -> Bool {
            let folded = TextFolding.foldedBytes(query)
            let words = folded.split(whereSeparator: { !InstitutionSearch.isWordByte($0) && $0 != 95 }).map(Array.init)
            let whole = Array(folded.drop { $0 == 32 })
            return search.directory.records.withNames { names, starts in
                search.leadingMatches(words: words, whole: whole, tags: words.map(InstitutionSearch.tag(named:)), limit: limit,
                                      names: names, starts: starts) != nil
            }
        }
        #expect(leading("f", 200))
        #expect(leading("first", 20))
        #expect(leading("first plat", 3))
        #expect(!leading("first plat", 100_000), "fewer names than the limit start so")
        #expect(!leading("platypus oauth", 1), "a tag")
        #expect(!leading("first bank of fi", 1), "four words")
        // the pane's search: the set of matches is not gathered then, and the next query is not narrowed from it
        #expect(search.search("f", narrowing: nil, limit: 200).matching == nil)
        #expect(search.search("zzzz", narrowing: nil, limit: 200).matching != nil)
    }
}

@Suite("The set of a query answered from the names it starts with, found between keys")
struct SearchMatchingSetTests {
    static let search = SearchShortcutTests.large

    @Test("the set of every match, as a full search gathers it, from scratch or narrowed from the query before",
          arguments: ["first p", "plat", "first plat", "bank of f", "fi f"])
    func same(_ query: String) throws {
        let search = Self.search
        let full = search.search(query, among: nil as [Int]?, limit: 20).matching
        #expect(search.matchingSet(of: query, narrowing: nil)?.indices == full)
        let before = String(query.dropLast())
        let base = search.search(before, among: nil as SearchCandidates?, limit: 20, keepingMatching: true, leading: false).matching
        #expect(search.matchingSet(of: query, narrowing: base)?.indices == full, "narrowed from \"\(before)\"")
    }

    @Test("worth finding when the list came from fewer than 8 times its limit of names starting with the query")
    func worthFinding() {
        let search = Self.search
        func starting(_ query: String) -> Int {
            search.directory.records.indices.filter { search.directory.records[$0].name.lowercased().hasPrefix(query) }.count
        }
        for (query, limit) in [("f", 20), ("f", 200), ("first", 20), ("fi", 2_000), ("first plat", 3)] {
            let found = search.searchForList(query, narrowing: nil, limit: limit)
            #expect(found.matching == nil, "answered from the names starting with \(query)")
            #expect(found.setWorthFinding == (starting(query) < InstitutionSearch.refiningFactor * limit),
                    "\(query) \(limit): \(starting(query)) start with it")
        }
        // a list found by looking at every name has its set already
        let narrow = search.searchForList("platypus oauth", narrowing: nil, limit: 20)
        #expect(narrow.matching != nil && !narrow.setWorthFinding)
    }

    @Test("many candidates: the names the query starts with first; a few: narrowed; the same ranking either way")
    func leadingBeforeManyCandidates() {
        let search = Self.search
        let count = search.directory.records.count
        let many = search.search("f", among: nil as SearchCandidates?, limit: 200, keepingMatching: true, leading: false).matching
        #expect((many?.count ?? 0) > InstitutionSearch.narrowingLimit(count))
        let fromMany = search.search("fi", narrowing: many, limit: 200)
        #expect(fromMany.matching == nil, "answered from the names starting with fi")
        #expect(fromMany.matches.map(\.index) == SearchShortcutTests.reference("fi", limit: 200, in: search).map(\.index))
        // a query of a few hundred matches, narrowed from its own set
        let query = "ibis fi plat"
        let few = search.search(query, among: nil as SearchCandidates?, limit: 200, keepingMatching: true, leading: false).matching
        #expect((few?.count ?? .max) <= InstitutionSearch.narrowingLimit(count), "\(few?.count ?? -1)")
        let fromFew = search.search(query, narrowing: few, limit: 3)
        #expect(fromFew.matching != nil, "narrowed")
        #expect(fromFew.matches.map(\.index) == SearchShortcutTests.reference(query, limit: 3, in: search).map(\.index))
    }
}

@Suite("A search that folds names beyond ASCII as it looks at them gives the same")
struct SearchFoldingLaterTests {
    @Test("the same ranked matches, scores and highlights as folding every name ahead", arguments: [
        "f", "é", "ún", "union", "ünion", "crédit", "credit f", "fédérale", "école", "ecole fi", "fi", "first plat", "cr",
        "bank of", "s.a", "ins_custom_12", "oauth", "fpb", "ucf", "platpus",
    ])
    func same(_ query: String) {
        let names = SearchShortcutTests.makeNames(3000) + ["Éclair Bank", "\u{301}Acute First", "ÉCOLE", "Œuvre", "ﬁrst ﬂat"]
        let text = Data(names.joined(separator: "\n").utf8)
        let directory = try! InstitutionDirectory.parse(text, file: "names.txt")
        let ahead = InstitutionSearch(directory: directory)
        let later = InstitutionSearch(directory: directory, foldingAhead: false)
        #expect(later.folded.isEmpty)
        #expect(later.firstBytes == ahead.firstBytes)
        for limit in [1, 5, 50, 400] {
            #expect(later.search(query, limit: limit) == ahead.search(query, limit: limit), "\(query) \(limit)")
        }
        let sandboxAhead = InstitutionSearch(directory: .sandbox)
        let sandboxLater = InstitutionSearch(directory: .sandbox, foldingAhead: false)
        #expect(sandboxLater.search(query, limit: 50) == sandboxAhead.search(query, limit: 50), "stored ids: \(query)")
    }
}
