// Rect.swift: rectangles of cells, for layout.

/// A rectangle of cells: `x`, `y` is the top-left cell, `width` columns by
/// `height` rows. Split helpers never produce negative sizes, so layouts
/// degrade gracefully down to a 1x1 terminal.
public struct Rect: Hashable, Sendable {
    /// Leftmost column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Number of columns (never negative).
    public var width: Int
    /// Number of rows (never negative).
    public var height: Int

    /// A rectangle; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle of `rows` x `cols` at the origin.
    public init(rows: Int, cols: Int) {
        self.init(x: 0, y: 0, width: cols, height: rows)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether cell (`y`, `x`) lies inside.
    public func contains(y: Int, x: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// The cells both rectangles cover (empty, at this origin, if none).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        if right <= left || bottom <= top { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The rectangle shrunk by the given number of cells on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let newWidth = max(0, width - left - right)
        let newHeight = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: newWidth, height: newHeight)
    }

    /// Splits into a left part `width` columns wide (clamped) and the rest.
    public func splitLeft(width leftWidth: Int) -> (left: Rect, right: Rect) {
        let w = min(max(0, leftWidth), width)
        return (Rect(x: x, y: y, width: w, height: height),
                Rect(x: x + w, y: y, width: width - w, height: height))
    }

    /// Splits into a right part `width` columns wide (clamped) and the rest.
    public func splitRight(width rightWidth: Int) -> (left: Rect, right: Rect) {
        splitLeft(width: width - min(max(0, rightWidth), width))
    }

    /// Splits into a top part `height` rows high (clamped) and the rest.
    public func splitTop(height topHeight: Int) -> (top: Rect, bottom: Rect) {
        let h = min(max(0, topHeight), height)
        return (Rect(x: x, y: y, width: width, height: h),
                Rect(x: x, y: y + h, width: width, height: height - h))
    }

    /// Splits into a bottom part `height` rows high (clamped) and the rest.
    public func splitBottom(height bottomHeight: Int) -> (top: Rect, bottom: Rect) {
        splitTop(height: height - min(max(0, bottomHeight), height))
    }

    /// A `width` x `height` rectangle centred inside this one (clamped).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(max(0, w), width)
        let ch = min(max(0, h), height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
