/// Institution: the financial institution a session is linking, as callbacks report it.
public struct Institution: Hashable, Sendable, Codable {
    /// The institution id, e.g. `ins_109508`.
    public var id: String
    /// The display name, e.g. `First Platypus Bank`.
    public var name: String

    /// Creates an institution reference.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case id = "institution_id"
        case name
    }
}
