// AudienceFrame.swift: a cell buffer as the bytes that paint it on a watcher's terminal.

/// AudienceFrame: paints a ``CellBuffer`` on a terminal this process does not own through ncurses
/// (a watcher's, see ``Audience``), with the ANSI sequences every terminal a person connects with
/// understands: the alternate screen, cursor position (CUP), colours and attributes (SGR). A
/// whole frame clears the screen and paints every cell; a frame after another paints only the
/// cells that changed. Glyphs are sent as ``TerminalScreen`` sends them: a cell's first spacing
/// character and its combining marks, never joiners or presentation selectors, and the cursor is
/// placed again after every glyph that is not ASCII, so that a terminal that measures a glyph
/// otherwise shifts nothing after it.
enum AudienceFrame {
    /// What a whole frame starts with: the alternate screen, the cursor hidden, the screen cleared.
    static let start = Array("\u{1b}[?1049h\u{1b}[?25l\u{1b}[0m\u{1b}[H\u{1b}[2J".utf8)

    /// The bytes that turn `previous` (what the terminal shows; `nil`: unknown, or another size)
    /// into `buffer` on a terminal of `colors` colours (0: none, 8, 16, 256).
    static func bytes(_ buffer: CellBuffer, after previous: CellBuffer?, colors: Int) -> [UInt8] {
        let old = previous.flatMap { $0.rows == buffer.rows && $0.cols == buffer.cols ? $0 : nil }
        var out: [UInt8] = old == nil ? start : []
        var cursor: CellPosition?  // where the terminal's cursor is, when known
        var style: Style?  // the terminal's current style, when known (after the first SGR)
        for y in 0..<buffer.rows {
            for x in 0..<buffer.cols {
                let cell = buffer[y, x]
                if cell.isContinuation { continue }
                if let old {
                    let widePartner = x + 1 < buffer.cols && buffer[y, x + 1].isContinuation
                    let changed = cell != old[y, x] || (widePartner && buffer[y, x + 1] != old[y, x + 1])
                        || (x + 1 < buffer.cols && old[y, x + 1].isContinuation && !widePartner)
                    if !changed { continue }
                }
                if cursor != CellPosition(y: y, x: x) {
                    out += Array("\u{1b}[\(y + 1);\(x + 1)H".utf8)
                }
                if style != cell.style {
                    out += sgr(cell.style, colors: colors)
                    style = cell.style
                }
                let (glyph, width) = self.glyph(cell.text, roomForWide: x + 1 < buffer.cols)
                out += glyph
                // after a glyph that is not ASCII the terminal's idea of its width may differ
                cursor = glyph.count == 1 ? CellPosition(y: y, x: x + width) : nil
            }
        }
        if style != nil { out += Array("\u{1b}[0m".utf8) }
        return out
    }

    /// The bytes of one cell's glyph and the columns it takes.
    static func glyph(_ text: String, roomForWide: Bool) -> (bytes: [UInt8], width: Int) {
        let utf8 = Array(text.utf8)
        if utf8.count == 1, utf8[0] >= 0x20, utf8[0] < 0x7F { return (utf8, 1) }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isJoinerOrPresentationSelector(scalar.value) {
            if scalars.isEmpty {
                if displayWidth(of: scalar) > 0 { scalars.append(scalar) }
            } else if scalars.count < 5, displayWidth(of: scalar) == 0, scalar.value >= 0x300 {
                scalars.append(scalar)  // a combining mark on the base
            } else {
                break
            }
        }
        guard let base = scalars.first else { return ([0x20], 1) }
        let width = displayWidth(of: base)
        if width == 2 && !roomForWide { return ([0x20], 1) }
        return (Array(String(scalars).utf8), width)
    }

    /// The SGR sequence for `style` (from a reset), its colours degraded to `colors`.
    static func sgr(_ style: Style, colors: Int) -> [UInt8] {
        var parameters = ["0"]
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.italic { parameters.append("3") }
        if style.underline { parameters.append("4") }
        if style.reverse { parameters.append("7") }
        if colors > 0 {
            if let fg = code(style.fg.degraded(toColorCount: colors), base: 30, brightBase: 90, extended: 38) {
                parameters.append(fg)
            }
            if let bg = code(style.bg.degraded(toColorCount: colors), base: 40, brightBase: 100, extended: 48) {
                parameters.append(bg)
            }
        }
        return Array("\u{1b}[\(parameters.joined(separator: ";"))m".utf8)
    }

    /// The SGR parameter of a degraded colour: nil for the terminal's default.
    private static func code(_ color: TermColor, base: Int, brightBase: Int, extended: Int) -> String? {
        switch color {
        case .default: return nil
        case .indexed(let index) where index < 8: return String(base + Int(index))
        case .indexed(let index) where index < 16: return String(brightBase + Int(index) - 8)
        case .indexed(let index): return "\(extended);5;\(index)"
        case .rgb(let r, let g, let b): return "\(extended);5;\(TermColor.nearestXterm256(r: r, g: g, b: b))"
        }
    }
}
