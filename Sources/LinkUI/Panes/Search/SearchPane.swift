import LinkKit

/// SearchPane: institution select; the popular list before typing, ranked results as you type.
struct SearchPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Select institution " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        var bindings = [PlaidKeyBinding("type", "search", matches: [.char("a")]), PlaidKeyBinding("↑/↓", "move", matches: [.up, .down]),
                        PlaidKeyBinding("Enter", "select", matches: [.enter])]
        if context.engine.offersAuth {
            bindings.append(PlaidKeyBinding("Tab", "use account numbers", matches: [.tab], sends: .chooseAuthType(.manual)))
        }
        return PlaidKeyMap(bindings + [PlaidKeyBinding("Esc", "clear / exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The field always shows the engine's query: a new visit starts from it at the top of the
    /// list; back from the exit dialog the list stays as it was; back from a notice about an
    /// institution the engine has cleared the search, and so does the field.
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        guard !returning || field.text != context.engine.query else { return }
        field.set(context.engine.query)
        cursor.reset()
    }

    /// `search`: clear the field and type the query; `select`: move to the institution's row and
    /// press Enter (or, when it is not listed, search for its id, which ranks it first).
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) throws(ActionRejected) -> [Key]? {
        switch command {
        case .search(let text):
            return [.ctrl("u")] + text.map { Key.char($0) }
        case .auth(.manual):
            return [.tab]
        case .brand(let name):
            // its row among the rows listed, else search for its name (it then comes first)
            if let target = rows(context).firstIndex(where: { $0.brand == name }) {
                return KeyPlanner.moves(from: cursor.index, to: target) + [.enter]
            }
            return [.ctrl("u")] + name.map { Key.char($0) } + [.enter]
        case .select(let id):
            guard context.engine.configuration.directory[id] != nil else {
                throw ActionRejected("there is no institution \(id) in the directory")
            }
            if let target = rows(context).firstIndex(where: { $0.record.id == id && $0.brand == nil }) {
                return KeyPlanner.moves(from: cursor.index, to: target) + [.enter]
            }
            return [.ctrl("u")] + id.map { Key.char($0) } + [.enter]
        default:
            return nil
        }
    }

    /// The search field.
    var field = TextField(maxLength: 64)
    /// The highlighted result.
    var cursor = ListCursor()
    /// The results for the field's text (recomputed only when the text changes).
    private(set) var results: [SearchMatch] = []
    private var resultsQuery: String?
    /// The row a mouse press landed on while it was highlighted: releasing there opens it.
    private var armedRow: Int?
    /// The rows of the list at the last draw (for paging).
    var listHeight = 10
    /// The screen row of the list's first line at the last draw (for mouse clicks).
    var listTop = 0

    /// The results of the queries typed on the way to the current one (each a prefix of the
    /// next), so that deleting characters finds them again instead of rescanning everything, and
    /// the set each matched (compact: at most an eighth of a byte a name), to narrow the next from
    /// (`nil` when the search found the best without looking at every name).
    private(set) var earlier: [(query: String, matches: [SearchMatch], matching: SearchCandidates?)] = []
    /// When the set of every match of the query shown is to be found (``idleWork(_:)``): the
    /// search found its best among the few hundred names the query starts with, without it, and
    /// the next key may look at every name.
    private var refineAt: Int64?
    /// How long after the results of a key the set is found, unless a key comes first: keys
    /// arriving together (a paste, a fast typist) are not held up by it.
    static let refineDelayMillis: Int64 = 20

    /// Recomputes the results if the query changed: a query that extends an earlier one only
    /// rescans what that one matched (the last with a set); one typed before on the way here is
    /// remembered.
    mutating func refresh(_ context: PlaidPaneContext) {
        let query = field.text
        guard query != resultsQuery else { return }
        earlier.removeAll { !query.hasPrefix($0.query) }
        if let known = earlier.last, known.query == query {
            results = known.matches
            refineAt = nil
        } else {
            // the last query on the way here with a set (each is a prefix of this one: its set
            // holds every match of this)
            let base = Self.latestSet(in: earlier[...])
            let found = context.search.searchForList(query, narrowing: base, limit: InstitutionSearch.listLimit)
            results = found.matches
            if earlier.count == 64 { earlier.removeFirst() }
            earlier.append((query, found.matches, found.matching))
            refineAt = found.setWorthFinding ? context.now + Self.refineDelayMillis : nil
        }
        resultsQuery = query
        cursor.reset()
    }

    func idleWorkAt(_ context: PlaidPaneContext) -> Int64? { refineAt }

    /// The set of the last of `queries` that has one (a blank query's is not a set to narrow from).
    static func latestSet(in queries: ArraySlice<(query: String, matches: [SearchMatch], matching: SearchCandidates?)>)
        -> SearchCandidates?
    {
        queries.last { $0.matching != nil && !$0.query.isBlank }?.matching
    }

    /// Finds the set of every match of the query shown, narrowed from the last query on the way
    /// that has one, so that the next character narrows from it (typing "first pl" at 100,000
    /// names looked at every name: 127 start with it, fewer than the list's 200).
    mutating func idleWork(_ context: PlaidPaneContext) {
        guard refineAt != nil, let last = earlier.indices.last else { return }
        refineAt = nil
        let base = Self.latestSet(in: earlier[..<last])
        earlier[last].matching = context.search.matchingSet(of: earlier[last].query, narrowing: base)
    }

    /// A listed row: an institution (`matchedID` when the query matched its id rather than its
    /// name), or (its first portal standing for it) a brand whose portals are listed more than
    /// once (``SandboxBrands``).
    typealias Row = (record: InstitutionRecord, highlighted: [Int], matchedID: Bool, brand: String?)

    /// The rows listed: the results, or the popular institutions before typing; a brand with two
    /// or more portals listed is one row.
    func rows(_ context: PlaidPaneContext) -> [Row] {
        let listed: [(record: InstitutionRecord, highlighted: [Int], matchedID: Bool)] = field.text.isBlank
            ? context.engine.configuration.directory.popular.map { ($0, [], false) }
            : results.map { (context.search.directory.records[$0.index], $0.highlighted, $0.matchedID) }
        let brands = SandboxBrands.collapsed(listed.map(\.record.id))
        guard !brands.isEmpty else { return listed.map { ($0.record, $0.highlighted, $0.matchedID, nil) } }
        var shown = Set<String>()
        return listed.compactMap { row in
            guard let brand = SandboxBrands.brand(of: row.record.id), brands.contains(brand) else {
                return (row.record, row.highlighted, row.matchedID, nil)
            }
            return shown.insert(brand).inserted ? (row.record, row.highlighted, row.matchedID, brand) : nil
        }
    }

    /// What opening a row does: choose the institution, or the brand.
    static func open(_ row: Row) -> UserAction {
        row.brand.map(UserAction.selectBrand) ?? .selectInstitution(id: row.record.id)
    }

    /// Typing edits the query (and tells the engine); arrows move; Enter selects the highlighted row.
    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        if let changed = field.handle(key) {
            guard changed else { return .handled }
            refresh(context)
            return .send(.setQuery(field.text))
        }
        let rows = rows(context)
        if cursor.handle(key, count: rows.count, height: listHeight) { return .handled }
        if case .mouse(let event) = key, event.kind == .press || event.kind == .click || event.kind == .release {
            // a click on a row highlights it, a click on the highlighted row opens it; terminals
            // report a click as a press and, when the button comes up, a release
            let row = cursor.offset + event.y - listTop
            let onRow = event.y >= listTop && event.y < listTop + listHeight && rows.indices.contains(row)
            let armed = armedRow
            armedRow = nil
            guard onRow else { return .ignored }
            switch event.kind {
            case .release:
                guard armed == row, row == cursor.index else { return .handled }
                return .send(Self.open(rows[row]))
            case .click where row == cursor.index:
                return .send(Self.open(rows[row]))
            default:
                if event.kind == .press && row == cursor.index { armedRow = row }
                cursor.set(row, count: rows.count, height: listHeight)
                return .handled
            }
        }
        switch key {
        case .tab where context.engine.offersAuth:
            return .send(.chooseAuthType(.manual))
        case .enter:
            guard rows.indices.contains(cursor.index) else { return .handled }
            return .send(Self.open(rows[cursor.index]))
        case .escape:
            // a query typed: Esc clears it (the engine does the same with `back`); else exit
            if !field.text.isBlank {
                field.clear()
                refresh(context)
            }
            return .send(.back)
        default:
            return .ignored
        }
    }

    /// Draws the field, the list (matched characters highlighted) or the no-results note.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        refresh(context)
        let s = context.styles
        buffer.text("Select your institution", y: area.y, x: area.x, area: area, style: s.title)
        let cursorPosition = buffer.field(field, label: "Search", y: area.y + 2, area: area, labelWidth: 10,
                                          focused: true, styles: s, placeholder: "a bank's name, or its initials (fpb)")
        let rows = rows(context)
        listTop = area.y + 4
        listHeight = max(1, area.maxY - listTop)
        let typed = !field.text.isBlank
        if typed && rows.isEmpty {
            let shown = truncate(field.text, toWidth: 30, ellipsis: "…")
            buffer.paragraph("No institutions match \"\(shown)\".", y: listTop, area: area, style: s.warning)
            let y = buffer.paragraph("Change the search (Esc or Ctrl-U clears it; Esc on an empty search exits).", y: listTop + 1,
                                     area: area, style: s.muted)
            if context.engine.offersAuth {
                buffer.paragraph("Don't see your bank? Tab links it with your account and routing numbers instead.", y: y + 1,
                                 area: area, style: s.accent)
            }
            return cursorPosition
        }
        buffer.text(typed ? "\(rows.count == InstitutionSearch.listLimit ? "\(InstitutionSearch.listLimit)+" : String(rows.count)) result\(rows.count == 1 ? "" : "s")" : "Popular institutions",
                    y: listTop - 1, x: area.x, area: area, style: s.muted)
        cursor.keepVisible(count: rows.count, height: listHeight)
        // the last column is the ▲/▼ marks' (a mark over a row's last column hid the end of its id)
        let listArea = area.inset(right: 1)
        for row in 0..<listHeight {
            let index = cursor.offset + row
            guard rows.indices.contains(index) else { break }
            let shown = rows[index]
            buffer.institutionRow(shown.record, highlighted: shown.highlighted, matchedID: shown.matchedID, brand: shown.brand,
                                  y: listTop + row, area: listArea, selected: index == cursor.index,
                                  saved: context.engine.isMatched(shown.record.id), styles: s)
        }
        buffer.scrollMarks(cursor, count: rows.count, height: listHeight, top: listTop, area: area, style: s.text)
        return cursorPosition
    }
}
