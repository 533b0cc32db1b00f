import Testing
@testable import LinkKit
@testable import LinkUI

/// A presentation that plays the person's side on a manual clock: consent, then whatever comes.
private final class PlayingPresentation: LinkPresentation {
    var configurations: [SessionConfiguration] = []
    let clock = ManualClock()

    func makeClock() -> any SessionClock { clock }

    func present(_ driver: SessionDriver) {
        configurations.append(driver.engine.configuration)
        driver.start()
        try? driver.send(.primary)
        try? driver.send(.quit)
    }
}

@Suite("The embedded search component: what an app's screen shows, and the Link it opens")
struct EmbeddedSearchViewTests {
    private func makeView(_ presentation: PlayingPresentation, heard: @escaping (String) -> Void = { _ in })
        throws -> EmbeddedSearchUIView
    {
        let configuration = EmbeddedLinkTokenConfiguration(
            token: LinkToken.sandboxToken(seed: 0), onSuccess: { _ in heard("onSuccess") },
            onExit: { exit in heard("onExit \(exit.metadata.status?.description ?? "null")") },
            onEvent: { event in heard(event.eventName.description) })
        return try Plaid.createEmbeddedLinkUIView(configuration: configuration, presentationMethod: .presentation(presentation))
    }

    @Test("drawn in the app's area only: its box, the field, the popular institutions, the highlighted one marked")
    func drawsInItsArea() throws {
        let view = try makeView(PlayingPresentation())
        #expect(view.expectedHeight == 10)
        var buffer = CellBuffer(rows: 14, cols: 60)
        _ = buffer.put("the app's own text", y: 0, x: 0, style: .plain)
        let cursor = view.draw(into: &buffer, area: Rect(x: 4, y: 2, width: 50, height: view.expectedHeight))
        let lines = buffer.lines()
        #expect(lines[0].hasPrefix("the app's own text"))
        #expect(lines[2].hasPrefix("    ╭  Connect a bank · Plaid  ─"))
        #expect(lines[3].contains("› Search"))
        #expect(lines[4].contains("Popular institutions"))
        #expect(lines[5].contains("› First Platypus Bank") && lines[5].contains("ins_109508"))
        #expect(lines[6].contains("  First Gingham Credit Union"))
        #expect(lines[11].hasPrefix("    ╰"))
        #expect(lines[12].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(lines.allSatisfy { $0.count <= 60 && !$0.dropFirst(54).contains("│") })
        #expect(cursor?.y == 3)
    }

    @Test("typing searches, ↓ moves, Esc clears the search first; Enter opens Link at the highlighted institution")
    func keysOpenLink() throws {
        let presentation = PlayingPresentation()
        var heard: [String] = []
        let view = try makeView(presentation) { heard.append($0) }
        for character in "tartan" { #expect(view.handle(.char(character)) == .handled) }
        #expect(view.query == "tartan")
        #expect(view.listed.map(\.id).prefix(2) == ["ins_109511", "ins_43"])
        #expect(view.handle(.down) == .handled)
        #expect(view.handle(.escape) == .handled)
        #expect(view.query.isEmpty)
        #expect(view.handle(.escape) == .ignored, "Esc on an empty search is the app's")
        for character in "tartan" { _ = view.handle(.char(character)) }
        #expect(view.handle(.enter) == .linkClosed(nil))
        #expect(presentation.configurations.map(\.embeddedInstitutionID) == ["ins_109511"])
        #expect(heard == ["OPEN", "SELECT_INSTITUTION", "TRANSITION_VIEW", "EXIT", "onExit requires_credentials"])
        #expect(view.session != nil)
    }

    @Test("a search that finds nothing says so, and Enter then opens nothing")
    func noMatch() throws {
        let presentation = PlayingPresentation()
        let view = try makeView(presentation)
        for character in "zzzz" { _ = view.handle(.char(character)) }
        var buffer = CellBuffer(rows: 10, cols: 60)
        view.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 60, height: 10))
        #expect(buffer.lines()[2].contains("No institutions match."))
        #expect(view.handle(.enter) == .handled)
        #expect(presentation.configurations.isEmpty)
    }
}
