import LinkKit

/// JSONValue: any JSON value, decoded without Foundation's Objective-C bridging.
enum JSONValue: Decodable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A short description for error messages.
    var kind: String {
        switch self {
        case .string(let text): UntrustedText.quoted(text)  // controls shown as escapes, not dropped
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
