// Cell.swift: one cell of a cell buffer.

/// One terminal cell: a grapheme and its style. A wide glyph (2 columns)
/// occupies its cell and the next one, whose `text` is `""` (the
/// continuation half).
public struct Cell: Hashable, Sendable {
    /// One grapheme (base character plus combining marks), or `""` for the
    /// continuation half of a wide glyph.
    public var text: String
    /// How the cell looks.
    public var style: Style

    /// A cell; by default a plain space.
    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// A plain space.
    public static let blank = Cell()

    /// Whether this is the right half of a wide glyph.
    public var isContinuation: Bool { text.isEmpty }
}

/// A cell position: row `y`, column `x`.
public struct CellPosition: Hashable, Sendable {
    /// Row, from 0 at the top.
    public var y: Int
    /// Column, from 0 at the left.
    public var x: Int

    /// A position.
    public init(y: Int, x: Int) {
        self.y = y
        self.x = x
    }
}
