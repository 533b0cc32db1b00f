// DirectoryLoader.swift: reading an institution directory from a file (`--institutions FILE`).
//
// Three forms, told apart by the first non-blank character of the file:
// - `[`: a JSON array of institution objects;
// - `{`: JSON Lines, one institution object per line (blank lines ignored);
// - anything else: plain text, one institution name per line (blank lines ignored), with ids
//   `ins_custom_1`, `ins_custom_2`, … in order.
//
// An object has `institution_id` and `name` (required) and `oauth`, `status`, `supported`,
// `popular` (optional; `null` counts as absent). JSON is read by a small one-pass reader here,
// so every error can name the line (for an array, the line its institution starts on) and the
// field. Names are cleaned of terminal controls at load; error messages quote at most 40
// characters of a bad value, with invisible characters escaped.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// DirectoryError: why an institution directory file could not be loaded.
public struct DirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The 1-based line of the problem; for a JSON array, the line its institution starts on.
    public var line: Int?
    /// The field concerned, e.g. `name`.
    public var field: String?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `FILE:LINE: field "NAME": MESSAGE`, without the parts that are nil.
    public var description: String {
        var text = visible(file, limit: nil, quoting: false)
        if let line { text += ":\(line)" }
        text += ": "
        if let field { text += "field \"\(field)\": " }
        return text + message
    }
}

extension InstitutionDirectory {
    /// The largest file accepted, in bytes (64 MiB).
    static let maximumFileSize = 64 * 1024 * 1024
    /// The most institutions a file may hold.
    static let maximumEntries = 1_000_000
    /// The longest `institution_id`, in characters.
    static let maximumIDLength = 64
    /// The longest name, in characters, after trimming.
    static let maximumNameLength = 200
    /// The longest name in UTF-8 bytes after trimming: 200 characters of any real script fit.
    static let maximumNameBytes = 2048
    /// The most code points one character of a name may be made of (a letter and its marks, an
    /// emoji sequence); a letter under thousands of combining marks is refused.
    static let maximumScalarsPerCharacter = 16

    /// Reads the directory in the file at `path` (a JSON array, JSON Lines, or one name per line).
    public static func load(path: String) throws(DirectoryError) -> InstitutionDirectory {
        var bytes = try readDirectoryFile(path)
        return try parse(&bytes, file: path)
    }

    /// Reads a directory from the contents of a file; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(DirectoryError) -> InstitutionDirectory {
        guard data.count <= maximumFileSize else { throw .tooLarge(file, size: data.count) }
        var bytes = [UInt8](data)
        return try parse(&bytes, file: file)
    }

    /// Reads a directory from the bytes of a file. A list of names is read in place: the names
    /// are moved to the front of `bytes`, which becomes the directory's names buffer.
    static func parse(_ bytes: inout [UInt8], file: String) throws(DirectoryError) -> InstitutionDirectory {
        guard bytes.count <= maximumFileSize else { throw .tooLarge(file, size: bytes.count) }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }  // BOM
        var first = start
        while first < bytes.count, isBlank(bytes[first]) { first += 1 }
        guard first < bytes.count else { throw DirectoryError(file: file, message: "no institutions in the file") }
        if bytes[first] != UInt8(ascii: "["), bytes[first] != UInt8(ascii: "{") {
            return InstitutionDirectory(uniqueRecords: try NameListReader.read(&bytes, from: start, file: file))
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DirectoryError) -> InstitutionDirectory in
                var parser = DirectoryParser(bytes: buffer, file: file)
                return try parser.parse(from: start, json: buffer[first])
            }
        }
        return try result.get()
    }
}

extension DirectoryError {
    fileprivate static func tooLarge(_ file: String, size: Int?) -> DirectoryError {
        let limit = "the limit is 64 MiB (\(InstitutionDirectory.maximumFileSize) bytes)"
        if let size { return DirectoryError(file: file, message: "too large: \(size) bytes; \(limit)") }
        return DirectoryError(file: file, message: "too large: more than 64 MiB; \(limit)")
    }
}

// MARK: - Reading the file

/// The bytes of the file at `path` (a FIFO too: its writer is waited for), refusing more than
/// ``InstitutionDirectory/maximumFileSize`` (read by ``FileReading``).
private func readDirectoryFile(_ path: String) throws(DirectoryError) -> [UInt8] {
    do {
        return try FileReading.read(path, limit: InstitutionDirectory.maximumFileSize, acceptsPipes: true)
    } catch {
        if case .tooLarge(let size) = error.kind { throw .tooLarge(path, size: size) }
        throw DirectoryError(file: path, message: "cannot read: \(error.reason)")
    }
}

// MARK: - The three forms

/// Turns the bytes of a file into records, stopping at the first problem.
private struct DirectoryParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    private var records = InstitutionRecords()
    private var lineOfID: [String: Int] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses JSON (`opening` is the first non-blank byte: `[` or `{`) from `start`.
    mutating func parse(from start: Int, json opening: UInt8) throws(DirectoryError) -> InstitutionDirectory {
        if opening == UInt8(ascii: "[") {
            try readArray(from: start)
        } else {
            try readLines(from: start)
        }
        guard !records.isEmpty else { throw noInstitutions }
        return InstitutionDirectory(uniqueRecords: records)
    }

    private var noInstitutions: DirectoryError {
        DirectoryError(file: file, message: "no institutions in the file")
    }


    // JSON Lines.

    private mutating func readLines(from start: Int) throws(DirectoryError) {
        let total = try countLineEntries(from: start)
        records.reserveCapacity(institutions: total, bytes: bytes.count - start)
        lineOfID.reserveCapacity(total)
        var position = start
        var line = 1
        while position < bytes.count {
            let lineEnd = endOfLine(from: position)
            var first = position
            var end = lineEnd
            while first < end, isBlank(bytes[first]) { first += 1 }
            while end > first, isBlank(bytes[end - 1]) { end -= 1 }
            if first < end {
                var reader = JSONReader(bytes: bytes, position: first, end: end, line: line, lineStart: position, oneLine: true)
                let entry = try readingJSON { () throws(JSONSyntaxError) in
                    let entry = try reader.readEntry()
                    reader.skipWhitespace()
                    if !reader.atEnd { throw reader.error("unexpected text after the object, got \(reader.found())") }
                    return entry
                }
                try add(entry, line: line)
            }
            position = lineEnd + 1
            line += 1
        }
    }

    /// The number of non-blank lines; an error at the first one past the limit.
    private func countLineEntries(from start: Int) throws(DirectoryError) -> Int {
        var count = 0
        var position = start
        var line = 1
        while position < bytes.count {
            let lineEnd = endOfLine(from: position)
            var index = position
            while index < lineEnd, isBlank(bytes[index]) { index += 1 }
            if index < lineEnd {
                count += 1
                if count > InstitutionDirectory.maximumEntries { throw tooMany(file, line: line) }
            }
            position = lineEnd + 1
            line += 1
        }
        return count
    }

    /// The index of the newline ending the line that starts at `position`, or the end of the bytes.
    private func endOfLine(from position: Int) -> Int { LinkKit.endOfLine(in: bytes, from: position) }

    // JSON array.

    private mutating func readArray(from start: Int) throws(DirectoryError) {
        var reader = JSONReader(bytes: bytes, position: start, end: bytes.count, line: 1, lineStart: start, oneLine: false)
        reader.skipWhitespace()
        reader.position += 1  // [
        reader.skipWhitespace()
        if !reader.atEnd, reader.current == UInt8(ascii: "]") {
            reader.position += 1
        } else {
            while true {
                reader.skipWhitespace()
                reader.entryLine = reader.line
                if !reader.atEnd, reader.current == UInt8(ascii: "]") {
                    throw syntax(reader.error("expected an institution after ',', got ']'"))
                }
                let line = reader.line
                let entry = try readingJSON { () throws(JSONSyntaxError) in try reader.readEntry() }
                try add(entry, line: line)
                reader.skipWhitespace()
                reader.entryLine = reader.line
                guard !reader.atEnd else {
                    throw syntax(reader.error("expected ',' or ']' after an institution, got \(reader.found())"))
                }
                if reader.current == UInt8(ascii: ",") {
                    reader.position += 1
                } else if reader.current == UInt8(ascii: "]") {
                    reader.position += 1
                    break
                } else {
                    throw syntax(reader.error("expected ',' or ']' after an institution, got \(reader.found())"))
                }
            }
        }
        reader.skipWhitespace()
        reader.entryLine = reader.line
        if !reader.atEnd { throw syntax(reader.error("unexpected text after the closing ']', got \(reader.found())")) }
    }

    /// A syntax error of the JSON reader, as this file's error.
    private func syntax(_ error: JSONSyntaxError) -> DirectoryError {
        DirectoryError(file: file, line: error.line, message: error.message)
    }

    /// Runs a step of the JSON reader; its syntax error becomes this file's error.
    private func readingJSON<T>(_ body: () throws(JSONSyntaxError) -> T) throws(DirectoryError) -> T {
        do { return try body() } catch { throw syntax(error) }
    }

    // Records.

    private mutating func add(_ entry: JSONEntry, line: Int) throws(DirectoryError) {
        switch entry {
        case .other(let value):
            throw DirectoryError(file: file, line: line, message: "expected an institution object, got \(value.kind)")
        case .institution(let raw):
            try append(try makeRecord(raw, line: line), line: line, checkID: true)
        }
    }

    private mutating func append(_ record: InstitutionRecord, line: Int, checkID: Bool) throws(DirectoryError) {
        guard records.count < InstitutionDirectory.maximumEntries else { throw tooMany(file, line: line) }
        if checkID, let earlier = lineOfID.updateValue(line, forKey: record.id) {
            throw DirectoryError(
                file: file, line: line, field: "institution_id",
                message: "institution_id \(quoted(record.id)) is already used on line \(earlier)")
        }
        records.append(record)
    }

    private func makeRecord(_ raw: RawInstitution, line: Int) throws(DirectoryError) -> InstitutionRecord {
        func failure(_ field: String, _ message: String) -> DirectoryError {
            DirectoryError(file: file, line: line, field: field, message: message)
        }
        if let key = raw.repeatedKey {
            throw failure(visible(key, limit: 40), "appears more than once in this object")
        }
        if let key = raw.unknownKey {
            throw failure(
                visible(key, limit: 40),
                "unknown field; the known fields are \(RawInstitution.knownKeys.joined(separator: ", "))")
        }
        guard let idValue = raw.id else {
            throw failure("institution_id", "is required but missing")
        }
        guard case .string(let id) = idValue, !id.isEmpty else {
            throw failure("institution_id", "expected a non-empty string, got \(idValue.kind)")
        }
        if !id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            id.unicodeScalars.contains(where: { $0 == " " || $0.properties.isWhitespace || isInvisible($0) })
        {
            throw failure("institution_id", "must not contain whitespace or control characters, got \(quoted(id))")
        }
        if id.utf8.count > InstitutionDirectory.maximumIDLength, id.count > InstitutionDirectory.maximumIDLength {
            throw failure(
                "institution_id",
                "expected at most \(InstitutionDirectory.maximumIDLength) characters, got \(id.count): \(quoted(id))")
        }
        guard let nameValue = raw.name else {
            throw failure("name", "is required but missing")
        }
        guard case .string(let rawName) = nameValue else {
            throw failure("name", "expected a non-empty string, got \(nameValue.kind)")
        }
        let name = try cleanName(rawName, file: file, line: line)

        func flag(_ value: JSONValue?, _ field: String, default fallback: Bool) throws(DirectoryError) -> Bool {
            switch value {
            case nil, .null?: return fallback
            case .bool(let flag)?: return flag
            case let other?: throw failure(field, "expected true or false, got \(other.kind)")
            }
        }
        let oauth = try flag(raw.oauth, "oauth", default: false)
        var status = InstitutionRecord.Status.healthy
        switch raw.status {
        case nil, .null?:
            break
        case .string(let text)? where InstitutionRecord.Status(rawValue: text) != nil:
            status = InstitutionRecord.Status(rawValue: text)!
        case let other?:
            throw failure("status", "expected \"healthy\", \"degraded\" or \"down\", got \(other.kind)")
        }
        let supported = try flag(raw.supported, "supported", default: true)
        let popular = try flag(raw.popular, "popular", default: false)
        return InstitutionRecord(
            id: id, name: name, oauth: oauth, status: status, supported: supported, popular: popular)
    }
}

/// A name cleaned of terminal controls and trimmed; an error if it holds a NUL, if nothing is left,
/// or if it (or one of its characters) is too long.
func cleanName(_ raw: String, file: String, line: Int) throws(DirectoryError) -> String {
    func refuse(_ message: String) -> DirectoryError {
        DirectoryError(file: file, line: line, field: "name", message: message)
    }
    if raw.utf8.contains(0) {
        throw refuse("contains a NUL character (U+0000), which cannot be shown: \(quoted(raw))")
    }
    let name = trimmed(UntrustedText.sanitized(raw, lineBreaksAsSpaces: true))  // tab, CR, LF: a space
    if name.isEmpty {
        let why = trimmed(raw).isEmpty ? "" : " (nothing is left once control characters are removed)"
        throw refuse("expected a non-empty string, got \(quoted(raw))\(why)")
    }
    let byteLimit = InstitutionDirectory.maximumNameBytes
    if name.utf8.count > byteLimit {
        throw refuse("expected at most \(byteLimit) bytes of UTF-8, got \(name.utf8.count): \(quoted(name))")
    }
    let limit = InstitutionDirectory.maximumNameLength
    let scalarLimit = InstitutionDirectory.maximumScalarsPerCharacter
    var count = 0
    if let simple = singleScalarCharacterCount(name) {
        count = simple  // each character one code point: none is made of too many
    } else {
        for character in name {
            count += 1
            let scalars = character.unicodeScalars.count
            if scalars > scalarLimit {
                throw refuse("character \(count) is made of \(scalars) code points (a letter under combining "
                    + "marks?); the limit is \(scalarLimit): \(quoted(name))")
            }
        }
    }
    if count > limit {
        throw refuse("expected at most \(limit) characters, got \(count): \(quoted(name))")
    }
    return name
}

/// The number of characters of a cleaned name whose every code point is below U+0300 (ASCII,
/// Latin-1, Latin Extended-A and -B, IPA, spacing modifier letters), or `nil` for any other name.
/// No code point below U+0300 joins a neighbour into one character (the first that extend one,
/// the combining marks, start at U+0300; CR LF, the one pair below, never stays in a cleaned
/// name), so each is a character of its own: counted from the UTF-8 bytes, without breaking the
/// name into characters.
func singleScalarCharacterCount(_ name: String) -> Int? {
    var count = 0
    for byte in name.utf8 {
        if byte >= 0xCC { return nil }  // the lead byte of U+0300 and beyond
        if byte & 0xC0 != 0x80 { count += 1 }  // not a continuation byte: a code point starts
    }
    return count
}

/// The error for the entry past the limit, on `line`.
func tooMany(_ file: String, line: Int) -> DirectoryError {
    DirectoryError(file: file, line: line, message: "too many institutions; the limit is 1,000,000")
}

/// The index of the newline ending the line that starts at `position`, or the end of the bytes.
private func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
    guard let base = bytes.baseAddress, position < bytes.count,
        let hit = memchr(base + position, 0x0A, bytes.count - position)
    else { return bytes.count }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
}

/// Whether `byte` is blank between entries: space, tab, CR or LF.
func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
}

// MARK: - JSON


/// One top-level entry: an institution object, or some other value (an error).
private enum JSONEntry {
    case institution(RawInstitution)
    case other(JSONValue)
}

/// The fields of one institution object as written.
private struct RawInstitution {
    static let knownKeys = ["institution_id", "name", "oauth", "status", "supported", "popular"]

    var id: JSONValue?
    var name: JSONValue?
    var oauth: JSONValue?
    var status: JSONValue?
    var supported: JSONValue?
    var popular: JSONValue?
    /// The first key that is not a known one.
    var unknownKey: String?
    /// The first key given twice.
    var repeatedKey: String?

    mutating func set(_ key: String, _ value: JSONValue) {
        let repeated: Bool
        switch key {
        case "institution_id": repeated = Self.assign(&id, value)
        case "name": repeated = Self.assign(&name, value)
        case "oauth": repeated = Self.assign(&oauth, value)
        case "status": repeated = Self.assign(&status, value)
        case "supported": repeated = Self.assign(&supported, value)
        case "popular": repeated = Self.assign(&popular, value)
        default:
            if unknownKey == nil { unknownKey = key }
            return
        }
        if repeated, repeatedKey == nil { repeatedKey = key }
    }

    /// Stores `value` in an empty slot; `true` if the slot was already filled.
    private static func assign(_ slot: inout JSONValue?, _ value: JSONValue) -> Bool {
        guard slot == nil else { return true }
        slot = value
        return false
    }
}


extension JSONReader {
    /// An institution object, or another value; `position` is at a non-blank byte or the end.
    fileprivate mutating func readEntry() throws(JSONSyntaxError) -> JSONEntry {
        if !atEnd, current == UInt8(ascii: "{") {
            var raw = RawInstitution()
            try readObject(depth: 1) { raw.set($0, $1) }
            return .institution(raw)
        }
        return .other(try readValue(depth: 0))
    }

}

/// `s` in double quotes, at most 40 scalars of it, escaped (see `UntrustedText`).
private func quoted(_ s: String) -> String { UntrustedText.quoted(s) }

private func visible(_ s: String, limit: Int?, quoting: Bool = true) -> String {
    UntrustedText.visible(s, limit: limit, quoting: quoting)
}

private func hex(_ value: UInt32, digits: Int) -> String { UntrustedText.hex(value, digits: digits) }

private func isInvisible(_ scalar: Unicode.Scalar) -> Bool { UntrustedText.isInvisible(scalar) }

/// `s` without leading and trailing whitespace.
private func trimmed(_ s: String) -> String {
    let utf8 = s.utf8
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
        return s
    }
    let scalars = s.unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
}
