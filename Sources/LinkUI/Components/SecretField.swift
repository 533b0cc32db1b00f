import LinkKit

/// SecretField: a masked line with a cursor, for a password, a code or an MFA answer.
///
/// Its text never becomes a `String` or a `[Character]`: typed characters go straight, as UTF-8,
/// into a ``SecretBuffer`` (zeroed as it changes and when freed), beside a second buffer holding
/// each character's length in bytes, which cursor moves and deletions need. Drawing needs only
/// the count. ``takeSecret()`` hands the text over as a ``Secret`` and wipes the field.
///
/// Like ``TextField``: pasted text is inserted as text (line breaks and tabs as spaces, other
/// controls dropped), never taken as Enter, and the field stops at ``maxLength`` characters.
/// Copies of a field are independent (copy on write).
struct SecretField: Sendable, EditableLine {
    /// The text, UTF-8.
    private var bytes = SecretBuffer()
    /// One byte per character: its UTF-8 length (1…255).
    private var lengths = SecretBuffer()
    /// The cursor, 0…``count``.
    private(set) var cursor = 0
    /// The most characters the field holds.
    var maxLength: Int

    /// Creates an empty field.
    init(maxLength: Int = 128) {
        self.maxLength = maxLength
    }

    /// The number of characters typed.
    var count: Int { lengths.count }

    /// Whether nothing is typed.
    var isEmpty: Bool { count == 0 }

    /// Empties the field, zeroing what it held.
    mutating func clear() {
        unshare()
        bytes.removeAll()
        lengths.removeAll()
        cursor = 0
    }

    /// The text as a ``Secret`` (its own copy of the bytes); the field is wiped and empty after.
    mutating func takeSecret() -> Secret {
        let secret = Secret(copying: bytes)
        clear()
        return secret
    }

    /// A copy of the text as a ``Secret`` (its own bytes, for a check before submitting); the
    /// field keeps its text. Wipe the copy once read.
    func peekCopy() -> Secret {
        Secret(copying: bytes)
    }

    /// Applies an editing key; returns whether the text changed, `nil` when the key is not an edit.
    mutating func handle(_ key: Key) -> Bool? {
        switch key {
        case .char(let character):
            return insert(character)
        case .paste(let pasted):
            // straight from the paste's zeroing buffer: never a `String` of the secret
            return insert(pastedUTF8: pasted.bytes)
        case .backspace:
            guard cursor > 0 else { return false }
            remove(cursor - 1..<cursor)
            return true
        case .delete, .ctrl("d"):
            guard cursor < count else { return false }
            remove(cursor..<cursor + 1)
            return true
        case .left, .ctrl("b"):
            cursor = max(0, cursor - 1)
            return false
        case .right, .ctrl("f"):
            cursor = min(count, cursor + 1)
            return false
        case .ctrl("a"):
            cursor = 0
            return false
        case .ctrl("e"):
            cursor = count
            return false
        case .ctrl("u"):
            let changed = !isEmpty
            clear()
            return changed
        case .ctrl("w"):
            guard cursor > 0 else { return false }
            var start = cursor
            while start > 0 && isSpace(at: start - 1) { start -= 1 }
            while start > 0 && !isSpace(at: start - 1) { start -= 1 }
            remove(start..<cursor)
            return true
        default:
            return nil
        }
    }

    /// Inserts one character at the cursor, if it is text and there is room.
    mutating func insert(_ character: Character) -> Bool {
        guard count < maxLength, let accepted = Self.accepted(character) else { return false }
        // a `Character` of up to 15 bytes (every typed key) holds them inline: no heap copy here
        let utf8 = accepted.utf8
        guard utf8.count <= Int(UInt8.max) else { return false }
        unshare()
        let offset = byteOffset(ofCharacter: cursor)
        for (index, byte) in utf8.enumerated() { bytes.insert(byte, at: offset + index) }
        lengths.insert(UInt8(utf8.count), at: cursor)
        cursor += 1
        return true
    }

    /// Inserts pasted text at the cursor, character by character, cut to the field's room. The
    /// field keeps no copy of the `String`; the `String` itself is the caller's.
    mutating func insert(pasted text: String) -> Bool {
        var changed = false
        for character in text {
            guard count < maxLength else { break }
            if insert(character) { changed = true }
        }
        return changed
    }

    /// Inserts pasted text given as UTF-8 bytes (a paste reader that collects into a
    /// ``SecretBuffer``), character by character, cut to the field's room: no `String` of the
    /// paste is made. The caller keeps and wipes `pasted`.
    mutating func insert(pastedUTF8 pasted: SecretBuffer) -> Bool {
        var changed = false
        pasted.forEachCharacter { character in
            guard count < maxLength else { return false }
            if insert(character) { changed = true }
            return true
        }
        return changed
    }

    /// What to draw: one `•` per character, scrolled so the cursor shows within `width` columns,
    /// and the cursor's column.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        var start = 0
        var widthBeforeCursor = cursor
        while widthBeforeCursor >= width && start < cursor {
            widthBeforeCursor -= 1
            start += 1
        }
        let text = truncate(String(repeating: "•", count: count - start), toWidth: width)
        return (text, widthBeforeCursor)
    }

    /// The character as the field keeps it: line breaks and tabs become a space; a character with
    /// a control or bidirectional control in it, or that takes no column, is refused.
    static func accepted(_ character: Character) -> Character? {
        if character == "\n" || character == "\r" || character == "\r\n" || character == "\t" { return " " }
        for scalar in character.unicodeScalars where isControl(scalar) { return nil }
        return character == " " || displayWidth(of: character) > 0 ? character : nil
    }

    /// C0 and C1 controls, DEL, and the bidirectional controls the terminal sanitiser drops.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// Gives each buffer its own copy before a change, if another copy of the field shares it.
    private mutating func unshare() {
        if !isKnownUniquelyReferenced(&bytes) { bytes = bytes.copy() }
        if !isKnownUniquelyReferenced(&lengths) { lengths = lengths.copy() }
    }

    /// The byte offset where character `index` starts.
    private func byteOffset(ofCharacter index: Int) -> Int {
        lengths.withUnsafeBytes { lengths in lengths.prefix(index).reduce(0) { $0 + Int($1) } }
    }

    /// Whether character `index` is a space.
    private func isSpace(at index: Int) -> Bool {
        let offset = byteOffset(ofCharacter: index)
        let length = lengths.withUnsafeBytes { $0[index] }
        return length == 1 && bytes.withUnsafeBytes { $0[offset] } == 0x20
    }

    /// Removes the characters in `range`, zeroing their bytes.
    private mutating func remove(_ range: Range<Int>) {
        unshare()
        let start = byteOffset(ofCharacter: range.lowerBound)
        let end = byteOffset(ofCharacter: range.upperBound)
        bytes.removeSubrange(start..<end)
        lengths.removeSubrange(range)
        cursor = range.lowerBound
    }
}

extension SecretField {
    /// A code pane's keys: Esc sends `back`, Enter sends a code typed (as `submit` makes it; the
    /// field is wiped as the code leaves), any other key edits the field.
    mutating func handleCodeEntry<Action>(_ key: Key, back: Action, submit: (Secret) -> Action) -> PaneOutcome<Action> {
        switch key {
        case .escape: return .send(back)
        case .enter: return isEmpty ? .handled : .send(submit(takeSecret()))
        default: return handle(key) == nil ? .ignored : .handled
        }
    }

    /// What the autopilot types to enter `secret` in a code field: clear it, type, Enter.
    static func keys(entering secret: Secret) -> [Key] {
        [.ctrl("u")] + KeyPlanner.keys(typing: secret) + [.enter]
    }
}
