/// SecretReader: reads a secret's UTF-8 bytes where they are, front to back: literal prefixes,
/// single digits, small decimal numbers. What it returns (a number, a match) is not the secret;
/// no byte of it is copied anywhere.
///
/// Use it inside ``Secret/withUnsafeBytes(_:)`` only: it must not outlive the bytes.
package struct SecretReader {
    private let bytes: UnsafeRawBufferPointer
    /// How many bytes were read.
    private(set) var offset = 0

    /// A reader at the start of `bytes`.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    package var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    package var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[offset...]) }

    /// Reads `literal` if the bytes go on with it; otherwise reads nothing and returns `false`.
    package mutating func skip(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { wanted in
            guard bytes.count - offset >= wanted.count else { return false }
            for index in 0..<wanted.count where bytes[offset + index] != wanted[index] { return false }
            offset += wanted.count
            return true
        }
    }

    /// Reads one ASCII digit.
    package mutating func digit() -> Int? {
        guard offset < bytes.count, (0x30...0x39).contains(bytes[offset]) else { return nil }
        offset += 1
        return Int(bytes[offset - 1] - 0x30)
    }

    /// Reads 1 to `maxDigits` ASCII digits as a number; more digits, or none, read nothing and
    /// give `nil`.
    mutating func decimal(maxDigits: Int) -> Int? {
        let start = offset
        var value = 0
        while let next = digit() {
            guard offset - start <= maxDigits else {
                offset = start
                return nil
            }
            value = value * 10 + next
        }
        return offset > start ? value : nil
    }

    /// Reads `number` written in decimal the usual way (no sign, no leading zero); otherwise
    /// reads nothing and returns `false`.
    package mutating func skip(number: Int) -> Bool {
        guard number >= 0 else { return false }
        var divisor = 1
        while number / divisor >= 10 { divisor *= 10 }
        let start = offset
        while divisor > 0 {
            guard digit() == (number / divisor) % 10 else {
                offset = start
                return false
            }
            divisor /= 10
        }
        return true
    }

    /// Whether `bytes` are exactly `literal`'s UTF-8.
    package static func equal(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { equal(bytes, UnsafeRawBufferPointer($0)) }
    }

    /// Whether `bytes` spell `literal` with ASCII letters in either case, reading every byte.
    package static func equalIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            guard bytes.count == expected.count else { return false }
            var difference: UInt8 = 0
            for index in 0..<bytes.count { difference |= lowercased(bytes[index]) ^ lowercased(expected[index]) }
            return difference == 0
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `a` and `b` hold the same bytes; for equal lengths it reads every byte whatever
    /// they hold (no early exit that would tell, by its timing, where they first differ).
    package static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<a.count { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
