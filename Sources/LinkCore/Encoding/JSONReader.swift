/// JSONValue: a JSON value as read by ``JSONReader``. Numbers keep their text as written.
public enum JSONValue: Hashable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    /// An array (empty when the reader only checked it).
    case array([JSONValue])
    /// An object (empty when the reader only checked it).
    case object([String: JSONValue])

    /// The value as a message shows it: strings quoted and escaped, numbers and literals as
    /// written, containers by kind.
    public var kind: String {
        switch self {
        case .string(let text): UntrustedText.quoted(text)
        case .number(let text): UntrustedText.visible(text, limit: 40, quoting: true)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// JSONSyntaxError: text that is not JSON, with where: `invalid JSON at [line L, ]column C: …`.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line the error is reported on (a directory: where the current institution starts).
    public var line: Int
    /// What is wrong and where.
    public var message: String

    /// The message.
    public var description: String { message }
}

extension JSONReader {
    /// Reads a whole document (a theme file): one value, containers built, nothing after it.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                var reader = JSONReader(bytes: buffer, position: 0, end: buffer.count, line: 1, lineStart: 0, oneLine: false)
                reader.keepsContainers = true
                reader.skipWhitespace()
                let value = try reader.readValue(depth: 0)
                reader.skipWhitespace()
                if !reader.atEnd { throw reader.error("unexpected text after the value, got \(reader.found())") }
                return value
            }
        }
    }
}

private let trueBytes = Array("true".utf8)
private let falseBytes = Array("false".utf8)
private let nullBytes = Array("null".utf8)
/// How deep objects and arrays may nest inside a file.
private let maximumDepth = 64

/// JSONReader: the one JSON reader (directory files, theme files): one pass over
/// `bytes[position..<end]`, errors with line and column, strings checked for UTF-8 and controls,
/// nesting bounded. It keeps nested arrays and objects only when asked (`keepsContainers`): a
/// directory of a million institutions checks them without building them.
public struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether arrays and objects are built (a whole document) or only checked (directory entries).
    var keepsContainers = false
    package var position: Int
    var end: Int
    /// The line of `position`.
    package var line: Int
    /// The offset where the line of `position` starts.
    var lineStart: Int
    /// JSON Lines: `end` is the end of a line.
    let oneLine: Bool
    /// The line errors are reported on: where the current institution starts.
    package var entryLine: Int

    package init(
        bytes: UnsafeBufferPointer<UInt8>, position: Int, end: Int, line: Int, lineStart: Int, oneLine: Bool
    ) {
        self.bytes = bytes
        self.position = position
        self.end = end
        self.line = line
        self.lineStart = lineStart
        self.oneLine = oneLine
        self.entryLine = line
    }

    package var atEnd: Bool { position >= end }
    package var current: UInt8 { bytes[position] }

    package mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default:
                return
            }
        }
    }

    /// An `invalid JSON` error at `offset` (the current position by default).
    package func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let at = offset ?? position
        let column = columnOf(at, lineStart: lineStart, in: bytes)
        let place = line == entryLine ? "column \(column)" : "line \(line), column \(column)"
        var text = "invalid JSON at \(place): \(message)"
        if oneLine, at >= end { text += " (JSON Lines needs one whole object on each line)" }
        return JSONSyntaxError(line: entryLine, message: text)
    }

    /// How the text at `offset` (the current position by default) reads in a message.
    package func found(at offset: Int? = nil) -> String {
        let at = offset ?? position
        guard at < end else { return oneLine ? "the end of the line" : "the end of the file" }
        let byte = bytes[at]
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "U+\(UntrustedText.hex(UInt32(byte), digits: 4))" }
        guard let length = utf8SequenceLength(bytes, at: at, end: end) else {
            return "the byte 0x\(UntrustedText.hex(UInt32(byte), digits: 2)), which is not UTF-8"
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + length]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, !UntrustedText.isInvisible(scalar) else {
            return "U+\(UntrustedText.hex(text.unicodeScalars.first?.value ?? 0, digits: 4))"
        }
        return "'\(text)'"
    }

    /// A value; `position` is at a non-blank byte or the end.
    package mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard !atEnd else { throw error("expected a value, got \(found())") }
        switch current {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "{"):
            guard keepsContainers else {
                try readObject(depth: depth + 1) { _, _ in }
                return .object([:])
            }
            let open = position
            // (with room made by generic code: the first dictionary of strings a program makes
            // otherwise costs a search through every protocol conformance; see PreparedCollections)
            var members: [String: JSONValue] = PreparedCollections.dictionary(room: 16)
            var repeated: String?
            try readObject(depth: depth + 1) { key, value in
                if members.updateValue(value, forKey: key) != nil, repeated == nil { repeated = key }
            }
            if let repeated {
                throw error("the key \(UntrustedText.quoted(repeated)) is given twice in this object", at: open)
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            let keep = keepsContainers
            try readArray(depth: depth + 1) { if keep { elements.append($0) } }
            return .array(elements)
        case UInt8(ascii: "t"):
            try readLiteral(trueBytes)
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral(falseBytes)
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral(nullBytes)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw error("expected a value, got \(found())")
        }
    }

    package mutating func readObject(depth: Int, member: (String, JSONValue) -> Void) throws(JSONSyntaxError) {
        guard depth <= maximumDepth else { throw error("objects and arrays nest more than \(maximumDepth) deep") }
        position += 1  // {
        skipWhitespace()
        if !atEnd, current == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard !atEnd, current == UInt8(ascii: "\"") else {
                throw error("expected '\"' to start a field name, got \(found())")
            }
            let key = try readString()
            skipWhitespace()
            guard !atEnd, current == UInt8(ascii: ":") else {
                throw error("expected ':' after the field name, got \(found())")
            }
            position += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            member(key, value)
            skipWhitespace()
            guard !atEnd else { throw error("expected ',' or '}' after a value, got \(found())") }
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current == UInt8(ascii: "}") {
                position += 1
                return
            } else {
                throw error("expected ',' or '}' after a value, got \(found())")
            }
        }
    }

    private mutating func readArray(depth: Int, element: (JSONValue) -> Void) throws(JSONSyntaxError) {
        guard depth <= maximumDepth else { throw error("objects and arrays nest more than \(maximumDepth) deep") }
        position += 1  // [
        skipWhitespace()
        if !atEnd, current == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            element(try readValue(depth: depth))
            skipWhitespace()
            guard !atEnd else { throw error("expected ',' or ']' after a value, got \(found())") }
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current == UInt8(ascii: "]") {
                position += 1
                return
            } else {
                throw error("expected ',' or ']' after a value, got \(found())")
            }
        }
    }

    private mutating func readLiteral(_ word: [UInt8]) throws(JSONSyntaxError) {
        guard end - position >= word.count,
            UnsafeBufferPointer(rebasing: bytes[position..<position + word.count]).elementsEqual(word)
        else { throw error("expected a value, got \(found())") }
        position += word.count
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func isDigit(_ index: Int) -> Bool {
            index < end && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if position < end, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if isDigit(position) {
            while isDigit(position) { position += 1 }
        } else {
            throw error("expected a digit in the number, got \(found())")
        }
        if position < end, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw error("expected a digit after '.', got \(found())") }
            while isDigit(position) { position += 1 }
        }
        if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { throw error("expected a digit in the exponent, got \(found())") }
            while isDigit(position) { position += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// A string; `position` is at its opening quote.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let open = position
        position += 1
        let start = position
        var ascii = true
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if !ascii, let bad = firstInvalidUTF8(bytes, from: start, to: position) {
                    throw error("invalid UTF-8 in a string", at: bad)
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(open: open, start: start) }
            if byte < 0x20 { throw controlInString(byte) }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        throw error("the string is not closed, got \(found())", at: open)
    }

    /// The rest of a string with escapes; `position` is at the first backslash.
    private mutating func readEscapedString(open: Int, start: Int) throws(JSONSyntaxError) -> String {
        var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                let valid = text.withUnsafeBufferPointer { firstInvalidUTF8($0, from: 0, to: $0.count) == nil }
                guard valid else { throw error("invalid UTF-8 in a string", at: open) }
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let backslash = position
                position += 1
                guard position < end else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(bytes[position])
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try readUnicodeEscape(backslash: backslash)
                    UTF8.encode(scalar) { text.append($0) }
                    continue
                default:
                    throw error("invalid escape in a string: \\ followed by \(found())", at: backslash)
                }
                position += 1
            case 0..<0x20:
                throw controlInString(byte)
            default:
                text.append(byte)
                position += 1
            }
        }
        throw error("the string is not closed, got \(found())", at: open)
    }

    /// The scalar of `\uXXXX` (or a surrogate pair); `position` is at the `u`.
    private mutating func readUnicodeEscape(backslash: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        func hexValue(at index: Int) -> UInt32? {
            guard index + 4 <= end else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[index + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        guard let value = hexValue(at: position + 1) else {
            throw error("invalid \\u escape: expected four hex digits", at: backslash)
        }
        position += 5
        switch value {
        case 0xD800...0xDBFF:
            guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                let low = hexValue(at: position + 2), (0xDC00...0xDFFF).contains(low)
            else { throw error("invalid \\u escape: a lone surrogate \\u\(UntrustedText.hex(value, digits: 4))", at: backslash) }
            position += 6
            return Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw error("invalid \\u escape: a lone surrogate \\u\(UntrustedText.hex(value, digits: 4))", at: backslash)
        default:
            return Unicode.Scalar(value)!
        }
    }

    private func controlInString(_ byte: UInt8) -> JSONSyntaxError {
        if byte == 0x0A { return error("the string is not closed before the end of the line") }
        return error("control character U+\(UntrustedText.hex(UInt32(byte), digits: 4)) in a string (write it as an escape)")
    }
}


/// The 1-based column of `offset` on the line starting at `lineStart`, in characters of UTF-8.
package func columnOf(_ offset: Int, lineStart: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var column = 1
    var index = lineStart
    while index < offset, index < bytes.count {
        if bytes[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
    }
    return column
}

/// The length of the valid UTF-8 sequence at `at`, or nil.
package func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, end: Int) -> Int? {
    let lead = bytes[at]
    if lead < 0x80 { return 1 }
    var length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE, 0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return nil
    }
    guard at + length <= end else { return nil }
    let second = bytes[at + 1]
    guard second >= low, second <= high else { return nil }
    var index = at + 2
    while index < at + length {
        guard bytes[index] & 0xC0 == 0x80 else { return nil }
        index += 1
    }
    return length
}

/// The offset of the first byte of `bytes[from..<to]` that is not valid UTF-8, or nil.
package func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    var index = from
    while index < to {
        if bytes[index] < 0x80 {
            index += 1
            continue
        }
        guard let length = utf8SequenceLength(bytes, at: index, end: to) else { return index }
        index += length
    }
    return nil
}
