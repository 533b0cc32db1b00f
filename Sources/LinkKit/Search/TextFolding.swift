import Foundation

/// TextFolding: case- and accent-insensitive keys for matching, with a map back to characters.
public enum TextFolding {
    /// The folded form of one character: lowercase, accents removed (`É` → `e`, `ß` → `ß`).
    public static func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue {
            return String(UnicodeScalar((65...90).contains(ascii) ? ascii + 32 : ascii))
        }
        var out = String.UnicodeScalarView()
        for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return String(out)
    }

    /// The folded bytes of `text` and, for each byte, the index of the character it came from.
    public static func foldWithMap(_ text: String) -> (bytes: [UInt8], characterOfByte: [Int32]) {
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

    /// The folded bytes of `text`.
    public static func foldedBytes(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 128 }) {
            return text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
        }
        return foldWithMap(text).bytes
    }
}

