// TerminalScreen+ReadBack.swift: reading ncurses' screen back, for tests.

import CNcurses

/// A cell as ncurses holds it, read back with `mvwin_wch` / `getcchar`.
public struct ReadBackCell: Hashable, Sendable {
    /// The grapheme (base plus combining characters).
    public var text: String
    /// A_BOLD is set.
    public var bold: Bool
    /// A_UNDERLINE is set.
    public var underline: Bool
    /// A_REVERSE is set.
    public var reverse: Bool
    /// A_DIM is set.
    public var dim: Bool
    /// A_ITALIC is set.
    public var italic: Bool
    /// The colour pair number (0 = default colours).
    public var pair: Int
    /// The pair's foreground colour number (-1 = terminal default).
    public var foreground: Int
    /// The pair's background colour number (-1 = terminal default).
    public var background: Int
}

extension TerminalScreen {
    /// The screen as ncurses holds it, one string per row, the second cell of
    /// wide glyphs skipped and trailing spaces trimmed: comparable with
    /// `CellBuffer.lines()`.
    public func readBack() -> [String] {
        guard isOpen else { return [] }
        var lines: [String] = []
        for y in 0..<size.rows {
            var line = ""
            var x = 0
            while x < size.cols {
                let (text, base) = readText(y: y, x: x)
                line += text.isEmpty ? " " : text
                x += lt_wcwidth(base) == 2 ? 2 : 1
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// The cell at (`y`, `x`) with its attributes and colours, or `nil`
    /// outside the screen.
    public func readBackCell(y: Int, x: Int) -> ReadBackCell? {
        guard isOpen, y >= 0, y < size.rows, x >= 0, x < size.cols else { return nil }
        var buffer = [wchar_t](repeating: 0, count: 8)
        var attrs: UInt32 = 0
        var pair: Int32 = 0
        guard lt_read_cell(Int32(y), Int32(x), &buffer, Int32(buffer.count), &attrs, &pair) == 0 else { return nil }
        var fg: Int32 = -1
        var bg: Int32 = -1
        if pair != 0 { _ = lt_pair_content(pair, &fg, &bg) }
        return ReadBackCell(
            text: Self.string(from: buffer),
            bold: attrs & lt_a_bold() != 0, underline: attrs & lt_a_underline() != 0,
            reverse: attrs & lt_a_reverse() != 0, dim: attrs & lt_a_dim() != 0,
            italic: attrs & lt_a_italic() != 0,
            pair: Int(pair), foreground: Int(fg), background: Int(bg))
    }

    /// The text at (`y`, `x`) and its base wide character.
    private func readText(y: Int, x: Int) -> (String, wchar_t) {
        var buffer = [wchar_t](repeating: 0, count: 8)
        var attrs: UInt32 = 0
        var pair: Int32 = 0
        guard lt_read_cell(Int32(y), Int32(x), &buffer, Int32(buffer.count), &attrs, &pair) == 0 else {
            return ("", 0)
        }
        return (Self.string(from: buffer), buffer[0])
    }

    /// A NUL-terminated wide-character buffer as a String.
    private static func string(from buffer: [wchar_t]) -> String {
        var scalars = String.UnicodeScalarView()
        for value in buffer {
            if value == 0 { break }
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
