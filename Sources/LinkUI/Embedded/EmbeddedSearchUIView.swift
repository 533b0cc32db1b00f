import LinkKit

/// EmbeddedSearchUIView: Embedded Institution Search (LinkKit 7) in a terminal: a search box and
/// a list of institutions that an app draws in its own screen, where it likes, ``expectedHeight``
/// rows tall. The app hands it the keys while it has focus; when the person chooses an
/// institution (Enter on a row, or a click on the highlighted one), the view opens Link with the
/// view's presentation method, on consent and from there straight to that institution, and
/// returns once the session has ended (its callbacks fired as it went).
///
/// Create it with `Plaid.createEmbeddedLinkUIView(configuration:presentationMethod:)`.
public final class EmbeddedSearchUIView {
    /// The token, callbacks and settings of the sessions it opens.
    public let configuration: EmbeddedLinkTokenConfiguration
    /// How Link is shown once an institution is chosen.
    public let presentationMethod: EmbeddedPresentationMethod
    /// The theme the view and the Link it opens are drawn with.
    public var theme: Theme
    /// How many rows the view wants: its border, the search field, a caption and
    /// ``listedRows`` institutions. It draws in fewer, listing fewer.
    public var expectedHeight: Int { listedRows + 4 }
    /// How many institutions are listed at the expected height.
    public var listedRows = 6
    /// The session opened for the last institution chosen, once one was.
    public private(set) var session: PlaidLinkSession?
    /// How the last session opened ended, once one has (with a terminal presentation).
    public private(set) var lastEnd: SessionEnd?

    private let search: InstitutionSearch
    private var field = TextField(maxLength: 64)
    private var cursor = ListCursor()
    private var results: [SearchMatch] = []
    private var resultsQuery = ""
    private var listTop = 0
    private var listHeight = 1
    private var listLeft = 0
    private var listRight = 0

    init(configuration: EmbeddedLinkTokenConfiguration, presentationMethod: EmbeddedPresentationMethod, theme: Theme) {
        self.configuration = configuration
        self.presentationMethod = presentationMethod
        self.theme = theme
        search = InstitutionSearch(directory: configuration.options.directory)
    }

    /// KeyResult: what a key did.
    public enum KeyResult: Hashable, Sendable {
        /// The view does not use the key (the app may: Tab to its next control, Esc to leave).
        case ignored
        /// The view changed: draw it again.
        case handled
        /// Link was opened and has closed: the app's screen was covered, so repaint all of it.
        /// The session's end is in ``EmbeddedSearchUIView/lastEnd``; a signal's end (Ctrl-C,
        /// SIGTERM) should end the app too.
        case linkClosed(SessionEnd?)
    }

    /// The search typed so far.
    public var query: String { field.text }

    /// The institutions listed now: the directory's popular ones before typing, the best
    /// matches once a search is typed.
    public var listed: [InstitutionRecord] { rows.map(\.record) }

    private var rows: [(record: InstitutionRecord, highlighted: [Int], matchedID: Bool)] {
        if field.text.isBlank {
            return configuration.options.directory.popular.map { ($0, [], false) }
        }
        return results.map { (search.directory.records[$0.index], $0.highlighted, $0.matchedID) }
    }

    private func refresh() {
        guard field.text != resultsQuery else { return }
        resultsQuery = field.text
        results = search.search(resultsQuery, limit: InstitutionSearch.listLimit)
        cursor.reset()
    }

    /// Applies a key: typing searches, ↑/↓ (and Page keys) move, Enter opens Link at the
    /// highlighted institution, Esc clears a typed search.
    public func handle(_ key: Key) -> KeyResult {
        if let changed = field.handle(key) {
            if changed { refresh() }
            return .handled
        }
        let rows = rows
        if cursor.handle(key, count: rows.count, height: listHeight) { return .handled }
        switch key {
        case .enter:
            guard rows.indices.contains(cursor.index) else { return .handled }
            return open(rows[cursor.index].record.id)
        case .escape where !field.isEmpty:
            field.clear()
            refresh()
            return .handled
        case .mouse(let event) where event.kind == .press || event.kind == .click:
            let row = cursor.offset + event.y - listTop
            guard event.y >= listTop, event.y < listTop + listHeight, event.x >= listLeft, event.x < listRight,
                  rows.indices.contains(row) else { return .ignored }
            if row == cursor.index { return open(rows[row].record.id) }
            cursor.set(row, count: rows.count, height: listHeight)
            return .handled
        default:
            return .ignored
        }
    }

    /// Opens Link for `institutionID` as if the person had chosen it, and returns once the
    /// session has ended.
    public func open(_ institutionID: String) -> KeyResult {
        let linkConfiguration = configuration.linkConfiguration(institutionID: institutionID)
        let session: PlaidLinkSession
        do {
            session = try Plaid.createPlaidLinkSession(configuration: linkConfiguration)
        } catch {
            return .handled  // listed institutions are in the directory, and the rest was validated
        }
        self.session = session
        switch presentationMethod {
        case .presentation(let presentation):
            session.open(using: presentation)
            lastEnd = (presentation as? TerminalPresentation)?.end
        case .terminal, .viewController, .fullScreen:
            // full screen: on the app's screen (left open, repainted after), or one opened for Link
            let presentation = TerminalPresentation(theme: theme)
            if case .terminal(let screen) = presentationMethod { presentation.screen = screen }
            session.open(using: presentation)
            lastEnd = presentation.end
            presentation.screen?.forceRepaint()
        }
        return .linkClosed(lastEnd)
    }

    /// Draws the view in `area` of the app's buffer (the border included); returns where the
    /// cursor goes when `focused` (in the search field).
    @discardableResult
    public func draw(into buffer: inout CellBuffer, area: Rect, focused: Bool = true) -> CellPosition? {
        refresh()
        let s = ThemeStyles(theme: theme)
        guard area.width >= 12, area.height >= 4 else { return nil }
        buffer.fill(area, style: s.text)
        buffer.drawBox(area, style: focused ? s.accent : s.border, border: .rounded, title: " Connect a bank · Plaid ")
        let inner = area.inset(top: 1, left: 2, bottom: 1, right: 2)
        let cursorPosition = buffer.field(field, label: "Search", y: inner.y, area: inner, labelWidth: 9, focused: focused, styles: s)
        let rows = rows
        let typed = !field.text.isBlank
        buffer.text(typed ? (rows.isEmpty ? "No institutions match." : "Best matches") : "Popular institutions",
                    y: inner.y + 1, x: inner.x, area: inner, style: rows.isEmpty && typed ? s.warning : s.muted)
        listTop = inner.y + 2
        listHeight = max(1, inner.maxY - listTop)
        listLeft = area.x
        listRight = area.maxX
        cursor.keepVisible(count: rows.count, height: listHeight)
        let listArea = inner.inset(right: 1)  // the last column for the ▲/▼ marks
        for row in 0..<listHeight {
            let index = cursor.offset + row
            guard rows.indices.contains(index) else { break }
            buffer.institutionRow(rows[index].record, highlighted: rows[index].highlighted, matchedID: rows[index].matchedID,
                                  brand: nil, y: listTop + row, area: listArea, selected: focused && index == cursor.index,
                                  saved: false, styles: s)
        }
        buffer.scrollMarks(cursor, count: rows.count, height: listHeight, top: listTop, area: inner, style: s.text)
        return cursorPosition
    }
}

/// EmbeddedPresentationMethod: how the embedded search shows Link once an institution is chosen.
public enum EmbeddedPresentationMethod {
    /// Full screen on the screen the app draws on (the app's `TerminalScreen`, left open): the
    /// app repaints its own screen when Link has closed.
    case terminal(TerminalScreen)
    /// Full screen in this process's terminal, opened for Link and restored after: for an app that
    /// does not hold the terminal itself (the seed's `.viewController(self)`).
    case viewController(any TerminalViewController)
    /// The same as ``viewController(_:)``, for an app with no view controller to name.
    case fullScreen
    /// Any other presentation (a test's, a headless one).
    case presentation(any LinkPresentation)
}

/// The SwiftUI-shaped name of the same view (`Plaid.createEmbeddedLinkView`).
public typealias EmbeddedSearchView = EmbeddedSearchUIView

extension Plaid {
    /// Creates an Embedded Institution Search that shows Link full screen in this process's
    /// terminal (LinkKit 7's `createEmbeddedLinkView`, SwiftUI's entry point); see
    /// ``createEmbeddedLinkUIView(configuration:presentationMethod:theme:)``.
    public static func createEmbeddedLinkView(
        configuration: EmbeddedLinkTokenConfiguration, theme: Theme = ThemeLoader.defaultTheme
    ) throws(ConfigurationError) -> EmbeddedSearchView {
        try createEmbeddedLinkUIView(configuration: configuration, presentationMethod: .fullScreen, theme: theme)
    }

    /// Creates an Embedded Institution Search for the app to draw in its own screen (LinkKit 7's
    /// `createEmbeddedLinkUIView`); throws for a configuration no session could open with.
    public static func createEmbeddedLinkUIView(
        configuration: EmbeddedLinkTokenConfiguration, presentationMethod: EmbeddedPresentationMethod,
        theme: Theme = ThemeLoader.defaultTheme
    ) throws(ConfigurationError) -> EmbeddedSearchUIView {
        try configuration.validate()
        return EmbeddedSearchUIView(configuration: configuration, presentationMethod: presentationMethod, theme: theme)
    }
}
