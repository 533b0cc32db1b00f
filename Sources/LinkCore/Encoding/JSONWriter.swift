/// JSONWriter: a small, fast writer of compact JSON into a byte buffer.
///
/// Strings are escaped so that the output holds no control character at all (C0, DEL and C1
/// are written as `\uXXXX`): a JSON line printed to a terminal cannot carry an escape sequence.
///
/// A value type: a copy of a writer writes into a copy of its bytes (the buffer is shared until
/// one of them writes).
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }
    /// How many bytes were written so far.
    public var count: Int { buffer.count }
    /// The bytes' storage. The small writes below are inlined where they are called (each
    /// flavor's records are encoded in its own module): each makes sure of the room it needs with
    /// one check, then writes through a pointer (an array's `append` cost several times that).
    @usableFromInline var buffer: JSONBuffer

    /// Creates an empty writer.
    public init(capacity: Int = 512) { buffer = JSONBuffer(capacity: capacity) }

    /// The address at which `room` more bytes can be written: the buffer made this writer's own
    /// and large enough. Write them, then add what was written to `buffer.count`.
    @inlinable @inline(__always) mutating func room(_ room: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&buffer) {
            buffer = buffer.copy(adding: room)
        } else if buffer.capacity - buffer.count < room {
            buffer.grow(adding: room)
        }
        return buffer.base + buffer.count
    }

    /// Appends `count` bytes from `start`.
    @inlinable mutating func append(_ start: UnsafePointer<UInt8>, count: Int) {
        room(count).update(from: start, count: count)
        buffer.count += count
    }

    /// Appends the bytes of `bytes` (none when it has no address: an empty buffer may not).
    @inlinable mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        append(start, count: bytes.count)
    }

    /// Appends one byte.
    @inlinable mutating func append(_ byte: UInt8) {
        room(1).pointee = byte
        buffer.count += 1
    }

    /// Appends raw ASCII text (punctuation, keys known to need no escaping).
    @inlinable @inline(__always) public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends an object member whose key is written with the punctuation before it and the colon
    /// after (`,"institution_id":`), and its value: `text` quoted and escaped, or `null`. The same
    /// bytes as ``raw(_:)`` then ``optionalString(_:)``, with one check for room where they need
    /// no escape.
    @inlinable @inline(__always) public mutating func member(_ key: StaticString, _ text: String?) {
        key.withUTF8Buffer { key in
            if var text {
                text.withUTF8 { quoted($0, after: key) }
            } else {
                null(after: key)
            }
        }
    }

    /// Appends an object member (see the other `member(_:_:)`) whose value is `true`, `false`
    /// or `null`.
    @inlinable @inline(__always) public mutating func member(_ key: StaticString, _ flag: Bool?) {
        key.withUTF8Buffer { key in
            let out = room(key.count + 5)
            if let start = key.baseAddress { out.update(from: start, count: key.count) }
            let word: StaticString = flag == nil ? "null" : flag! ? "true" : "false"
            word.withUTF8Buffer { (out + key.count).update(from: $0.baseAddress!, count: $0.count); buffer.count += key.count + $0.count }
        }
    }

    /// `key` then `null` (inlined: the key's length is known where it is called, so its bytes are
    /// moved without a call to `memmove`).
    @inlinable @inline(__always) mutating func null(after key: UnsafeBufferPointer<UInt8>) {
        let out = room(key.count + 4)
        if let start = key.baseAddress { out.update(from: start, count: key.count) }
        UnsafeMutableRawPointer(out + key.count).storeBytes(of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)  // n u l l
        buffer.count += key.count + 4
    }

    /// `key` then `utf8` quoted and escaped: at once when it needs no escape.
    @usableFromInline mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>, after key: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        if let start = utf8.baseAddress, Self.plainPrefix(start, count: count) == count {
            let out = room(key.count + count + 2)
            if let start = key.baseAddress { out.update(from: start, count: key.count) }
            out[key.count] = 34
            (out + key.count + 1).update(from: start, count: count)
            out[key.count + count + 1] = 34
            buffer.count += key.count + count + 2
        } else {
            append(key)
            quoted(utf8)
        }
    }

    /// Appends `"key":` for an object key from a fixed table (ASCII letters and `_`, never escaped).
    @inlinable public mutating func key(_ name: String) {
        append(34)
        var name = name
        name.withUTF8 { append($0) }
        append(34)
        append(58)
    }

    /// Appends a number as written (from ``JSONValue/number(_:)``: digits, sign, point, exponent).
    public mutating func number(_ text: String) {
        for byte in text.utf8 where (byte >= 48 && byte <= 57) || byte == 45 || byte == 43 || byte == 46 || byte | 0x20 == 101 {
            append(byte)
        }
    }

    /// Appends a quoted, escaped string.
    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { quoted($0) }
    }

    /// Appends `utf8` quoted and escaped: `"` and `\` behind a backslash; newline, return and tab
    /// as `\n`, `\r`, `\t`; every other C0 control, DEL and the C1 controls (U+0080…U+009F) as
    /// `\u00xx`; every other byte as it is.
    @usableFromInline mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        guard let start = utf8.baseAddress, count > 0 else {
            raw(#""""#)
            return
        }
        // most strings need no escape at all: room for them and both quotes, one copy
        var index = Self.plainPrefix(start, count: count)
        let out = room(count + 2)
        out.pointee = 34
        if index == count {
            (out + 1).update(from: start, count: count)
            out[count + 1] = 34
            buffer.count += count + 2
            return
        }
        buffer.count += 1
        var plainFrom = 0  // the bytes since the last escape go in as one run
        while index < count {
            let byte = start[index]
            if Self.isPlain(byte) {
                index += 1
                // past the byte that needed one, whole words of plain bytes at a time again
                index += Self.plainPrefix(start + index, count: count - index)
                continue
            }
            if plainFrom < index { append(start + plainFrom, count: index - plainFrom) }
            if byte == 34 || byte == 92 {
                append(92); append(byte)
            } else if byte == 0xC2 {
                if index + 1 < count, (0x80...0x9F).contains(start[index + 1]) {
                    escape(start[index + 1])  // C1 control, U+0080…U+009F
                    index += 1
                } else {
                    append(byte)
                }
            } else {
                switch byte {
                case 10: append(92); append(110)
                case 13: append(92); append(114)
                case 9: append(92); append(116)
                default: escape(byte)
                }
            }
            index += 1
            plainFrom = index
        }
        if plainFrom < count { append(start + plainFrom, count: count - plainFrom) }
        append(34)
    }

    /// Whether `byte` goes into a string as it is: printable ASCII but `"` and `\`, and UTF-8 other
    /// than the lead byte of a C1 control's (0xC2).
    @inline(__always) static func isPlain(_ byte: UInt8) -> Bool {
        byte != 34 && byte != 92 && byte >= 0x20 && byte != 0x7F && byte != 0xC2
    }

    /// How many of the `count` bytes at `start` are plain (``isPlain(_:)``) before the first that
    /// is not: eight at a time while a word of them holds none of the bytes to look at (a byte
    /// under 0x20, or equal to `"`, `\`, DEL or 0xC2), then one at a time. Past the last whole
    /// word, the last eight bytes are looked at as one word (overlapping the words before).
    @inline(__always) static func plainPrefix(_ start: UnsafePointer<UInt8>, count: Int) -> Int {
        var index = 0
        let raw = UnsafeRawPointer(start)
        while index + 8 <= count {
            if holdsSpecial(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { break }
            index += 8
        }
        if index + 8 > count, count >= 8, index < count,
           !holdsSpecial(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) {
            return count
        }
        while index < count, isPlain(start[index]) { index += 1 }
        return index
    }

    /// Whether one of the eight bytes of `word` is not plain: under 0x20, or `"`, `\`, DEL or 0xC2
    /// (a byte of `x` is zero, or for `below` under 0x20, when its high bit is set in the result;
    /// exact for whether there is one).
    @inline(__always) static func holdsSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below = (word &- 0x2020_2020_2020_2020) & ~word & highs
        return below | zero(word ^ 0x2222_2222_2222_2222) | zero(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            | zero(word ^ 0x7F7F_7F7F_7F7F_7F7F) | zero(word ^ 0xC2C2_C2C2_C2C2_C2C2) != 0
    }

    /// Appends a timestamp as a quoted string, as ``Timestamp/iso8601`` spells it (ASCII digits
    /// and `-T:.Z`: nothing to escape).
    public mutating func timestamp(_ instant: Timestamp) {
        let out = room(Timestamp.iso8601Length + 2)
        out.pointee = 34
        instant.writeISO8601(into: out + 1)
        out[Timestamp.iso8601Length + 1] = 34
        buffer.count += Timestamp.iso8601Length + 2
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func escape(_ scalar: UInt8) {
        let out = room(6)
        out[0] = 92; out[1] = 117; out[2] = 48; out[3] = 48
        out[4] = Self.hex[Int(scalar >> 4)]
        out[5] = Self.hex[Int(scalar & 0xF)]
        buffer.count += 6
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
    public var text: String { String(decoding: UnsafeBufferPointer(start: buffer.base, count: buffer.count), as: UTF8.self) }

    /// Clears the buffer, keeping its capacity (or, shared with a copy of the writer, leaving it to
    /// the copy).
    @inlinable public mutating func reset() {
        if isKnownUniquelyReferenced(&buffer) {
            buffer.count = 0
        } else {
            buffer = JSONBuffer(capacity: buffer.capacity)
        }
    }
}

/// JSONBuffer: a ``JSONWriter``'s bytes, shared by copies of the writer until one writes.
///
/// `@unchecked Sendable`, and its fields unchecked for overlapping access: a writer changes it only
/// when it holds the only reference (``JSONWriter`` copies it first otherwise), so no two threads
/// ever reach one that changes.
@usableFromInline final class JSONBuffer: @unchecked Sendable {
    /// The first byte.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// How many bytes fit.
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// An empty buffer for `capacity` bytes (at least 16).
    @usableFromInline init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes, with room for `room` more.
    @usableFromInline func copy(adding room: Int) -> JSONBuffer {
        let copy = JSONBuffer(capacity: max(capacity, count + room))
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// Makes room for `room` more bytes (at least twice the capacity).
    @usableFromInline func grow(adding room: Int) {
        let grown = max(2 * capacity, count + room)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }
}
