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
            } else if character.isWhitespace && !inQuotes {
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
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return String(line[..<index]) }
            previous = line[index]
        }
        return line
    }
}

extension String {
    /// The string without leading and trailing white space.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
