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

extension Style {
    /// The style as one number, equal for equal styles and different for different ones: the
    /// terminal backend's cache key (26 bits a colour, a bit an attribute).
    var packed: UInt64 {
        var key = fg.packed | bg.packed << 26
        if bold { key |= 1 << 52 }
        if underline { key |= 1 << 53 }
        if reverse { key |= 1 << 54 }
        if dim { key |= 1 << 55 }
        if italic { key |= 1 << 56 }
        return key
    }
}

extension TermColor {
    /// The colour as 26 bits: its kind above 24 bits of value.
    var packed: UInt64 {
        switch self {
        case .default: 0
        case .indexed(let index): 1 << 24 | UInt64(index)
        case .rgb(let r, let g, let b): 2 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }
}
