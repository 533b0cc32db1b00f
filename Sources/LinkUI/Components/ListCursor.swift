/// ListCursor: the highlighted row of a list and its scroll offset.
struct ListCursor: Hashable, Sendable {
    /// The highlighted row.
    private(set) var index = 0
    /// The first row shown.
    private(set) var offset = 0

    /// Creates a cursor at the top.
    init() {}

    /// Moves by `delta` rows within `count`, keeping the row visible in `height` rows.
    mutating func move(by delta: Int, count: Int, height: Int) {
        guard count > 0 else { index = 0; offset = 0; return }
        index = min(max(0, index + delta), count - 1)
        keepVisible(count: count, height: height)
    }

    /// Moves to `row`.
    mutating func set(_ row: Int, count: Int, height: Int) {
        move(by: row - index, count: count, height: height)
    }

    /// Back to the top.
    mutating func reset() {
        index = 0
        offset = 0
    }

    /// Adjusts the scroll so the highlighted row shows.
    mutating func keepVisible(count: Int, height: Int) {
        guard count > 0, height > 0 else { offset = 0; return }
        index = min(index, count - 1)
        if index < offset { offset = index }
        if index >= offset + height { offset = index - height + 1 }
        offset = max(0, min(offset, max(0, count - height)))
    }

    /// Applies a list-movement key; returns whether it was one.
    mutating func handle(_ key: Key, count: Int, height: Int) -> Bool {
        switch key {
        case .up, .ctrl("p"): move(by: -1, count: count, height: height)
        case .down, .ctrl("n"): move(by: 1, count: count, height: height)
        case .pageUp: move(by: -max(1, height - 1), count: count, height: height)
        case .pageDown: move(by: max(1, height - 1), count: count, height: height)
        case .home: set(0, count: count, height: height)
        case .end: set(count - 1, count: count, height: height)
        case .mouse(let event) where event.kind == .wheelUp: move(by: -3, count: count, height: height)
        case .mouse(let event) where event.kind == .wheelDown: move(by: 3, count: count, height: height)
        default: return false
        }
        return true
    }
}

extension CellBuffer {
    /// Marks at the list's right edge that more rows lie above (`▲`) or below (`▼`) the `height`
    /// rows shown from `top` (drawn after the rows, over their last column).
    mutating func scrollMarks(_ cursor: ListCursor, count: Int, height: Int, top: Int, area: Rect, style: Style) {
        scrollMarks(offset: cursor.offset, count: count, height: height, top: top, area: area, style: style)
    }

    /// The same marks for a list shown from row `offset`.
    mutating func scrollMarks(offset: Int, count: Int, height: Int, top: Int, area: Rect, style: Style) {
        guard height > 0, area.width > 0 else { return }
        if offset > 0 { text("▲", y: top, x: area.maxX - 1, area: area, style: style) }
        if offset + height < count { text("▼", y: top + height - 1, x: area.maxX - 1, area: area, style: style) }
    }
}
