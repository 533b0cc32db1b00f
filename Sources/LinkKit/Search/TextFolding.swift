import Foundation

/// TextFolding: case- and accent-insensitive keys for matching, with a map back to characters.
public enum TextFolding {
    /// The folded form of one character: lowercase, accents removed (`É` → `e`, `ß` → `ß`).
    public static func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue {
            return String(UnicodeScalar((65...90).contains(ascii) ? ascii + 32 : ascii))
        }
        let scalars = character.unicodeScalars
        if scalars.count == 1, let folded = LatinFolding.fold(scalars.first!.value) { return folded }
        return decomposedFold(character)
    }

    /// ``fold(_:)`` by Foundation's canonical decomposition, marks dropped, lowercased.
    static func decomposedFold(_ character: Character) -> String {
        var out = String.UnicodeScalarView()
        for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return String(out)
    }

    /// The folded bytes of `text` and, for each byte, the index of the character it came from.
    public static func foldWithMap(_ text: String) -> (bytes: [UInt8], characterOfByte: [Int32]) {
        let scalars = text.unicodeScalars
        if scalars.allSatisfy({ standsAlone($0.value) }) {
            // each scalar a character of its own (no mark, joiner or selector among them): no
            // grapheme breaking
            var bytes: [UInt8] = []
            var map: [Int32] = []
            bytes.reserveCapacity(text.utf8.count)
            map.reserveCapacity(text.utf8.count)
            for (index, scalar) in scalars.enumerated() {
                let value = scalar.value
                if value < 0x80 {
                    bytes.append(UInt8(value) &- 65 < 26 ? UInt8(value) + 32 : UInt8(value))
                    map.append(Int32(index))
                } else {
                    for byte in (LatinFolding.fold(value) ?? fold(Character(scalar))).utf8 {
                        bytes.append(byte)
                        map.append(Int32(index))
                    }
                }
            }
            return (bytes, map)
        }
        return foldWithMapByCharacter(text)
    }

    /// ``foldWithMap(_:)`` a grapheme at a time, for any text.
    static func foldWithMapByCharacter(_ text: String) -> (bytes: [UInt8], characterOfByte: [Int32]) {
        var bytes: [UInt8] = []
        var map: [Int32] = []
        bytes.reserveCapacity(text.utf8.count)
        map.reserveCapacity(text.utf8.count)
        for (index, character) in text.enumerated() {
            if let ascii = character.asciiValue {
                bytes.append((65...90).contains(ascii) ? ascii + 32 : ascii)
                map.append(Int32(index))
            } else {
                for byte in fold(character).utf8 {
                    bytes.append(byte)
                    map.append(Int32(index))
                }
            }
        }
        return (bytes, map)
    }

    /// Whether `value` is one of the scalars a string of which breaks into graphemes at every
    /// scalar (none extends or joins another): printable ASCII, Latin-1 to IPA (but the soft
    /// hyphen), dashes, quotes, bullets, arrows.
    static func standsAlone(_ value: UInt32) -> Bool {
        if value < 0x7F { return value >= 0x20 }
        return (0xA0...0x2FF).contains(value) && value != 0xAD || (0x2010...0x2027).contains(value)
            || (0x2030...0x205E).contains(value) || (0x2190...0x21FF).contains(value)
    }

    /// The folded bytes of `text`.
    public static func foldedBytes(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 128 }) {
            return text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
        }
        return foldWithMap(text).bytes
    }
}

