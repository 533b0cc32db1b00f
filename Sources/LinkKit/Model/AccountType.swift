// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// AccountType: the top-level kind of an account (`brokerage` is the pre-2018 name of `investment`).
public enum AccountType: WireStringEnum {
    /// `credit`.
    case credit
    /// `depository`.
    case depository
    /// `investment`.
    case investment
    /// `loan`.
    case loan
    /// `other`.
    case other
    /// `brokerage`.
    case brokerage
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [AccountType] = [
        .credit,
        .depository,
        .investment,
        .loan,
        .other,
        .brokerage,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: AccountType] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .credit: "credit"
        case .depository: "depository"
        case .investment: "investment"
        case .loan: "loan"
        case .other: "other"
        case .brokerage: "brokerage"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}
