import ArgumentParser
import Foundation

/// DefaultOptions: `LINKTERM_DEFAULT_OPTS`, options a person always wants for a Link session
/// (fzf's `FZF_DEFAULT_OPTS`), e.g. `export LINKTERM_DEFAULT_OPTS='--theme light --log-panel right'`.
///
/// They go before the command line's own arguments, so the command line wins where both give an
/// option (the last value of an option is the one taken). They apply to a session (`linkterm` with
/// no subcommand), not to `replay`, `search`, `token` or `serve`, whose options differ. Words are
/// split as a shell splits them: white space between words, `'…'` and `"…"` keep spaces, a
/// backslash escapes the next character.
enum DefaultOptions {
    /// The environment variable's name.
    static let variable = "LINKTERM_DEFAULT_OPTS"

    /// A value the variable cannot hold, with what is wrong.
    struct Malformed: Error, CustomStringConvertible {
        let reason: String
        var description: String { "\(DefaultOptions.variable): \(reason)" }
    }

    /// The arguments a session starts with: the variable's words, then the command line's (after the
    /// program's name). Unchanged when the variable is unset or empty, or when the command line names
    /// a subcommand.
    static func arguments(_ arguments: [String], environment value: String?) throws(Malformed) -> [String] {
        guard let value, arguments.count >= 1 else { return arguments }
        if let first = arguments.dropFirst().first, subcommandNames.contains(first) { return arguments }
        let words = try split(value)
        if words.isEmpty { return arguments }
        return [arguments[0]] + words + arguments.dropFirst()
    }

    /// The subcommands' names (and `help`): arguments that start with one are left as they are.
    static var subcommandNames: Set<String> {
        Set(LinkTerm.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
    }

    /// Splits `text` into words as a POSIX shell does for quotes and backslashes (no variables, no
    /// globbing, no command substitution).
    static func split(_ text: String) throws(Malformed) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case _ where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw Malformed(reason: "a \(quote) quote is not closed") }
        if escaped { throw Malformed(reason: "it ends with a backslash") }
        if inWord { words.append(current) }
        if let control = words.joined().unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw Malformed(reason: "it holds a control character (U+\(String(control.value, radix: 16, uppercase: true)))")
        }
        return words
    }
}
