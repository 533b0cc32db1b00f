import Testing
import LinkKit
@testable import LinkUI

/// The institution lists (the search pane, the embedded search) show an institution's id on the
/// highlighted row only, or on a row the search found by its id; tags stay on every row.
@Suite("Institution rows: the id on the highlighted row, or where the search matched the id")
struct InstitutionRowIDTests {
    /// The search pane with `query` typed (none: the popular list).
    func searched(_ query: String) throws -> AppHarness {
        let h = try AppHarness()
        h.press(.enter)
        if !query.isEmpty { h.type(query) }
        return h
    }

    /// The screen's line that lists `name` (its marker and name: "› First Platypus Bank").
    func line(_ marked: String, in h: AppHarness, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(h.render().lines().first { $0.contains("│ \(marked) ") }, "no row \(marked)", sourceLocation: sourceLocation)
    }

    /// The rows of the list: under its caption, down to the card's bottom.
    func listed(_ h: AppHarness) -> [String] {
        let lines = h.render().lines()
        guard let caption = lines.firstIndex(where: { $0.contains("results") || $0.contains("Popular institutions") }) else { return [] }
        return lines[(caption + 1)...].prefix { !$0.contains("╰") }.filter { !$0.dropFirst(5).allSatisfy { $0 == " " || $0 == "│" } }
    }

    /// The rows of the list that show an id.
    func linesWithIDs(_ h: AppHarness) -> [String] {
        listed(h).filter { $0.contains("ins_") }
    }

    @Test("typing a name: the highlighted row shows its id, the others their tags only")
    func onlyTheHighlightedRow() throws {
        let h = try searched("first plat")
        #expect(try line("› First Platypus Bank", in: h) == "    │ › First Platypus Bank                                    ins_109508  │")
        #expect(try line("  First Platypus Balance Bank", in: h) == "    │   First Platypus Balance Bank                                        │")
        #expect(try line("  First Platypus OAuth App2App Bank", in: h) == "    │   First Platypus OAuth App2App Bank                           OAuth  │",
                "the tag stays")
        #expect(linesWithIDs(h).count == 1)
    }

    @Test("a list longer than the pane: the highlighted bottom row keeps its whole id, the ▼ in a column of its own")
    func scrollMarkBesideTheID() throws {
        let h = try searched("bank")
        let rows = listed(h)
        #expect(rows.last?.hasSuffix("▼ │") == true, "more below: \(rows)")
        // in the text's style: the mark is the last cell a frame draws, and a mark in an
        // attribute of its own cost setting it and a full reset after it on every scroll
        let buffer = h.render()
        let y = try #require(buffer.lines().firstIndex { $0.hasSuffix("▼ │") })
        let x = try #require(buffer.lines()[y].firstIndex(of: "▼")).utf16Offset(in: buffer.lines()[y])
        #expect(buffer[y, x].style == h.app.styles.text)
        // down to the pane's bottom row: the selection stays there, the list scrolls under it
        for _ in 0..<rows.count { h.press(.down) }
        let bottom = try #require(listed(h).last)
        #expect(bottom.contains("› ") && bottom.hasSuffix("▼ │"), "\(bottom)")
        // its name, then its id (the directory's, whole), then the mark
        let name = bottom.dropFirst("    │ › ".count).components(separatedBy: "  ")[0]
        let id = try #require(InstitutionDirectory.sandbox.records.first { $0.name == name }?.id, "\(bottom)")
        #expect(bottom.hasSuffix(" \(id)▼ │"), "the id, whole, then the mark: \(bottom)")
    }

    @Test("the popular list: one id, the highlighted row's")
    func popular() throws {
        let h = try searched("")
        #expect(linesWithIDs(h).map { $0.contains("› First Platypus Bank") && $0.contains("ins_109508") } == [true])
    }

    @Test("moving the selection moves the id: off the row left, onto the row reached")
    func movesWithTheSelection() throws {
        let h = try searched("first plat")
        h.press(.down)
        #expect(try line("  First Platypus Bank", in: h) == "    │   First Platypus Bank                                                │")
        #expect(try line("› First Platypus Balance Bank", in: h) == "    │ › First Platypus Balance Bank                            ins_130016  │")
        h.press(.down)
        #expect(try line("› First Platypus OAuth App2App Bank", in: h) == "    │ › First Platypus OAuth App2App Bank               OAuth  ins_132241  │")
        #expect(linesWithIDs(h).count == 1)
        h.press(.up, .up)
        #expect(try line("› First Platypus Bank", in: h).contains("ins_109508"))
        #expect(linesWithIDs(h).count == 1)
    }

    @Test("typing an id: every row it matched by its id shows the id, highlighted or not")
    func idMatchedRowsShowTheirIDs() throws {
        let h = try searched("ins_1095")
        let rows = linesWithIDs(h)
        let ids = rows.compactMap { $0.split(separator: " ").first { $0.hasPrefix("ins_") } }
        #expect(ids.sorted() == ["ins_109508", "ins_109509", "ins_109510", "ins_109511", "ins_109512"], "\(rows)")
        #expect(rows.filter { $0.contains("│ › ") }.count == 1, "and one of them highlighted")
    }

    @Test("a word found in a name and at the start of ids (ins): the rows found by their id show it, the row found by its name does not")
    func byNameOrByID() throws {
        let h = try searched("ins")
        let name = "  Unsupported Platypus Bank - Institution"
        let screen = h.screen()
        #expect(screen.contains("› Unsupported Platypus Bank - Institution"), "ranked first (a word start in the name): \(screen)")
        h.press(.down)
        let row = try line(name, in: h)
        #expect(row == "    │   Unsupported Platypus Bank - Institution Not Supported unsupported  │", "the tag, no id")
        let rows = listed(h)
        #expect(rows.count == 10, "\(rows)")
        #expect(rows.filter { !$0.contains("ins_") } == [row], "every other row was found by its id: \(rows)")
    }

    @Test("a query of a name's word and an id's start: the row it matched shows its id")
    func nameAndIDWords() throws {
        let h = try searched("platypus ins_109508")
        #expect(try line("› First Platypus Bank", in: h).contains("ins_109508"))
        h.press(.ctrl("u"))
        h.type("platypus")
        #expect(linesWithIDs(h).count == 1, "matched by name alone: the highlighted row's id only: \(linesWithIDs(h))")
    }

    @Test("the search says which results it matched by their id")
    func searchTellsIDMatches() {
        let search = InstitutionSearch(directory: .sandbox)
        let byID = search.search("ins_1095", limit: 50)
        #expect(!byID.isEmpty && byID.allSatisfy(\.matchedID))
        #expect(search.search("first plat", limit: 50).allSatisfy { !$0.matchedID })
        #expect(search.search("fpb", limit: 50).allSatisfy { !$0.matchedID }, "initials are the name's")
        #expect(search.search("platypus ins_109508", limit: 50).map(\.matchedID) == [true])
    }

    @Test("the embedded search: the id on the highlighted row, and none while the view is not focused")
    func embedded() throws {
        let configuration = EmbeddedLinkTokenConfiguration(token: LinkToken.sandboxToken(seed: 0), onSuccess: { _ in }, onExit: { _ in })
        let view = try Plaid.createEmbeddedLinkUIView(configuration: configuration, presentationMethod: .fullScreen)
        func lines(focused: Bool = true) -> [String] {
            var buffer = CellBuffer(rows: 12, cols: 60)
            view.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 60, height: view.expectedHeight), focused: focused)
            return buffer.lines()
        }
        #expect(lines()[3].contains("› First Platypus Bank") && lines()[3].contains("ins_109508"))
        #expect(lines()[4].contains("  First Gingham Credit Union") && !lines()[4].contains("ins_"))
        _ = view.handle(.down)
        #expect(!lines()[3].contains("ins_"))
        #expect(lines()[4].contains("› First Gingham Credit Union") && lines()[4].contains("ins_"))
        #expect(lines(focused: false).allSatisfy { !$0.contains("ins_") })
    }
}
