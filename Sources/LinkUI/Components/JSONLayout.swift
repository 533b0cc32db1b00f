/// JSONLayout: a line of compact JSON (as the events file writes it) laid out one member per
/// line, indented, for reading; and each line split into coloured tokens.
enum JSONLayout {
    /// The kinds of token a line is coloured by.
    enum Token: Hashable, Sendable {
        /// An object's key.
        case key
        /// A string value.
        case string
        /// A number, `true` or `false`.
        case literal
        /// `null`.
        case null
        /// Braces, brackets, commas, colons and indentation.
        case punctuation
    }

    /// `json` one member or element per line, two spaces per level; lines longer than `width`
    /// are cut into pieces of `width` columns (a long string value goes on, indented, on the next).
    static func lines(of json: String, width: Int?) -> [String] {
        var lines: [String] = []
        var line = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newLine(_ level: Int) {
            if !line.isEmpty { lines.append(line) }
            line = String(repeating: "  ", count: max(0, level))
        }
        let characters = Array(json)
        for (index, character) in characters.enumerated() {
            if inString {
                line.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"":
                inString = true
                line.append(character)
            case "{", "[":
                line.append(character)
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if next == "}" || next == "]" { continue }  // {} and [] stay on one line
                depth += 1
                newLine(depth)
            case "}", "]":
                if index > 0, characters[index - 1] == "{" || characters[index - 1] == "[" {
                    line.append(character)
                    continue
                }
                depth -= 1
                newLine(depth)
                line.append(character)
            case ",":
                line.append(character)
                newLine(depth)
            case ":":
                line.append(": ")
            default:
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard let width, width > 4 else { return lines }
        return lines.flatMap { cut($0, width: width) }
    }

    /// `line` in pieces of at most `width` columns, the pieces after the first indented as it is, plus two.
    private static func cut(_ line: String, width: Int) -> [String] {
        guard displayWidth(of: line) > width else { return [line] }
        let indent = String(repeating: " ", count: min(width / 2, line.prefix { $0 == " " }.count + 2))
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for character in line {
            let columns = displayWidth(of: character)
            if used + columns > width {
                pieces.append(piece)
                piece = indent
                used = displayWidth(of: indent)
            }
            piece.append(character)
            used += columns
        }
        if piece.contains(where: { $0 != " " }) { pieces.append(piece) }
        return pieces
    }

    /// `line` split into tokens to colour: keys, strings, literals, null and punctuation. A
    /// string followed by a colon is a key.
    static func tokens(of line: String) -> [(text: String, kind: Token)] {
        var tokens: [(text: String, kind: Token)] = []
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let start = index
            let character = characters[index]
            if character == "\"" {
                index += 1
                var escaped = false
                while index < characters.count {
                    let next = characters[index]
                    index += 1
                    if escaped { escaped = false } else if next == "\\" { escaped = true } else if next == "\"" { break }
                }
                var after = index
                while after < characters.count, characters[after] == " " { after += 1 }
                let isKey = after < characters.count && characters[after] == ":"
                tokens.append((String(characters[start..<index]), isKey ? .key : .string))
            } else if character.isLetter || character.isNumber || character == "-" {
                while index < characters.count, characters[index].isLetter || characters[index].isNumber
                    || ".-+".contains(characters[index]) {
                    index += 1
                }
                let word = String(characters[start..<index])
                tokens.append((word, word == "null" ? .null : .literal))
            } else {
                while index < characters.count, !(characters[index] == "\"" || characters[index].isLetter
                    || characters[index].isNumber || characters[index] == "-") {
                    index += 1
                }
                tokens.append((String(characters[start..<index]), .punctuation))
            }
        }
        return tokens
    }
}
