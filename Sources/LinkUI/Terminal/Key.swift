// Key.swift: decoded keyboard, mouse, paste and resize input.

/// One input event, as `TerminalScreen.readKey(timeoutMs:)` decodes it.
public enum Key: Hashable, Sendable {
    /// A printable character (never a control character).
    case char(Character)
    /// Enter / Return (CR with `nonl`, LF, or keypad Enter).
    case enter
    /// Escape: Esc with no byte after it within 50 ms.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (KEY_BACKSPACE, DEL 127 or BS 8).
    case backspace
    /// Delete (forward).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Function key F1–F63.
    case function(Int)
    /// Ctrl plus a letter, as the lowercase letter (Ctrl-C is `.ctrl("c")`).
    /// Ctrl-I, Ctrl-J/Ctrl-M and Ctrl-H arrive as `.tab`, `.enter` and
    /// `.backspace`, since terminals send the same bytes.
    case ctrl(Character)
    /// Bracketed paste: the text between the paste markers (or a piece of a paste
    /// that goes on), newlines kept as `"\n"` (never turned into Enter), at most
    /// 1 MiB for one paste. The text is UTF-8 in a zeroing buffer, never a `String`.
    case paste(PastedText)
    /// Alt held with a key: Esc followed at once by the key's bytes (Alt-y, Alt-Enter,
    /// Alt-Up). One key, never Escape followed by the key.
    indirect case alt(Key)
    /// A mouse event.
    case mouse(MouseEvent)
    /// The terminal was resized; `TerminalScreen.size` is already updated.
    case resize
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Button 1 went down.
        case press
        /// Button 1 went up.
        case release
        /// Button 1 clicked (press and release reported together).
        case click
        /// Wheel scrolled up.
        case wheelUp
        /// Wheel scrolled down.
        case wheelDown
    }

    /// Row of the event.
    public var y: Int
    /// Column of the event.
    public var x: Int
    /// What happened.
    public var kind: Kind

    /// A mouse event.
    public init(y: Int, x: Int, kind: Kind) {
        self.y = y
        self.x = x
        self.kind = kind
    }
}

extension Key {
    /// The key a character code (not a KEY_* code) from the terminal means,
    /// in raw mode with `nonl`: 13 and 10 are Enter, 9 Tab, 27 Escape, 127
    /// and 8 Backspace, 1–26 Ctrl-letter. Other controls give `nil`.
    public static func fromCharacterCode(_ code: UInt32) -> Key? {
        switch code {
        case 13, 10: return .enter
        case 9: return .tab
        case 27: return .escape
        case 127, 8: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0...31, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .char(Character(scalar))
        }
    }
}
