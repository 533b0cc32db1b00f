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

    /// The columns of an entry's meaning in the widest box (78 columns, 2 of margin each side, the
    /// name's 28, the scroll marks' column and one apart): a flavor wraps longer ones.
    static let meaningWidth = 78 - 4 - 28 - 2

    /// How far the help can scroll in `area` (the rows it cannot show at once).
    static func maximumOffset(area: Rect, rows: [Row]) -> Int {
        let box = box(in: area, rows: rows)
        return max(0, rows.count - max(0, box.height - 4))
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

    private static func box(in area: Rect, rows: [Row]) -> Rect {
        area.centered(width: min(area.width - 4, 78), height: min(area.height, rows.count + 4))
    }

    /// Draws the overlay over `area`: the pane's keys, then `rows` from `offset` (↑/↓ scroll
    /// them when they do not fit).
    static func draw(into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles, paneKeys: KeyLabels, rows: [Row],
                     offset: Int = 0) {
        let box = box(in: area, rows: rows)
        guard box.width >= 10, box.height >= 3 else { return }
        let scrolls = maximumOffset(area: area, rows: rows) > 0
        buffer.fill(box, style: s.text)
        buffer.drawBox(box, style: s.border, border: .rounded,
                       title: scrolls ? " Help · ↑/↓ scroll · any other key closes " : " Help · any key closes ")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let used = buffer.text("This pane: ", y: inner.y, x: inner.x, area: inner, style: s.title)
        buffer.hints(paneKeys.bindings, y: inner.y, area: inner.inset(left: used), styles: s)
        let list = inner.inset(top: 2)
        let first = min(max(0, offset), maximumOffset(area: area, rows: rows))
        let column = inner.width / 2
        for (row, line) in rows.dropFirst(first).prefix(list.height).enumerated() {
            let y = list.y + row
            switch line {
            case .heading(let text):
                buffer.text(text, y: y, x: list.x, area: list, style: s.title)
            case .note(let text):
                buffer.text(text, y: y, x: list.x, area: list, style: s.muted)
            case .entry(let name, let meaning):
                buffer.text(name, y: y, x: list.x, area: list, style: s.accent)
                buffer.text(meaning, y: y, x: list.x + 28, area: list, style: s.text)
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
        buffer.scrollMarks(offset: first, count: rows.count, height: list.height, top: list.y, area: list, style: s.accent)
    }
}
