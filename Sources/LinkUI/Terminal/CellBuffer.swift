// CellBuffer.swift: the grid panes draw into (Ratatui's Buffer).

/// A grid of `rows` x `cols` cells. Rendering is a pure function into a cell
/// buffer; only the terminal backend copies it to ncurses, cell by changed
/// cell. The buffer keeps wide glyphs whole: overwriting either half of one
/// turns its other half into a space.
public struct CellBuffer: Hashable, Sendable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let cols: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A buffer of blank cells in `style`. Negative sizes become 0.
    public init(rows: Int, cols: Int, style: Style = .plain) {
        self.rows = max(0, rows)
        self.cols = max(0, cols)
        self.cells = Array(repeating: Cell(text: " ", style: style), count: self.rows * self.cols)
    }

    /// The whole buffer as a rectangle at the origin.
    public var bounds: Rect { Rect(rows: rows, cols: cols) }

    /// The cell at row `y`, column `x`. Reading outside the buffer gives a
    /// blank cell; writing outside is ignored. Writing normalises the cell: a
    /// wide glyph also claims the next cell (a wide glyph in the last column
    /// becomes a space), and `""`, controls and lone combining marks become a
    /// space.
    public subscript(_ y: Int, _ x: Int) -> Cell {
        get {
            guard y >= 0, y < rows, x >= 0, x < cols else { return .blank }
            return cells[y * cols + x]
        }
        set {
            guard y >= 0, y < rows, x >= 0, x < cols else { return }
            let width = newValue.text.count == 1 ? displayWidth(of: newValue.text) : 0
            if width == 2, x + 1 < cols {
                setGlyph(y: y, x: x, text: newValue.text, wide: true, style: newValue.style)
            } else {
                setGlyph(y: y, x: x, text: width == 1 ? newValue.text : " ", wide: false, style: newValue.style)
            }
        }
    }

    /// Fills the part of `rect` inside the buffer with `character` (a space
    /// unless given; anything not one column wide becomes a space) in `style`.
    public mutating func fill(_ rect: Rect, style: Style, character: Character = " ") {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(text: displayWidth(of: character) == 1 ? String(character) : " ", style: style)
        for y in area.y..<area.maxY {
            // a wide glyph cut by either edge loses its other half (inside, every cell is overwritten)
            let first = y * cols + area.x
            let last = y * cols + area.maxX - 1
            detach(index: first, x: area.x)
            if last != first { detach(index: last, x: area.maxX - 1) }
            for index in first...last { cells[index] = cell }
        }
    }

    /// Changes the style of every cell of `rect` inside the buffer to `transform` of it, its
    /// text kept (a wide glyph's halves both change, so they stay alike when `rect` holds both).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                cells[y * cols + x].style = transform(cells[y * cols + x].style)
            }
        }
    }

    /// Writes `string` on row `y` from column `x`, in `style`, within
    /// `maxWidth` columns (and the buffer's edge), and returns the number of
    /// columns used. Clips by display width and never splits a wide glyph: a
    /// wide glyph with only one column left becomes a space. Zero-width
    /// graphemes (controls, lone combining marks) are skipped; the string is
    /// not otherwise sanitized (see `sanitizeForTerminal`).
    @discardableResult
    public mutating func put(_ string: String, y: Int, x: Int, maxWidth: Int? = nil, style: Style) -> Int {
        guard y >= 0, y < rows, x < cols else { return 0 }
        let span = maxWidth.map { max(0, $0) } ?? Int.max
        let limit = span >= cols - x ? cols : x + span
        if x >= 0, let used = putSimple(string, y: y, x: x, limit: limit, style: style) { return used }
        var column = x
        for character in string {
            if column >= limit { break }
            let width = displayWidth(of: character)
            if width == 0 { continue }
            if column + width > limit {
                if column >= 0 { setGlyph(y: y, x: column, text: " ", wide: false, style: style) }
                column += 1
                break
            }
            if column >= 0 {
                setGlyph(y: y, x: column, text: String(character), wide: width == 2, style: style)
            } else if column + width > 0 {
                setGlyph(y: y, x: 0, text: " ", wide: false, style: style)  // right half of a clipped glyph
            }
            column += width
        }
        return max(0, column - max(x, 0))
    }

    /// `put` for a string whose every scalar is a grapheme of its own one column wide (ASCII,
    /// Latin-1 to IPA, dashes, quotes, bullets, arrows, box drawing: nearly all text drawn), one
    /// cell per scalar without breaking the string into graphemes; `nil` (nothing written) for
    /// any other string.
    private mutating func putSimple(_ string: String, y: Int, x: Int, limit: Int, style: Style) -> Int? {
        let scalars = string.unicodeScalars
        for scalar in scalars where !isSimpleScalar(scalar.value) { return nil }
        var column = x
        for scalar in scalars {
            if column >= limit { break }
            setGlyph(y: y, x: column, text: String(scalar), wide: false, style: style)
            column += 1
        }
        return column - x
    }

    /// The screen as text, one string per row, continuation cells skipped
    /// and trailing spaces trimmed. For tests.
    public func lines() -> [String] {
        (0..<rows).map { line($0) }
    }

    /// Row `y` as text (continuation cells skipped, trailing spaces trimmed).
    public func line(_ y: Int) -> String {
        guard y >= 0, y < rows else { return "" }
        var text = ""
        for cell in cells[(y * cols)..<((y + 1) * cols)] { text += cell.text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The positions whose cells differ from `old`, row by row, left to
    /// right; every position if the sizes differ.
    public func diff(from old: CellBuffer) -> [CellPosition] {
        var changed: [CellPosition] = []
        let sameSize = old.rows == rows && old.cols == cols
        for y in 0..<rows {
            let base = y * cols
            for x in 0..<cols where !sameSize || cells[base + x] != old.cells[base + x] {
                changed.append(CellPosition(y: y, x: x))
            }
        }
        return changed
    }

    /// Stores one glyph at (y, x), which the caller has checked is inside,
    /// keeping wide glyphs whole. `wide` requires `x + 1 < cols`.
    private mutating func setGlyph(y: Int, x: Int, text: String, wide: Bool, style: Style) {
        let index = y * cols + x
        detach(index: index, x: x)
        cells[index] = Cell(text: text, style: style)
        if wide {
            detach(index: index + 1, x: x + 1)
            cells[index + 1] = Cell(text: "", style: style)
        }
    }

    /// Before cell `index` (column `x`) is overwritten: if it is half of a
    /// wide glyph, turns the other half into a space.
    private mutating func detach(index: Int, x: Int) {
        if cells[index].isContinuation {
            if x > 0 { cells[index - 1].text = " " }
        } else if x + 1 < cols, cells[index + 1].isContinuation {
            cells[index + 1].text = " "
        }
    }
}

/// Whether `value` is one column wide and never part of a larger grapheme (no mark, joiner,
/// selector, control or Hangul jamo can follow it inside a string of such scalars): printable
/// ASCII, Latin-1 to IPA, dashes, quotes, bullets and ellipsis, arrows, box drawing and blocks.
func isSimpleScalar(_ value: UInt32) -> Bool {
    if value < 0x7F { return value >= 0x20 }
    return (0xA0...0x2FF).contains(value) && value != 0xAD || (0x2010...0x2027).contains(value)
        || (0x2030...0x205E).contains(value) || (0x2190...0x21FF).contains(value) || (0x2500...0x259F).contains(value)
}
