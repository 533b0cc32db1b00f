import Foundation
import Testing
import LinkKit
@testable import LinkUI

// The search pane answers a query that many names start with from those names alone, and narrows
// other queries from the set the one before matched (issue 33). Whatever way a list was found,
// the pane shows exactly the full ranking: every institution scored, the best 200.
@Suite("The search pane lists the full ranking, key by key")
struct SearchPaneRankingTests {
    /// 30,000 names (two halves scored at once), many starting with "First P…".
    static let directory: InstitutionDirectory = {
        let words = ["First", "Platypus", "Plat", "Platte", "Bank", "of", "Fidelity", "Union", "Crédit", "Savings", "Peoples",
                     "Fargo", "Trust", "Federal", "Ünion", "Pella", "Paris"]
        var random = UInt64(7)
        var names: [String] = []
        for index in 0..<30_000 {
            var parts: [String] = []
            for _ in 0..<(2 + index % 3) {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                parts.append(words[Int(random >> 33) % words.count])
            }
            names.append(parts.joined(separator: " ") + " \(index)")
        }
        return try! InstitutionDirectory.parse(Data(names.joined(separator: "\n").utf8), file: "names.txt")
    }()

    @Test("typing \"first plat\", then deleting: each list is the full ranking of its query")
    func keyByKey() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, directory: Self.directory))
        h.press(.enter)
        let search = h.app.flavor.search
        var typed = ""
        func check(_ what: String) {
            let full = search.search(typed, among: nil as [Int]?, limit: InstitutionSearch.listLimit).matches
            #expect(h.app.searchPane.results == full, "\(what): \"\(typed)\"")
        }
        for character in "first plat" {
            h.type(String(character))
            typed.append(character)
            check("typed")
        }
        for _ in 0..<6 {
            h.press(.backspace)
            typed.removeLast()
            check("deleted")
        }
        for character in "bank" {
            h.type(String(character))
            typed.append(character)
            check("typed again")
        }
        // the rows drawn are the ranking's first ones
        let screen = h.screen()
        let first = Self.directory.records[search.search(typed, limit: 1)[0].index].name
        #expect(screen.contains(first), "\(screen)")
    }

    @Test("between keys the pane finds the set of a query answered from the names it starts with; the next key narrows from it")
    func setFoundBetweenKeys() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, directory: Self.directory))
        h.press(.enter)
        let search = h.app.flavor.search
        func fullSet(_ query: String) -> [Int] {
            search.search(query, among: nil as [Int]?, limit: InstitutionSearch.listLimit).matching
        }
        // keys as they come, no time passing: "first p" is answered from the names it starts with
        for character in "first p" { _ = h.app.update(.key(.char(character))) }
        #expect(h.app.searchPane.earlier.last?.query == "first p")
        #expect(h.app.searchPane.earlier.last?.matching == nil)
        let starting = Self.directory.records.indices.filter { Self.directory.records[$0].name.lowercased().hasPrefix("first pa") }.count
        #expect(starting < InstitutionSearch.listLimit, "the next key's list is not found among the names it starts with")
        let due = h.clock.now.millis + SearchPane.refineDelayMillis
        #expect(h.app.nextDeadline == due, "the loop wakes for it")
        // not before its time
        h.clock.advance(by: SearchPane.refineDelayMillis - 1)
        _ = h.app.update(.tick)
        #expect(h.app.searchPane.earlier.last?.matching == nil)
        h.clock.advance(by: 1)
        _ = h.app.update(.tick)
        let set = try #require(h.app.searchPane.earlier.last?.matching, "found once due")
        let sameSet = set.indices == fullSet("first p")
        #expect(sameSet)
        #expect(h.app.nextDeadline != due, "done: nothing more due for it")
        // the next key (fewer than the list's 200 names start with "first pa") narrows from it:
        // its set is gathered, and the list is the full ranking
        _ = h.app.update(.key(.char("a")))
        let sameList = h.app.searchPane.results
            == search.search("first pa", among: nil as [Int]?, limit: InstitutionSearch.listLimit).matches
        #expect(sameList)
        let narrowedSet = h.app.searchPane.earlier.last?.matching?.indices == fullSet("first pa")
        #expect(narrowedSet)
        #expect(h.app.nextDeadline != h.clock.now.millis + SearchPane.refineDelayMillis, "nothing to find for it")
    }

    @Test("a query thousands of names start with gets no set between keys: the next key is answered the same way")
    func noSetWhereManyStartWithTheQuery() throws {
        let h = try AppHarness(SessionConfiguration(seed: 1, directory: Self.directory))
        h.press(.enter)
        _ = h.app.update(.key(.char("f")))
        h.clock.advance(by: SearchPane.refineDelayMillis)
        _ = h.app.update(.tick)
        #expect(h.app.searchPane.earlier.last?.query == "f")
        #expect(h.app.searchPane.earlier.last?.matching == nil)
        #expect(h.app.nextDeadline == nil || h.app.nextDeadline! > h.clock.now.millis, "not due again")
    }
}
