// Style.swift: how a cell looks.

/// The look of one cell: colours and attributes. Themes derive every style
/// from a few semantic ones; the terminal backend maps a style to ncurses
/// attributes and a colour pair.
public struct Style: Hashable, Sendable {
    /// Foreground (text) colour.
    public var fg: TermColor
    /// Background colour.
    public var bg: TermColor
    /// Bold (bright) text.
    public var bold: Bool
    /// Underlined text.
    public var underline: Bool
    /// Foreground and background swapped; visible even without colour.
    public var reverse: Bool
    /// Dim (faint) text.
    public var dim: Bool
    /// Italic text, where the terminal supports it.
    public var italic: Bool

    /// A style; everything defaults to the terminal's plain text.
    public init(
        fg: TermColor = .default, bg: TermColor = .default,
        bold: Bool = false, underline: Bool = false, reverse: Bool = false,
        dim: Bool = false, italic: Bool = false
    ) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
        self.italic = italic
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()
}
