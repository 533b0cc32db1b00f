import LinkKit

/// AccountRow: how an account reads on screen, the one formatter for every place that lists
/// accounts: a pane's aligned row (`Plaid Checking ••0000  depository · checking`) and the log
/// panel's inline value (`Plaid Checking ••0000 depository/checking`). Names are sanitised.
enum AccountRow {
    /// The name column's width in a pane.
    static let nameWidth = 28

    /// The aligned row: the name cut and padded to ``nameWidth``, the mask (or blanks), the type.
    static func columns(_ account: Account) -> String {
        let name = pad(truncate(sanitizeForTerminal(account.name), toWidth: nameWidth, ellipsis: "…"), toWidth: nameWidth)
        return "\(name) ••\(account.mask ?? "    ")  \(account.subtype.type) · \(account.subtype.subtype)"
    }

    /// The inline value: name, mask if any, type/subtype (not sanitised: the log panel sanitises
    /// every value it draws).
    static func inline(_ account: Account) -> String {
        var text = account.name
        if let mask = account.mask { text += " ••" + mask }
        return text + " " + account.subtype.type + "/" + account.subtype.subtype
    }
}
