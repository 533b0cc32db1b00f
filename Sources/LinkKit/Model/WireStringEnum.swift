/// WireStringEnum: an enumeration whose values travel as a single string (the "wire string").
///
/// Conformers list their known cases in `allCases`, spell each one in `description`, and decode
/// through ``init(wireString:)``. Encoding and decoding as JSON use the wire string, so every
/// known case and every `unknown` value round-trips.
public protocol WireStringEnum: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Every known case, in declaration order.
    static var allCases: [Self] { get }
    /// Known cases by their wire string.
    static var byWireString: [String: Self] { get }
    /// Creates a value from its wire string (`nil` only where the type has no `unknown` case).
    init?(wireString: String)
}

extension WireStringEnum {
    /// Builds the wire-string index from `allCases`; every conformer stores it once.
    static func makeWireIndex() -> [String: Self] {
        var index: [String: Self] = [:]
        index.reserveCapacity(allCases.count)
        for value in allCases { index[value.description] = value }
        return index
    }

    /// Encodes the wire string.
    public func encode(to encoder: any Encoder) throws {
        try encodeWireString(to: encoder)
    }

    /// Decodes a wire string; fails only for a type without an `unknown` case.
    public init(from decoder: any Decoder) throws {
        try self.init(wireStringFrom: decoder)
    }

    /// Encodes `description` as a single string (shared by conformers that must spell out `Codable`).
    func encodeWireString(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a single wire string (shared by conformers that must spell out `Codable`).
    init(wireStringFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(wireString: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown \(Self.self) \"\(text)\"")
        }
        self = value
    }
}
