/// Account: one account the user shared, as `onSuccess` reports it.
public struct Account: Hashable, Sendable, Codable {
    /// The account id (37 base62 characters in the sandbox).
    public var id: String
    /// The account name, e.g. `Plaid Checking`.
    public var name: String
    /// The last digits of the account number, e.g. `0000`.
    public var mask: String?
    /// The account type and subtype.
    public var subtype: AccountSubtype
    /// The verification status; `nil` for plain credential logins.
    public var verificationStatus: VerificationStatus?

    /// Creates an account.
    public init(
        id: String, name: String, mask: String?, subtype: AccountSubtype,
        verificationStatus: VerificationStatus? = nil
    ) {
        self.id = id
        self.name = name
        self.mask = mask
        self.subtype = subtype
        self.verificationStatus = verificationStatus
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, mask, type, subtype
        case verificationStatus = "verification_status"
    }

    /// Decodes the web shape `{id, name, mask, type, subtype, verification_status}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        mask = try container.decodeIfPresent(String.self, forKey: .mask)
        subtype = AccountSubtype(
            type: try container.decode(String.self, forKey: .type),
            subtype: try container.decode(String.self, forKey: .subtype))
        verificationStatus = try container.decodeIfPresent(VerificationStatus.self, forKey: .verificationStatus)
    }

    /// Encodes the web shape, nulls where absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(mask, forKey: .mask)
        try container.encode(subtype.type, forKey: .type)
        try container.encode(subtype.subtype, forKey: .subtype)
        try container.encode(verificationStatus, forKey: .verificationStatus)
    }
}
