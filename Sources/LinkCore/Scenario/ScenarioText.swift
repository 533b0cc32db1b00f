/// The words of a scenario file's line, as both flavors read them: comments, quoted words, the
/// longest wait.
extension ScenarioFile {
    /// The longest `wait` a scenario may hold (a day), in milliseconds.
    public static let maximumWaitMillis: Int64 = 86_400_000

    /// Splits on white space, keeping `"…"` together (`key="two words"` is one word, quotes removed).
    package static func quotedWords(_ line: String) throws(ActionRejected) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var started = false
        for character in line {
            if character == "\"" {
                inQuotes.toggle()
                started = true
            } else if character.isBlank && !inQuotes {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        guard !inQuotes else { throw ActionRejected("a quote is not closed") }
        if started { words.append(current) }
        return words
    }

    /// Removes a comment: `#` at the start of the line or after white space.
    package static func stripComment(_ line: String) -> String {
        // most lines have no `#` at all: one pass over the bytes says so
        guard line.utf8.contains(UInt8(ascii: "#")) else { return line }
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isBlank { return String(line[..<index]) }
            previous = line[index]
        }
        return line
    }
}

extension String {
    /// The string without leading and trailing white space.
    package func trimmingWhitespace() -> String {
        // an ASCII letter, digit or sign at each end: nothing to trim (most lines of a file)
        if let head = utf8.first, let tail = utf8.last, head > 0x20, head < 0x7F, tail > 0x20, tail < 0x7F {
            return self
        }
        guard let first = firstIndex(where: { !$0.isBlank }),
              let last = lastIndex(where: { !$0.isBlank })
        else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    /// `isWhitespace`, with the ASCII characters a scenario file is mostly made of answered without
    /// Unicode's property tables (reading a file of millions of lines spent most of its time there).
    @inlinable package var isBlank: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}

extension String {
    /// Whether every character is white space (an empty string is blank): a first byte that is
    /// ASCII and not white space decides at once (most queries), the rest by ``Character/isBlank``.
    @inlinable package var isBlank: Bool {
        if let first = utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
        return allSatisfy { $0.isBlank }
    }
}
