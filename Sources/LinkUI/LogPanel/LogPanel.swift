// LogPanel.swift: the live event log: model and key handling. Drawing is in
// LogPanelView.swift, the key bindings in LogPanelKeyMap.swift.

import LinkKit
import LinkSDK

/// LogPanel: the live list of a session's events and callbacks, newest at the bottom.
///
/// The app appends every ``SessionRecord`` as it is delivered, sets ``isFocused`` (F3 focuses the
/// panel, Esc leaves), passes keys to ``handle(_:visibleRows:)`` while focused and draws it with
/// ``draw(into:area:styles:)``. While not focused, or focused with the selection on the newest
/// entry, the panel follows the newest entry as entries arrive. Enter shows the selected entry's
/// full metadata (``showsDetails``) in place of the list.
///
/// Each entry is formatted once when appended; drawing formats nothing but the rows it shows.
public struct LogPanel: Sendable {
    /// entries: the entries, oldest first.
    private(set) var entries: [LogEntry] = []
    /// The selected entry and the list's scroll position.
    private var cursor = ListCursor()
    /// The rows the list showed at the last key (a hint; drawing recomputes the scroll position).
    private var lastVisibleRows = 1
    /// The inner width at the last key that told it, for scrolling wrapped details exactly.
    private var knownWidth: Int?

    /// isFocused: whether the panel takes keys (set by the app). Leaving focus closes the details
    /// and goes back to following the newest entry.
    var isFocused = false {
        didSet {
            guard oldValue != isFocused else { return }
            if !isFocused {
                showsDetails = false
                editingFilter = false
                isZoomed = false
                selectNewest()
            }
        }
    }

    /// showsDetails: whether the selected entry's full metadata is shown in place of the list.
    /// Setting it scrolls the details back to their first line.
    var showsDetails = false {
        didSet { detailsOffset = 0 }
    }

    /// The details show the record's JSON line (pretty, coloured) instead of its fields (`j`).
    private(set) var detailsAsJSON = false
    /// The details list the fields whose value is null too, dimmed, after the others (`n` hides them).
    private(set) var detailsShowNulls = true
    /// The text the list is filtered by (`/`): an entry shows when its name or summary contains
    /// it, in any case; empty: every entry.
    private(set) var filter = ""
    /// Whether keys are typing the filter now (`/` until Enter or Esc).
    private(set) var editingFilter = false
    /// Whether the list takes the whole body instead of its place (`z`, while focused).
    private(set) var isZoomed = false
    /// A record's JSON the person asked to copy (`y`), for the app to send to the clipboard.
    private var copyRequest: String?

    /// Whether the last key copied the record (the inspector's title says so until the next key).
    private(set) var justCopied = false

    /// Takes the JSON line `y` asked to copy, once.
    mutating func takeCopyRequest() -> String? {
        defer { copyRequest = nil }
        return copyRequest
    }

    /// The entries the filter keeps, by index (`nil`: no filter, every entry), kept up to date as
    /// entries arrive so that drawing and keys never rescan the log.
    private var kept: [Int]?

    /// How many entries the list shows.
    var shownCount: Int { kept?.count ?? entries.count }

    /// The index in ``entries`` of the list's `position`th entry.
    func entryIndex(_ position: Int) -> Int { kept?[position] ?? position }

    /// The indices of the entries the list shows (all of them, or those the filter keeps).
    var shown: [Int] { kept ?? Array(entries.indices) }

    /// detailsOffset: the first details line shown.
    private(set) var detailsOffset = 0

    /// init(): creates an empty panel.
    init() {}

    /// append(_:at:): adds `record`, which arrived at `time` (the time shown for `load`,
    /// `success` and `exit`, which carry no timestamp). Formats the new entry only; follows it
    /// when the panel is following the newest entry.
    mutating func append(_ record: SessionRecord, at time: Timestamp) {
        append(LogEntry(record: record, at: time))
    }

    /// Appends a Mesh record (the same list, the same keys).
    mutating func append(_ record: MeshRecord, at time: Timestamp) {
        append(LogEntry(record: record, at: time))
    }

    /// Adds `record` as a LinkKit v1 app receives it (nothing for `load`: v1 had no onLoad).
    mutating func appendV1(_ record: SessionRecord, at time: Timestamp) {
        guard let callback = V1Callback(record) else { return }
        append(LogEntry(v1: callback, record: record, at: time))
    }

    private mutating func append(_ arrived: LogEntry) {
        // records keep the order they came in, and their times on screen never go backwards: a
        // record stamped before the callbacks listed just above it (an onLoad that arrived 1 ms
        // after the OPEN stamped, under load) brings their arrival times back to its own; one
        // stamped before another record's own time shows that time
        var entry = arrived
        if entry.hasOwnTime {
            var index = entries.count - 1
            while index >= 0, !entries[index].hasOwnTime, entries[index].time > entry.time {
                entries[index] = entries[index].restamped(entry.time)
                index -= 1
            }
        }
        if let last = entries.last?.time, last > entry.time { entry = entry.restamped(last) }
        let following = followsNewest
        if !filter.isEmpty, entry.matches(filter) { kept?.append(entries.count) }
        entries.append(entry)
        if following { selectNewest() }
    }

    /// removeAll(): empties the panel (a new session).
    mutating func removeAll() {
        entries.removeAll()
        kept = filter.isEmpty ? nil : []
        cursor.reset()
        showsDetails = false
    }

    /// followsNewest: whether the panel keeps the newest entry selected and in view as entries
    /// arrive: always while not focused; while focused when the selection is on the newest entry
    /// and the details are closed.
    var followsNewest: Bool {
        !isFocused || (!showsDetails && !editingFilter && cursor.index >= shownCount - 1)
    }

    /// selectedIndex: the index of the selected entry, `nil` when there are none.
    var selectedIndex: Int? {
        let count = shownCount
        return count == 0 ? nil : entryIndex(min(cursor.index, count - 1))
    }

    /// The selected entry's place in the list shown, from 0 (`nil` when the list is empty).
    var selectedPosition: Int? {
        let count = shownCount
        return count == 0 ? nil : min(cursor.index, count - 1)
    }

    /// selectedEntry: the selected entry, `nil` when there are none.
    var selectedEntry: LogEntry? {
        selectedIndex.map { entries[$0] }
    }

    /// select(_:visibleRows:): selects the `index`th entry listed (clamped) and scrolls it into view.
    mutating func select(_ index: Int, visibleRows: Int) {
        lastVisibleRows = max(1, visibleRows)
        cursor.set(index, count: shownCount, height: lastVisibleRows)
    }

    /// contentArea(in:): the part of `area` inside the panel's border, where rows are drawn
    /// (the whole area when it is too small for a border).
    static func contentArea(in area: Rect) -> Rect {
        area.width < 2 || area.height < 2 ? area : area.inset(by: 1)
    }

    /// handle(_:visibleRows:): handles a key while focused; returns false for keys it does not
    /// use (the app then handles them). Esc when no details are open returns false so the app
    /// unfocuses.
    ///
    /// List: ↑/↓ (Ctrl-P/Ctrl-N), PgUp/PgDn, Home/End and the mouse wheel move the selection;
    /// Enter opens the details. Details: the same keys scroll, ←/→ show the previous/next entry,
    /// Enter or Esc go back to the list. `visibleRows` is the number of rows inside the border.
    mutating func handle(_ key: Key, visibleRows: Int) -> Bool {
        handle(key, visibleRows: visibleRows, width: nil)
    }

    /// handle(_:area:): like ``handle(_:visibleRows:)``, with the rows and width taken from the
    /// panel's area (as ``draw(into:area:styles:)`` lays it out), so that wrapped details scroll
    /// exactly and a mouse click on a row selects it.
    mutating func handle(_ key: Key, area: Rect) -> Bool {
        let content = Self.contentArea(in: area)
        if case .mouse(let event) = key, event.kind == .click || event.kind == .press {
            guard !showsDetails, content.contains(y: event.y, x: event.x) else { return false }
            let (first, _) = visibleRange(rows: content.height)
            let row = first + event.y - content.y
            guard row < shownCount else { return false }
            select(row, visibleRows: content.height)
            return true
        }
        return handle(key, visibleRows: content.height, width: content.width)
    }

    /// handle(_:visibleRows:width:): like ``handle(_:visibleRows:)``; `width` is the width inside
    /// the border, which the details wrap to (`nil`: the last width given, if any).
    mutating func handle(_ key: Key, visibleRows: Int, width: Int?) -> Bool {
        justCopied = false
        let rows = max(1, visibleRows)
        lastVisibleRows = rows
        if let width { knownWidth = max(1, width) }
        if showsDetails { return handleDetails(key, rows: rows) }
        if editingFilter { return handleFilter(key) }
        switch key {
        case .enter:
            guard selectedIndex != nil else { return true }
            showsDetails = true
            return true
        case .char("/"):
            editingFilter = true
            return true
        case .char("z"):
            isZoomed.toggle()
            return true
        case .escape where !filter.isEmpty:
            setFilter("")
            return true
        case .escape:
            return false
        default:
            return cursor.handle(key, count: shownCount, height: rows)
        }
    }

    /// Keys while the details are shown.
    private mutating func handleDetails(_ key: Key, rows: Int) -> Bool {
        let count = detailLines(width: knownWidth).count
        let maxOffset = max(0, count - rows)
        switch key {
        case .enter, .escape:
            showsDetails = false
        case .up, .ctrl("p"): detailsOffset -= 1
        case .down, .ctrl("n"): detailsOffset += 1
        case .pageUp: detailsOffset -= max(1, rows - 1)
        case .pageDown: detailsOffset += max(1, rows - 1)
        case .home: detailsOffset = 0
        case .end: detailsOffset = maxOffset
        case .mouse(let event) where event.kind == .wheelUp: detailsOffset -= 3
        case .mouse(let event) where event.kind == .wheelDown: detailsOffset += 3
        case .left:
            cursor.move(by: -1, count: shownCount, height: rows)
            detailsOffset = 0
        case .right:
            cursor.move(by: 1, count: shownCount, height: rows)
            detailsOffset = 0
        case .char("j"):
            detailsAsJSON.toggle()
            detailsOffset = 0
        case .char("n"):
            detailsShowNulls.toggle()
            detailsOffset = 0
        case .char("y"):
            copyRequest = selectedEntry?.jsonLine
            justCopied = copyRequest != nil
        default:
            return false
        }
        detailsOffset = min(max(0, detailsOffset), maxOffset)
        return true
    }

    /// Keys while the filter is typed: text edits it (the list narrows as it goes), Enter keeps
    /// it, Esc clears it.
    private mutating func handleFilter(_ key: Key) -> Bool {
        switch key {
        case .char(let character) where !character.isNewline:
            if filter.count < 40 { setFilter(filter + String(character)) }
        case .backspace:
            setFilter(String(filter.dropLast()))
        case .ctrl("u"):
            setFilter("")
        case .enter:
            editingFilter = false
        case .escape:
            editingFilter = false
            setFilter("")
        default:
            return true  // the filter keeps every key while it is typed
        }
        return true
    }

    /// Sets the filter and selects the newest entry it keeps.
    private mutating func setFilter(_ text: String) {
        filter = sanitizeForTerminal(text)
        kept = filter.isEmpty ? nil : entries.indices.filter { entries[$0].matches(filter) }
        selectNewest()
    }

    /// Moves the selection to the newest entry.
    private mutating func selectNewest() {
        let count = shownCount
        cursor.set(count - 1, count: count, height: lastVisibleRows)
    }

    /// The entries shown in `rows` rows: the first index and how many. While following, the
    /// newest entry is at the bottom; otherwise the selection is kept in view.
    func visibleRange(rows: Int) -> (first: Int, count: Int) {
        let count = shownCount
        guard rows > 0, count > 0 else { return (0, 0) }
        var first: Int
        if followsNewest {
            first = count - rows
        } else {
            let selected = min(cursor.index, count - 1)
            first = cursor.offset
            if selected < first { first = selected }
            if selected >= first + rows { first = selected - rows + 1 }
        }
        first = max(0, min(first, count - rows))
        return (first, min(rows, count - first))
    }

    /// The selected entry's details as lines wrapped to `width` columns (unwrapped when `nil`),
    /// each with the width of its key prefix (0 on continuation lines) and whether it is a null
    /// value (dimmed): the first field (the event's name or the callback), then the fields that
    /// have a value, then (unless hidden with `n`) the null ones. With `j`: the record's JSON,
    /// one key per line.
    func detailLines(width: Int?) -> [(text: String, keyWidth: Int, isNull: Bool)] {
        guard let entry = selectedEntry else { return [] }
        if detailsAsJSON {
            return JSONLayout.lines(of: entry.jsonLine, width: width).map { ($0, 0, false) }
        }
        let fields = entry.details
        let valued = fields.enumerated().filter { $0.offset == 0 || $0.element.value != LogEntry.nullValue }.map(\.element)
        let nulls = fields.dropFirst().filter { $0.value == LogEntry.nullValue }
        var lines: [(text: String, keyWidth: Int, isNull: Bool)] = []
        for (field, isNull) in valued.map({ ($0, false) }) + (detailsShowNulls ? nulls.map { ($0, true) } : []) {
            let keyWidth = displayWidth(of: field.key) + 1
            guard let width else {
                lines.append((field.text, keyWidth, isNull))
                continue
            }
            for (index, line) in wrap(field.text, width: width, indent: 2, longWordsFillLines: true).enumerated() {
                lines.append((line, index == 0 ? keyWidth : 0, isNull))
            }
        }
        return lines
    }
}
