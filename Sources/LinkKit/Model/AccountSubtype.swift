/// AccountSubtype: an account's type and subtype together, shaped like LinkKit 7.
///
/// The case is the account type, its value the subtype. Encodes as
/// `{"type": …, "subtype": …}`.
public enum AccountSubtype: Hashable, Sendable {
    /// A `credit` account.
    case credit(Credit)
    /// A `depository` account.
    case depository(Depository)
    /// An `investment` account.
    case investment(Investment)
    /// A `loan` account.
    case loan(Loan)
    /// An `other` account.
    case other(Other)
    /// A type or subtype this version does not know, kept as received.
    case unknown(type: String, subtype: String)

    /// Creates the value for a type and subtype as they appear on the wire.
    public init(type: String, subtype: String) {
        switch type {
        case "credit": self = .credit(.init(wireString: subtype))
        case "depository": self = .depository(.init(wireString: subtype))
        case "investment", "brokerage": self = .investment(.init(wireString: subtype))
        case "loan": self = .loan(.init(wireString: subtype))
        case "other": self = .other(.init(wireString: subtype))
        default: self = .unknown(type: type, subtype: subtype)
        }
    }

    /// The account type wire string, e.g. `depository`.
    public var type: String {
        switch self {
        case .credit: "credit"
        case .depository: "depository"
        case .investment: "investment"
        case .loan: "loan"
        case .other: "other"
        case .unknown(let type, _): type
        }
    }

    /// The subtype wire string, e.g. `checking`.
    public var subtype: String {
        switch self {
        case .credit(let value): value.description
        case .depository(let value): value.description
        case .investment(let value): value.description
        case .loan(let value): value.description
        case .other(let value): value.description
        case .unknown(_, let subtype): subtype
        }
    }
}

extension AccountSubtype: Codable {
    private enum CodingKeys: String, CodingKey { case type, subtype }

    /// Decodes `{"type": …, "subtype": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decode(String.self, forKey: .type),
            subtype: try container.decode(String.self, forKey: .subtype))
    }

    /// Encodes `{"type": …, "subtype": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(subtype, forKey: .subtype)
    }
}
