extension JSONValue {
    /// A number value from a `Double` (integers without a fraction: `25`, not `25.0`).
    public static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(String(value))
    }

    /// A string value, or null for `nil`.
    public static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// Writes the value as compact JSON, object keys sorted (the same value, the same line).
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .number(let text): writer.number(text)
        case .bool(let flag): writer.raw(flag ? "true" : "false")
        case .null: writer.raw("null")
        case .array(let elements):
            writer.raw("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.raw(",") }
                element.write(to: &writer)
            }
            writer.raw("]")
        case .object(let members):
            writer.raw("{")
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(key)
                writer.raw(":")
                members[key]!.write(to: &writer)
            }
            writer.raw("}")
        }
    }

    /// The value as one line of compact JSON.
    public var jsonText: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// The value at a path of object keys, if every step exists.
    public subscript(path: [String]) -> JSONValue? {
        var value: JSONValue? = self
        for key in path { value = value?[key] }
        return value
    }

    /// The member `key` of an object, if the value is one and has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
