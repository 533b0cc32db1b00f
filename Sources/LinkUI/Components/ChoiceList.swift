import LinkKit

/// ChoiceList: a short list of choices with one highlighted: ↑/↓ (Ctrl-P/Ctrl-N) move, the pane
/// decides what Enter does with ``highlighted``. The two-way choices (auth type, a matched
/// institution's verify method, the reroute of numbers) are one of these.
struct ChoiceList {
    /// The highlighted choice.
    var highlighted = 0

    /// Back to the first choice.
    mutating func reset() { highlighted = 0 }

    /// Moves the highlight for ↑/↓; returns whether `key` was a move.
    mutating func move(_ key: Key, count: Int) -> Bool {
        switch key {
        case .up, .ctrl("p"): highlighted = max(0, highlighted - 1)
        case .down, .ctrl("n"): highlighted = min(count - 1, highlighted + 1)
        default: return false
        }
        return true
    }

    /// A choice pane's keys: ↑/↓ move, Enter sends what `choose` makes of the highlighted
    /// choice, Esc sends `back`.
    mutating func handle<Action>(_ key: Key, count: Int, back: Action, choose: (Int) -> Action) -> PaneOutcome<Action> {
        if move(key, count: count) { return .handled }
        switch key {
        case .enter: return .send(choose(highlighted))
        case .escape: return .send(back)
        default: return .ignored
        }
    }

    /// The keys that pick choice `index`: moves to it, then Enter.
    func keys(choosing index: Int) -> [Key] {
        KeyPlanner.moves(from: highlighted, to: index) + [.enter]
    }

    /// Draws `titles` one a row from `y` (the highlighted one marked), each followed by its
    /// detail (indented, muted) when there is one; returns the row after the last.
    func draw(_ titles: [(title: String, detail: String?)], into buffer: inout CellBuffer, y start: Int, area: Rect,
              styles s: ThemeStyles) -> Int {
        var y = start
        for (index, choice) in titles.enumerated() where y < area.maxY {
            let selected = index == highlighted
            buffer.text((selected ? "› " : "  ") + choice.title, y: y, x: area.x, area: area, style: selected ? s.selectedItem : s.text)
            y += 1
            if let detail = choice.detail {
                let indented = Rect(x: area.x + 4, y: area.y, width: max(1, area.width - 4), height: area.height)
                y = buffer.paragraph(detail, y: y, area: indented, style: s.muted) + 1
            }
        }
        return y
    }
}
