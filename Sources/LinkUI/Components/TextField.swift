/// TextField: an editable line of text with a cursor, for text that is not secret (a search, a
/// username). Secrets go in a ``SecretField``, which never holds them in a `String`.
///
/// Pasted text is inserted as text: newlines and control characters are dropped, never taken
/// as Enter, and the field stops at ``maxLength`` characters.
struct TextField: Hashable, Sendable, EditableLine {
    /// The characters typed.
    private(set) var characters: [Character] = []
    /// The cursor, 0…`characters.count`.
    private(set) var cursor = 0
    /// The most characters the field holds.
    var maxLength: Int

    /// Creates an empty field.
    init(maxLength: Int = 128) {
        self.maxLength = maxLength
    }

    /// The text typed.
    var text: String { String(characters) }

    /// Whether nothing is typed.
    var isEmpty: Bool { characters.isEmpty }

    /// Replaces the text; the cursor goes to the end.
    mutating func set(_ text: String) {
        characters = Array(Self.clean(text).prefix(maxLength))
        cursor = characters.count
    }

    /// Empties the field.
    mutating func clear() {
        characters.removeAll()
        cursor = 0
    }

    /// Applies an editing key; returns whether the text changed, `nil` when the key is not an edit.
    mutating func handle(_ key: Key) -> Bool? {
        switch key {
        case .char(let character):
            return insert(String(character))
        case .paste(let text):
            return insert(text.text)
        case .backspace:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return true
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
            return true
        case .left, .ctrl("b"):
            cursor = max(0, cursor - 1)
            return false
        case .right, .ctrl("f"):
            cursor = min(characters.count, cursor + 1)
            return false
        case .ctrl("a"):
            cursor = 0
            return false
        case .ctrl("e"):
            cursor = characters.count
            return false
        case .ctrl("u"):
            let changed = !characters.isEmpty
            clear()
            return changed
        case .ctrl("w"):
            guard cursor > 0 else { return false }
            var start = cursor
            while start > 0 && characters[start - 1] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return true
        default:
            return nil
        }
    }

    /// Inserts text at the cursor, cleaned and cut to the field's room.
    mutating func insert(_ text: String) -> Bool {
        let room = maxLength - characters.count
        guard room > 0 else { return false }
        let cleaned = Array(Self.clean(text).prefix(room))
        guard !cleaned.isEmpty else { return false }
        characters.insert(contentsOf: cleaned, at: cursor)
        cursor += cleaned.count
        return true
    }

    /// Text without control characters: tabs and newlines become spaces, the rest is dropped.
    static func clean(_ text: String) -> [Character] {
        var out: [Character] = []
        for character in sanitizeForTerminal(text.replacingNewlinesWithSpaces()) where displayWidth(of: character) > 0 || character == " " {
            out.append(character)
        }
        return out
    }

    /// What to draw: the text, scrolled so the cursor shows within `width` columns, and the
    /// cursor's column.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let shown = characters
        var start = 0
        var widthBeforeCursor = shown[0..<cursor].reduce(0) { $0 + displayWidth(of: $1) }
        while widthBeforeCursor >= width && start < cursor {
            widthBeforeCursor -= displayWidth(of: shown[start])
            start += 1
        }
        // (a loop, not String(shown[start...]): that generic initializer's first use searched every
        // protocol conformance of the program, on the way to the search pane's first frame)
        var tail = ""
        for character in shown[start...] { tail.append(character) }
        let text = truncate(tail, toWidth: width)
        return (text, widthBeforeCursor)
    }
}

extension String {
    /// The string with CR, LF and tabs as single spaces.
    func replacingNewlinesWithSpaces() -> String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" ? " " : $0 })
    }
}
