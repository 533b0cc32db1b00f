// CellRow.swift: one row of cells on its way to ncurses, handed over in one call.

import CNcurses

/// CellRow: the cells of one screen row as ncurses takes them (a column, a grapheme as wide
/// characters, attributes and a colour pair each), gathered by ``TerminalScreen/present(_:cursor:)``
/// and written by `lt_put_cells` in one call a row rather than one a cell.
///
/// Its storage is allocated once per frame and given back with ``deallocate()``; it holds at
/// most `capacity` cells (a row needs at most two per column: a glyph and the space after a
/// glyph the C library draws narrower than Swift measures it).
struct CellRow {
    /// The columns.
    private let xs: UnsafeMutablePointer<Int32>
    /// The graphemes, `LT_CELL_CHARS` wide characters each, NUL-terminated.
    private let chars: UnsafeMutablePointer<wchar_t>
    /// The ncurses attributes.
    private let attrs: UnsafeMutablePointer<UInt32>
    /// The colour pairs.
    private let pairs: UnsafeMutablePointer<Int32>
    /// How many cells it can hold.
    let capacity: Int
    /// How many it holds.
    private(set) var count = 0
    /// The style of the last cell added and its attributes and pair: neighbouring cells mostly
    /// share a style, and comparing is cheaper than a lookup.
    private var last: (style: Style, attrs: UInt32, pair: Int32)?

    /// Wide characters a cell takes in `chars`.
    private static let stride = Int(LT_CELL_CHARS)

    /// A row for up to `capacity` cells.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        xs = .allocate(capacity: self.capacity)
        chars = .allocate(capacity: self.capacity * Self.stride)
        attrs = .allocate(capacity: self.capacity)
        pairs = .allocate(capacity: self.capacity)
    }

    /// Gives the storage back; the row is not used after.
    func deallocate() {
        xs.deallocate()
        chars.deallocate()
        attrs.deallocate()
        pairs.deallocate()
    }

    /// Writes the cells gathered to row `y` of the screen and empties the row.
    mutating func flush(y: Int) {
        if count > 0 { _ = lt_put_cells(Int32(y), Int32(count), xs, chars, attrs, pairs) }
        count = 0
    }

    /// Adds `cell` at column `x` of a screen `cols` wide, its style shown as `styles` says.
    ///
    /// Continuation cells are skipped (their wide glyph covers them); a glyph on which Swift and
    /// the C library disagree about width is adjusted so that the columns of ncurses and of the
    /// buffer stay aligned.
    ///
    /// A cell is sent as its first spacing character and the zero-width marks on it, never as a
    /// whole emoji sequence: joiners (ZWJ), presentation selectors (VS15, VS16) and tag
    /// characters are left out, because terminals disagree on what they do to the width (tmux
    /// 3.3 glues the character after a ZWJ into the same cell and makes `❤` + VS16 two columns
    /// wide), and a width the screen does not know leaves the rest of the row shifted and stale
    /// characters behind. `👨‍👩‍👧` is drawn as `👨`, `❤️` as `❤`, `🇺🇸` as `🇺`: the same
    /// columns on every terminal.
    mutating func append(_ cell: Cell, x: Int, cols: Int, styles: (Style) -> (attrs: UInt32, pair: Int32)) {
        let attrs: UInt32
        let pair: Int32
        if let last, last.style == cell.style {
            attrs = last.attrs
            pair = last.pair
        } else {
            (attrs, pair) = styles(cell.style)
            last = (cell.style, attrs, pair)
        }
        let text = cell.text
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first {
            // printable ASCII, nearly every cell
            if byte >= 0x20 && byte < 0x7F {
                add(x: x, first: wchar_t(byte), attrs: attrs, pair: pair)
                return
            }
        } else if utf8.isEmpty {
            return  // the right half of a wide glyph
        }
        appendGrapheme(text, x: x, cols: cols, attrs: attrs, pair: pair)
    }

    /// Adds a cell that is not one printable ASCII character.
    private mutating func appendGrapheme(_ text: String, x: Int, cols: Int, attrs: UInt32, pair: Int32) {
        guard count < capacity else { return }
        let swiftWidth = displayWidth(of: text)
        let glyph = chars + count * Self.stride
        var used = 0
        var cursesWidth = 1
        for scalar in text.unicodeScalars {
            if isJoinerOrPresentationSelector(scalar.value) { continue }
            let wide = wchar_t(bitPattern: scalar.value)
            if used == 0 {
                if displayWidth(of: scalar) == 0 { continue }  // no base yet
                cursesWidth = Int(lt_wcwidth(wide))
                glyph[0] = wide
                used = 1
            } else if used < Self.stride - 1, lt_wcwidth(wide) == 0 {
                glyph[used] = wide
                used += 1
            } else {
                break
            }
        }
        if used == 0 || cursesWidth < 0 {
            glyph[0] = used == 0 ? 0x20 : 0xFFFD
            used = 1
            cursesWidth = 1
        }
        if cursesWidth == 2 && (swiftWidth != 2 || x + 1 >= cols) {
            glyph[0] = 0x20
            used = 1
            cursesWidth = 1
        }
        glyph[used] = 0
        xs[count] = Int32(x)
        self.attrs[count] = attrs
        pairs[count] = pair
        count += 1
        if swiftWidth == 2 && cursesWidth == 1 && x + 1 < cols {
            add(x: x + 1, first: 0x20, attrs: attrs, pair: pair)
        }
    }

    /// Adds a cell of one character.
    private mutating func add(x: Int, first: wchar_t, attrs: UInt32, pair: Int32) {
        guard count < capacity else { return }
        let glyph = chars + count * Self.stride
        glyph[0] = first
        glyph[1] = 0
        xs[count] = Int32(x)
        self.attrs[count] = attrs
        pairs[count] = pair
        count += 1
    }
}
