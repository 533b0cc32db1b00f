// DisplayWidth.swift: how many terminal columns text occupies.
//
// Text is measured and truncated by display columns, never by characters
// (docs/ARCHITECTURE.md §5): a CJK ideograph or an emoji takes two columns, a combining
// accent none. Pure Swift, so it works without ncurses.

/// The number of terminal columns `scalar` occupies on its own: 2 for East
/// Asian wide/fullwidth characters and emoji with emoji presentation, 0 for
/// controls (C0, DEL, C1), combining marks, format characters and Hangul
/// medial/final jamo, 1 otherwise.
public func displayWidth(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    // the common ones without a lookup of their category: Latin-1 to IPA (the accents of names),
    // dashes, quotes, bullets and ellipsis, arrows, box drawing and blocks (a card's frame)
    if value < 0x0300 || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
        || (0x2190...0x21FF).contains(value) || (0x2500...0x259F).contains(value) {
        return 1
    }
    if value == 0xAD || isVisibleFormatCharacter(value) { return 1 }
    if isWideScalar(value) { return 2 }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if value == 0x1171E { return 0 }  // a nonspacing mark to glibc 2.36 (Unicode 15.0), as ncurses lays it out
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
        return 0
    default:
        return 1
    }
}

/// Format (Cf) characters that are drawn, as the C library counts them: the
/// prepended concatenation marks (Arabic number signs and the like), which
/// carry a visible glyph.
private func isVisibleFormatCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
        return true
    default:
        return false
    }
}

/// The number of terminal columns the grapheme `character` occupies: the
/// widest of its scalars, so `"e\u{301}"` is 1, a CJK ideograph 2, an emoji
/// ZWJ sequence 2 and a lone combining mark or control 0.
public func displayWidth(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    var width = displayWidth(of: first)
    if first.value < 0x7F, width == 1, scalars.count == 1 { return 1 }
    while let next = iterator.next(), width < 2 {
        width = max(width, displayWidth(of: next))
    }
    return width
}

/// The number of terminal columns `string` occupies (the sum over its
/// graphemes). Printable ASCII takes a fast path.
public func displayWidth(of string: String) -> Int {
    var columns = 0
    for byte in string.utf8 {
        if byte >= 0x80 { return slowDisplayWidth(of: string) }
        if byte >= 0x20 && byte != 0x7F { columns += 1 }
    }
    return columns
}

/// The per-grapheme sum, for strings that are not all ASCII.
private func slowDisplayWidth(of string: String) -> Int {
    let scalars = string.unicodeScalars
    if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
        return displayWidth(of: only)  // one scalar (a cell of a frame, a bullet): no grapheme breaking
    }
    var columns = 0
    for character in string { columns += displayWidth(of: character) }
    return columns
}

/// `string` cut to at most `width` display columns, never splitting a wide
/// glyph. When it had to be cut and `ellipsis` is not empty, the ellipsis
/// takes the last columns (`truncate("Hello", toWidth: 4, ellipsis: "…")`
/// is `"Hel…"`).
public func truncate(_ string: String, toWidth width: Int, ellipsis: String = "") -> String {
    guard width > 0 else { return "" }
    if displayWidth(of: string) <= width { return string }
    let ellipsisWidth = displayWidth(of: ellipsis)
    let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
    var result = ""
    var used = 0
    for character in string {
        let w = displayWidth(of: character)
        if used + w > budget { break }
        result.append(character)
        used += w
    }
    if ellipsisWidth <= width { result += ellipsis }
    return result
}

/// `string` truncated to `width` columns, then padded with spaces on the
/// right to exactly `width` columns.
public func pad(_ string: String, toWidth width: Int) -> String {
    let cut = truncate(string, toWidth: width)
    let missing = width - displayWidth(of: cut)
    return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
}
