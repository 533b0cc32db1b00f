import Foundation
import LinkKit

/// ThemeError: a theme that cannot be used, naming the file, the key and what was expected.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The theme's file (or built-in name).
    public var file: String
    /// The key at fault, e.g. `colors.accent`, or `nil` for the file as a whole.
    public var key: String?
    /// What was wrong and what was expected.
    public var message: String

    /// `theme FILE: key KEY: message`.
    public var description: String {
        if let key { return "theme \(file): key \"\(key)\": \(message)" }
        return "theme \(file): \(message)"
    }
}

/// ThemeLoader: reads themes by built-in name or from a JSON file.
///
/// A theme file is `{"name": "…", "colors": {"accent": "#00a3e0", "muted": 245, "error": "red", …}}`.
/// A colour is `"#rrggbb"`, a number 0-255 (xterm palette), a name (`black`, `red`, `green`,
/// `yellow`, `blue`, `magenta`, `cyan`, `white`, `bright-red` …, `grey`) or `"default"` (the
/// terminal's own). Roles left out take the default theme's colour; unknown keys are an error.
public enum ThemeLoader {
    /// The names of the built-in themes.
    public static var builtinNames: [String] { BuiltinThemes.sources.map(\.name) }

    /// A built-in theme by name, or a theme file by path (anything containing `/` or ending in `.json`).
    public static func load(_ nameOrPath: String) throws(ThemeError) -> Theme {
        if let builtin = BuiltinThemes.sources.first(where: { $0.name == nameOrPath }) {
            return try parse(bytes: Array(builtin.json.utf8), file: builtin.name)
        }
        guard nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") else {
            throw ThemeError(file: nameOrPath, key: nil,
                             message: "no such built-in theme; built-in themes: \(builtinNames.joined(separator: ", ")), or give a path to a .json file")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.read(nameOrPath, limit: 1 << 20)
        } catch {
            let message = switch error.kind {
            case .system(ENOENT): "no such file"
            case .system(EISDIR): "is a directory, not a theme file"
            case .tooLarge: "the file is larger than 1 MiB"
            default: "cannot read the file: \(error.reason)"
            }
            throw ThemeError(file: nameOrPath, key: nil, message: message)
        }
        guard !bytes.isEmpty else { throw ThemeError(file: nameOrPath, key: nil, message: "the file is empty") }
        return try parse(bytes: bytes, file: nameOrPath)
    }

    /// The default theme.
    public static var defaultTheme: Theme {
        // The built-in default theme is tested to parse.
        (try? parse(bytes: Array(BuiltinThemes.sources[0].json.utf8), file: "default")) ?? Theme(name: "default")
    }

    /// Parses a theme file's contents.
    public static func parse(_ data: Data, file: String) throws(ThemeError) -> Theme {
        try parse(bytes: Array(data), file: file)
    }

    /// Parses a theme file's bytes. (Not through `Data`: making one from a string's bytes costs
    /// the Swift runtime a search through every protocol conformance of the program, on the way
    /// to the first frame.)
    static func parse(bytes: [UInt8], file: String) throws(ThemeError) -> Theme {
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            // "invalid JSON at line 3, column 5: …" → "not valid JSON (at line 3, column 5: …)"
            let place = error.message.hasPrefix("invalid JSON ") ? String(error.message.dropFirst(13)) : error.message
            throw ThemeError(file: file, key: nil, message: "not valid JSON (\(place))")
        }
        guard case .object(let fields) = root else {
            throw ThemeError(file: file, key: nil, message: "expected a JSON object {\"name\": …, \"colors\": {…}}")
        }
        for key in fields.keys.sorted() where !["name", "colors", "description"].contains(key) {
            if Theme.roleNames.contains(key) {
                // a flat {"accent": …}: the roles go inside "colors"
                throw ThemeError(file: file, key: key,
                                 message: "a colour role goes inside \"colors\": {\"name\": \"mine\", \"colors\": {\"\(key)\": \"#rrggbb\"}}")
            }
            throw ThemeError(file: file, key: sanitizeForTerminal(key),
                             message: "unknown key; a theme has \"name\", \"description\" and \"colors\"")
        }
        var theme = file == "default" ? Theme(name: "default") : defaultTheme
        switch fields["name"] {
        case nil:
            theme.name = (file as NSString).lastPathComponent
        case .string(let name)? where !name.isEmpty && name.count <= 64:
            theme.name = sanitizeForTerminal(name)
        case let other?:
            throw ThemeError(file: file, key: "name", message: "expected a short non-empty string; got \(other.kind)")
        }
        guard let colors = fields["colors"] else {
            throw ThemeError(file: file, key: "colors", message: "missing; expected an object of colours, e.g. {\"accent\": \"#00a3e0\"}")
        }
        guard case .object(let table) = colors else {
            throw ThemeError(file: file, key: "colors",
                             message: "expected an object of colours, e.g. {\"accent\": \"#00a3e0\"}; got \(colors.kind)")
        }
        for key in table.keys.sorted() {
            guard Theme.roleNames.contains(key) else {
                throw ThemeError(file: file, key: "colors.\(UntrustedText.visible(key, limit: 40))",
                                 message: "unknown colour role; roles are \(Theme.roleNames.joined(separator: ", "))")
            }
            theme[role: key] = try color(table[key]!, file: file, key: "colors.\(key)")
        }
        return theme
    }

    /// The palette index of a colour's name (lowercase), or `nil` for another word. (A switch, not
    /// a dictionary: the first dictionary keyed by strings costs a search through every protocol
    /// conformance of the program, on the way to the first frame.)
    static func paletteIndex(named name: String) -> UInt8? {
        switch name {
        case "black": 0
        case "red": 1
        case "green": 2
        case "yellow": 3
        case "blue": 4
        case "magenta": 5
        case "cyan": 6
        case "white": 7
        case "bright-black", "grey", "gray": 8
        case "bright-red": 9
        case "bright-green": 10
        case "bright-yellow": 11
        case "bright-blue": 12
        case "bright-magenta": 13
        case "bright-cyan": 14
        case "bright-white": 15
        default: nil
        }
    }

    static let expected = "expected a colour: \"#rrggbb\", a number 0-255, a name (red, bright-blue, grey …) or \"default\""

    /// Reads one colour value.
    static func color(_ value: JSONValue, file: String, key: String) throws(ThemeError) -> TermColor {
        switch value {
        case .number(let text):
            guard let number = Double(text), number == number.rounded(), number >= 0, number <= 255 else {
                throw ThemeError(file: file, key: key, message: "\(expected); got \(value.kind)")
            }
            return .indexed(UInt8(number))
        case .string(let text):
            let lower = text.lowercased()
            if lower == "default" { return .default }
            if let index = paletteIndex(named: lower) { return .indexed(index) }
            if lower.hasPrefix("#"), lower.count == 7, lower.dropFirst().allSatisfy(\.isHexDigit),
               let rgb = UInt32(lower.dropFirst(), radix: 16) {
                return .rgb(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
            }
            throw ThemeError(file: file, key: key, message: "\(expected); got \(value.kind)")
        default:
            throw ThemeError(file: file, key: key, message: "\(expected); got \(value.kind)")
        }
    }
}
