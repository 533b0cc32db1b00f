import LinkKit

/// HelpOverlay: the pane's keys, the flavor's rows (its sandbox's values), the keys every pane
/// shares (F1, or `?` outside a text field); ↑/↓ scroll it when it does not fit.
public enum HelpOverlay {
    /// The keys every pane shares.
    static let globalKeys = [
        KeyLabel("Enter", "main action"), KeyLabel("Esc", "back / ask to exit"),
        KeyLabel("↑↓ ^P ^N", "move in lists"), KeyLabel("PgUp PgDn", "page in lists"),
        KeyLabel("Home End", "first / last"), KeyLabel("Tab S-Tab", "next / previous field"),
        KeyLabel("Space", "toggle a checkbox"), KeyLabel("Ctrl-X q", "ask to exit Link"),
        KeyLabel("Ctrl-C", "exit at once"), KeyLabel("F1 ?", "this help"),
        KeyLabel("F2", "show / hide the log"), KeyLabel("F3", "browse the log"),
        KeyLabel("F4", "the session's timeline"), KeyLabel("Ctrl-L", "redraw"),
        KeyLabel("Ctrl-U", "clear a field"),
    ]

    /// The sandbox credentials: the sandbox's own list (`SandboxCredentials.documented`).
    static var credentials: [(String, String)] {
        SandboxCredentials.documented.map { entry in
            (entry.password == "pass_good" ? "user_good / pass_good" : entry.password, entry.outcome)
        }
    }

    /// The institutions of the sandbox that behave apart, as the README lists them.
    static let specialInstitutions = [
        ("ins_132363", "degraded: a warning, continue anyway"),
        ("ins_132361", "down: a notice, back to search"),
        ("ins_133402", "not supported: a notice"),
        ("ins_127287", "Platypus OAuth Bank: a bank page (approve, cancel, fail)"),
        ("ins_135858", "Windowpane Bank: account numbers only (--product auth)"),
    ]

    /// Row: one line of the help.
    public enum Row: Hashable, Sendable {
        /// A heading.
        case heading(String)
        /// Two keys side by side.
        case keys(KeyLabel, KeyLabel?)
        /// A name and what it does (a password, an institution).
        case entry(String, String)
        /// A note.
        case note(String)
        /// A blank line.
        case blank
    }

    /// Plaid's help, in order: the sandbox's own values first (the ones a person looks for), then
    /// the credentials, the special institutions, the keys.
    static let plaidRows: [Row] = {
        var rows: [Row] = [
            .note("Returning user: phone 415-555-0010, code \(SavedProfile.sandboxCode) · deposit code \(SandboxAuth.depositCode)"),
            .blank, .heading("Sandbox credentials (username user_good)"),
        ]
        rows += credentials.map { Row.entry($0.0, $0.1) }
        rows += [.blank, .heading("Institutions that behave apart")]
        rows += specialInstitutions.map { Row.entry($0.0, $0.1) }
        return rows + keyRows
    }()

    /// The keys every pane shares, two a row, under their heading.
    static let keyRows: [Row] = {
        var rows: [Row] = [.blank, .heading("Keys")]
        for index in stride(from: 0, to: globalKeys.count, by: 2) {
            rows.append(.keys(globalKeys[index], index + 1 < globalKeys.count ? globalKeys[index + 1] : nil))
        }
        return rows
    }()

    /// The column an entry's meaning starts at, from the list's left edge.
    static let nameWidth = 28

    /// The column an entry's meaning starts at in a list `text` columns wide: ``nameWidth``, less
    /// on a narrow terminal (60 columns), so that a meaning keeps room to wrap at its words (a
    /// longer name goes on a line of its own).
    static func nameColumn(text: Int) -> Int { text >= 60 ? nameWidth : max(12, text * 2 / 5) }

    /// The box's width at least (where the area allows) and at most (on wide terminals, where
    /// longer lines then need no wrapping).
    static let widths = (least: 78, most: 124)

    /// The width `rows` would take unwrapped: the widest line, its margins, the scroll marks' column.
    static func naturalWidth(of rows: [Row]) -> Int {
        let widest = rows.map { row -> Int in
            switch row {
            case .heading(let text), .note(let text): displayWidth(of: text)
            case .entry(let name, let meaning): max(nameWidth, displayWidth(of: name) + 1) + displayWidth(of: meaning)
            case .keys, .blank: 0
            }
        }.max() ?? 0
        return widest + 4 + 2
    }

    /// `rows` as drawn `width` columns wide: notes and meanings wrapped at words (a meaning's
    /// next lines under its first, a name too long for its column on a line of its own).
    static func lines(of rows: [Row], width: Int) -> [Row] {
        let text = max(1, width - 2)  // one column apart from the scroll marks
        let column = nameColumn(text: text)
        let meaning = max(1, text - column)
        var lines: [Row] = []
        for row in rows {
            switch row {
            case .note(let note):
                lines += wrap(note, width: text).map(Row.note)
            case .heading(let heading):
                lines += wrap(heading, width: text).map(Row.heading)
            case .entry(let name, let what):
                let wrapped = wrap(what, width: meaning)
                if displayWidth(of: name) >= column {
                    lines.append(.entry(name, ""))
                    lines += wrapped.map { .entry("", $0) }
                } else {
                    lines += wrapped.enumerated().map { .entry($0.offset == 0 ? name : "", $0.element) }
                    if wrapped.isEmpty { lines.append(.entry(name, "")) }
                }
            case .keys, .blank:
                lines.append(row)
            }
        }
        return lines
    }

    /// How far the help can scroll in `area` (the rows it cannot show at once).
    static func maximumOffset(area: Rect, rows: [Row]) -> Int {
        let box = box(in: area, rows: rows)
        let count = lines(of: rows, width: box.width - 4).count
        return max(0, count - max(0, box.height - 4))
    }

    /// The offset after `key` when it scrolls the help shown in `area` (↑/↓, Ctrl-P/N, PgUp/PgDn,
    /// Home/End, the wheel), or `nil` for a key that closes it.
    static func scrolled(_ offset: Int, by key: Key, area: Rect, rows: [Row]) -> Int? {
        let page = max(1, box(in: area, rows: rows).height - 5)
        let moved: Int
        switch key {
        case .up, .ctrl("p"): moved = offset - 1
        case .down, .ctrl("n"): moved = offset + 1
        case .pageUp: moved = offset - page
        case .pageDown: moved = offset + page
        case .home: moved = 0
        case .end: moved = .max
        case .mouse(let event) where event.kind == .wheelUp: moved = offset - 3
        case .mouse(let event) where event.kind == .wheelDown: moved = offset + 3
        default: return nil
        }
        return min(max(0, moved), maximumOffset(area: area, rows: rows))
    }

    /// The box: 78 columns where they fit, wider on a wide terminal when the lines want it; as
    /// tall as its lines at that width.
    private static func box(in area: Rect, rows: [Row]) -> Rect {
        let width = min(area.width - 4, max(widths.least, min(widths.most, naturalWidth(of: rows))))
        let count = lines(of: rows, width: width - 4).count
        return area.centered(width: width, height: min(area.height, count + 4))
    }

    /// Draws the overlay over `area`: the pane's keys, then `rows` from `offset` (↑/↓ scroll
    /// them when they do not fit).
    static func draw(into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles, paneKeys: KeyLabels, rows: [Row],
                     offset: Int = 0) {
        let box = box(in: area, rows: rows)
        guard box.width >= 10, box.height >= 3 else { return }
        let shown = lines(of: rows, width: box.width - 4)
        let scrolls = maximumOffset(area: area, rows: rows) > 0
        // over the card and the log panel: no border or cut line of theirs beside the box
        buffer.clearUnderOverlay(box, in: area, styles: s)
        buffer.drawBox(box, style: s.border, border: .rounded,
                       title: scrolls ? " Help · ↑/↓ scroll · any other key closes " : " Help · any key closes ")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let used = buffer.text("This pane: ", y: inner.y, x: inner.x, area: inner, style: s.title)
        buffer.hints(paneKeys.bindings, y: inner.y, area: inner.inset(left: used), styles: s)
        let list = inner.inset(top: 2)
        let first = min(max(0, offset), maximumOffset(area: area, rows: rows))
        let column = inner.width / 2
        for (row, line) in shown.dropFirst(first).prefix(list.height).enumerated() {
            let y = list.y + row
            switch line {
            case .heading(let text):
                buffer.text(text, y: y, x: list.x, area: list, style: s.title)
            case .note(let text):
                buffer.text(text, y: y, x: list.x, area: list, style: s.muted)
            case .entry(let name, let meaning):
                buffer.text(name, y: y, x: list.x, area: list, style: s.accent)
                buffer.text(meaning, y: y, x: list.x + nameColumn(text: list.width - 2), area: list, style: s.text)
            case .keys(let left, let right):
                for (index, binding) in [left, right].enumerated() {
                    guard let binding else { continue }
                    let x = list.x + index * column
                    let cell = Rect(x: x, y: y, width: column - 1, height: 1)
                    buffer.text(binding.keys, y: y, x: x, area: cell, style: s.accent)
                    buffer.text(binding.action, y: y, x: x + 11, area: cell, style: s.text)
                }
            case .blank:
                break
            }
        }
        buffer.scrollMarks(offset: first, count: shown.count, height: list.height, top: list.y, area: list, style: s.text)
    }
}
