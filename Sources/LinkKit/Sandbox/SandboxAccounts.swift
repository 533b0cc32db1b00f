/// SandboxAccounts: the accounts the sandbox returns for `user_good` (as Plaid's sandbox returns them).
public enum SandboxAccounts {
    /// One account as the sandbox defines it, before it gets a session-specific id.
    public struct Template: Hashable, Sendable {
        /// The account name.
        public var name: String
        /// The last four digits.
        public var mask: String
        /// Type and subtype.
        public var subtype: AccountSubtype
        /// The official product name, where the sandbox gives one.
        public var officialName: String?
    }

    /// The confirmed sandbox accounts, in the reference's order.
    public static let templates: [Template] = [
        .init(name: "Plaid Checking", mask: "0000", subtype: .depository(.checking),
              officialName: "Plaid Gold Standard 0% Interest Checking"),
        .init(name: "Plaid Saving", mask: "1111", subtype: .depository(.savings),
              officialName: "Plaid Silver Standard 0.1% Interest Saving"),
        .init(name: "Plaid Credit Card", mask: "3333", subtype: .credit(.creditCard),
              officialName: "Plaid Diamond 12.5% APR Interest Credit Card"),
        .init(name: "Plaid Money Market", mask: "4444", subtype: .depository(.moneyMarket),
              officialName: "Plaid Platinum Standard 1.85% Interest Money Market"),
        .init(name: "Plaid IRA", mask: "5555", subtype: .investment(.ira)),
        .init(name: "Plaid 401k", mask: "6666", subtype: .investment(.investment401k)),
        .init(name: "Plaid Student Loan", mask: "7777", subtype: .loan(.student)),
        .init(name: "Plaid Mortgage", mask: "8888", subtype: .loan(.mortgage)),
        .init(name: "Plaid Business Credit Card", mask: "9999", subtype: .credit(.creditCard),
              officialName: "Plaid Platinum Small Business Credit Card"),
    ]

    /// The accounts with ids for one session (37 base62 characters each, from the session's ids).
    public static func accounts(using ids: inout IDGenerator) -> [Account] {
        templates.map { template in
            Account(id: ids.alphanumeric(37), name: template.name, mask: template.mask, subtype: template.subtype)
        }
    }
}
