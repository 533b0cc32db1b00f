/// JSONWriter: a small, fast writer of compact JSON into a byte buffer.
///
/// Strings are escaped so that the output holds no control character at all (C0, DEL and C1
/// are written as `\uXXXX`): a JSON line printed to a terminal cannot carry an escape sequence.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { storage }
    /// The bytes' storage: the small writes below are inlined where they are called (each
    /// flavor's records are encoded in its own module), and reach it without an accessor.
    @usableFromInline var storage: [UInt8] = []

    /// Creates an empty writer.
    public init(capacity: Int = 512) { storage.reserveCapacity(capacity) }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends raw ASCII text (punctuation, keys known to need no escaping).
    @inlinable public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// Appends `"key":` for an object key from a fixed table (ASCII letters and `_`, never escaped).
    @inlinable public mutating func key(_ name: String) {
        storage.append(34)
        storage.append(contentsOf: name.utf8)
        storage.append(34)
        storage.append(58)
    }

    /// Appends a number as written (from ``JSONValue/number(_:)``: digits, sign, point, exponent).
    public mutating func number(_ text: String) {
        storage.append(contentsOf: text.utf8.filter { ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 43 || $0 == 46 || $0 | 0x20 == 101 })
    }

    /// Appends a quoted, escaped string.
    public mutating func string(_ text: String) {
        storage.append(34)
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            var plainFrom = 0  // the bytes since the last escape go in as one run
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                // most bytes need nothing: printable ASCII but " and \, and UTF-8 other than a C1 control's
                if byte != 34 && byte != 92 && byte >= 0x20 && byte != 0x7F && byte != 0xC2 {
                    index += 1
                    continue
                }
                if plainFrom < index { storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<index])) }
                if byte == 34 || byte == 92 {
                    storage.append(92); storage.append(byte)
                } else if byte == 0xC2 {
                    if index + 1 < count, (0x80...0x9F).contains(utf8[index + 1]) {
                        escape(UInt32(utf8[index + 1]))  // C1 control, U+0080…U+009F
                        index += 1
                    } else {
                        storage.append(byte)
                    }
                } else {
                    switch byte {
                    case 10: storage.append(92); storage.append(110)
                    case 13: storage.append(92); storage.append(114)
                    case 9: storage.append(92); storage.append(116)
                    default: escape(UInt32(byte))
                    }
                }
                index += 1
                plainFrom = index
            }
            if plainFrom < count { storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<count])) }
        }
        storage.append(34)
    }

    /// Appends a timestamp as a quoted string, as ``Timestamp/iso8601`` spells it (ASCII digits
    /// and `-T:.Z`: nothing to escape).
    public mutating func timestamp(_ instant: Timestamp) {
        storage.append(34)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.iso8601Length) { buffer in
            instant.writeISO8601(into: buffer.baseAddress!)
            storage.append(contentsOf: UnsafeBufferPointer(buffer))
        }
        storage.append(34)
    }

    private mutating func escape(_ scalar: UInt32) {
        storage.append(92); storage.append(117); storage.append(48); storage.append(48)
        storage.append(Self.hex[Int((scalar >> 4) & 0xF)])
        storage.append(Self.hex[Int(scalar & 0xF)])
    }

    /// Appends a string or `null`.
    @inlinable public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends `true`, `false` or `null`.
    @inlinable public mutating func optionalBool(_ value: Bool?) {
        switch value {
        case true?: raw("true")
        case false?: raw("false")
        case nil: raw("null")
        }
    }

    /// The text written so far.
    public var text: String { String(decoding: storage, as: UTF8.self) }

    /// Clears the buffer, keeping its capacity.
    @inlinable public mutating func reset() { storage.removeAll(keepingCapacity: true) }
}
