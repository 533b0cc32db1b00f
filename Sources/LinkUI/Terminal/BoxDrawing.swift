// BoxDrawing.swift: borders drawn with Unicode line characters.
//
// Boxes are drawn as ordinary wide-character cells, not with ACS: with
// TERM=xterm-256color inside tmux, ncurses' box() comes back as `lqqk`
// (docs/ARCHITECTURE.md §5).

/// The six characters of a rectangular border.
public struct BorderSet: Hashable, Sendable {
    /// Horizontal line.
    public var horizontal: Character
    /// Vertical line.
    public var vertical: Character
    /// Top-left corner.
    public var topLeft: Character
    /// Top-right corner.
    public var topRight: Character
    /// Bottom-left corner.
    public var bottomLeft: Character
    /// Bottom-right corner.
    public var bottomRight: Character

    /// A border from its six characters.
    public init(
        horizontal: Character, vertical: Character,
        topLeft: Character, topRight: Character,
        bottomLeft: Character, bottomRight: Character
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// `┌─┐│└┘`.
    public static let light = BorderSet(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
    /// `╭─╮│╰╯`.
    public static let rounded = BorderSet(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
    /// `╔═╗║╚╝`.
    public static let double = BorderSet(
        horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
    /// `+-+|++`, for terminals without Unicode line drawing.
    public static let ascii = BorderSet(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
}

extension CellBuffer {
    /// Draws the border of `rect` (clipped to the buffer) with `border` in
    /// `style`, and `title`, if any, in the top edge after the corner, clipped
    /// to the box. The inside is left as it is.
    public mutating func drawBox(_ rect: Rect, style: Style, border: BorderSet = .light, title: String? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        let horizontal = String(repeating: String(border.horizontal), count: rect.width - 2)
        put(String(border.topLeft) + horizontal + String(border.topRight), y: rect.y, x: rect.x, maxWidth: rect.width, style: style)
        put(String(border.bottomLeft) + horizontal + String(border.bottomRight), y: bottom, x: rect.x, maxWidth: rect.width, style: style)
        let vertical = String(border.vertical)
        for y in (rect.y + 1)..<bottom {
            put(vertical, y: y, x: rect.x, maxWidth: 1, style: style)
            put(vertical, y: y, x: right, maxWidth: 1, style: style)
        }
        if let title, !title.isEmpty, rect.width > 4 {
            put(" " + title + " ", y: rect.y, x: rect.x + 1, maxWidth: rect.width - 2, style: style)
        }
    }
}
