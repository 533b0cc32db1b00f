import Foundation
import Testing

@testable import LinkKit

// A batch search (search(_:limit:), `linkterm search`) does not keep every match: once it holds
// InstitutionSearch.pruneAt(limit:) of them it cuts them down to the best `limit` (issue 33, its
// memory). It must still give exactly what the search that keeps every match gives.
@Suite("Batch search keeps only the best, with the same results")
struct SearchBatchPruningTests {
    /// Enough names that each of the two halves of a one-word query holds more than pruneAt matches.
    static let search = SearchShortcutTests.makeSearch(SearchShortcutTests.makeNames(3 * InstitutionSearch.pruneAt(limit: 20) + 20_000))

    @Test("the same ranked matches, highlights and all, as keeping every match", arguments: [
        ("f", 20), ("fi", 20), ("f i", 20), ("first", 50), ("bank", 1), ("first plat", 20), ("plat", 9000), ("zzzz", 20),
    ])
    func same(_ query: String, _ limit: Int) {
        let kept = Self.search.search(query, among: nil, limit: limit)
        let batch = Self.search.search(query, limit: limit)
        #expect(batch == kept.matches)
    }

    @Test("a batch search lists no matching indices; one that may be narrowed lists them all")
    func matchingListed() {
        #expect(Self.search.search("f", among: nil, limit: 20, keepingMatching: false).matching.isEmpty)
        #expect(Self.search.search("f", among: nil, limit: 20, keepingMatching: true).matching.count > 2 * InstitutionSearch.pruneAt(limit: 20))
    }
}
