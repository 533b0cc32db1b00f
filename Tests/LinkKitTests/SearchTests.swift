import Testing
@testable import LinkKit

@Suite("Institution search ranking")
struct SearchTests {
    let search = InstitutionSearch(directory: .sandbox)

    func top(_ query: String) -> String? {
        search.search(query).first.map { search.directory.records[$0.index].name }
    }

    @Test("realistic queries rank the expected institution first", arguments: [
        ("first platypus", "First Platypus Bank"),
        ("First Platypus", "First Platypus Bank"),
        ("first plat", "First Platypus Bank"),
        ("platypus balance", "First Platypus Balance Bank"),
        ("fpb", "First Platypus Bank"),
        ("gingham", "First Gingham Credit Union"),
        ("tartan", "Tartan Bank"),
        ("oauth", "Platypus OAuth Bank"),
        ("platypus oauth", "Platypus OAuth Bank"),
        ("ins_109511", "Tartan Bank"),
        ("degraded", "Unhealthy Platypus Bank - Degraded"),
        ("chase", "Chase"),
        ("wells", "Wells Fargo"),
        ("CHASE", "Chase"),
        ("houndstooth", "Houndstooth Bank"),
    ])
    func ranking(query: String, expected: String) {
        #expect(top(query) == expected)
    }

    @Test("a tag in the query matches the institutions tagged so, below the names that say it")
    func tags() {
        let names = search.search("oauth").map { search.directory.records[$0.index].name }
        #expect(names.first == "Platypus OAuth Bank")
        #expect(names.contains("Chase") && names.contains("Wells Fargo"))
        #expect(names.firstIndex(of: "Chase")! > names.lastIndex { $0.localizedStandardContains("OAuth") }!)
        #expect(top("wells oauth") == "Wells Fargo")
        #expect(top("down") == "Unhealthy Platypus Bank - Down")
        #expect(search.search("tartan oauth").isEmpty, "Tartan Bank is no OAuth institution")
        // a tag completed after a prefix that had other matches: scanned anew, not narrowed
        let oau = search.search("oau", among: nil, limit: 50).matching
        #expect(search.search("oauth", among: oau, limit: 50).matches.count == names.count)
    }

    @Test("a query with a letter left out (platpus) still finds the name, when nothing matches exactly")
    func typo() {
        #expect(top("platpus") == "First Platypus Bank")
        #expect(top("hondstooth") == "Houndstooth Bank")
        #expect(search.search("platpus").first?.highlighted == [], "no characters claimed as matched")
        #expect(search.search("qzqz").isEmpty)
        // an exact match anywhere wins: no fuzzy matches are mixed in
        #expect(search.search("tartan").allSatisfy { search.directory.records[$0.index].name.contains("Tartan") })
    }

    @Test("every word must match; no match gives nothing")
    func allWords() {
        #expect(search.search("platypus zebra").isEmpty)
        #expect(search.search("").isEmpty)
        #expect(search.search("   ").isEmpty)
        #expect(search.search("qqqq").isEmpty)
    }

    @Test("accents and case are ignored, and the matched characters are reported")
    func accents() {
        let directory = InstitutionDirectory([
            InstitutionRecord(id: "ins_a", name: "Crédit Agricole"),
            InstitutionRecord(id: "ins_b", name: "Banco Ñandú"),
        ])
        let search = InstitutionSearch(directory: directory)
        #expect(search.search("credit").first?.index == 0)
        #expect(search.search("CRÉDIT").first?.index == 0)
        #expect(search.search("nandu").first?.index == 1)
        #expect(search.search("agri").first?.highlighted == [7, 8, 9, 10])
        #expect(search.search("cred").first?.highlighted == [0, 1, 2, 3])
    }

    @Test("ties go to the shorter name, then to directory order")
    func ties() {
        let directory = InstitutionDirectory([
            InstitutionRecord(id: "1", name: "Acme Bank of Springfield"),
            InstitutionRecord(id: "2", name: "Acme Bank"),
            InstitutionRecord(id: "3", name: "Acme Bonk"),
        ])
        let results = InstitutionSearch(directory: directory).search("acme")
        #expect(results.map(\.index) == [1, 2, 0])
    }
}

@Suite("Search narrows as characters are appended")
struct IncrementalSearchTests {
    @Test("narrowing from the previous query's matches gives exactly a full rescan's results")
    func narrowingIsExact() {
        var records: [InstitutionRecord] = []
        let words = ["First", "Platypus", "Bank", "Credit", "Union", "Federal", "Savings", "Tartan", "Plaid", "Trust", "Ñandú", "Crédit"]
        var generator = IDGenerator(seed: 3)
        for index in 0..<3000 {
            let count = 2 + Int(generator.next() % 4)
            let name = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            records.append(InstitutionRecord(id: "ins_\(index)", name: name))
        }
        let search = InstitutionSearch(directory: InstitutionDirectory(records))
        for query in ["first plat", "cred union", "fpb", "nandu sav", "ins_12", "plaid trust bank"] {
            var matching: [Int]?
            var previous = ""
            for character in query {
                let typed = previous + String(character)
                let narrowed = search.search(typed, among: previous.allSatisfy(\.isWhitespace) ? nil : matching, limit: 30)
                let full = search.search(typed, among: nil, limit: 30)
                #expect(narrowed.matches == full.matches, "\(typed)")
                #expect(Set(narrowed.matching) == Set(full.matching), "\(typed)")
                matching = narrowed.matching
                previous = typed
            }
        }
    }
}
