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
}
