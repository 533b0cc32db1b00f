import LinkKit

/// AccountRow: how an account reads on screen, the one formatter for every place that lists
/// accounts: a pane's aligned row (`Plaid Checking ••0000  depository · checking`) and the log
/// panel's inline value (`Plaid Checking ••0000 depository/checking`). Names are sanitised.
enum AccountRow {
    /// The name column's width in a pane.
    static let nameWidth = 28

    /// Columns: how a list of rows is laid out: the name column's width, and whether the type
    /// gives way to the subtype alone (`checking` for `depository · checking`).
    struct Columns: Hashable, Sendable {
        /// The name column's width.
        var name = AccountRow.nameWidth
        /// Whether only the subtype is shown.
        var subtypeOnly = false
    }

    /// The columns for `accounts` in `width` columns: the whole type where it fits, else the
    /// subtype alone and the name column as wide as what is left allows (12 at least), the same
    /// for every row so that they stay aligned (at 60 columns the type was cut mid-word).
    static func fitting(_ accounts: [Account], width: Int) -> Columns {
        let rest = 9  // " ••0000  "
        let kinds = accounts.map { displayWidth(of: "\($0.subtype.type) · \($0.subtype.subtype)") }.max() ?? 0
        if nameWidth + rest + kinds <= width { return Columns() }
        let subtypes = accounts.map { displayWidth(of: $0.subtype.subtype) }.max() ?? 0
        return Columns(name: max(12, min(nameWidth, width - rest - subtypes)), subtypeOnly: true)
    }

    /// The aligned row: the name cut and padded to the name column, the mask (or blanks), the type.
    static func columns(_ account: Account, _ layout: Columns = Columns()) -> String {
        let name = pad(truncate(sanitizeForTerminal(account.name), toWidth: layout.name, ellipsis: "…"), toWidth: layout.name)
        let kind = layout.subtypeOnly ? account.subtype.subtype : "\(account.subtype.type) · \(account.subtype.subtype)"
        return "\(name) ••\(account.mask ?? "    ")  \(kind)"
    }

    /// The inline value: name, mask if any, type/subtype (not sanitised: the log panel sanitises
    /// every value it draws).
    static func inline(_ account: Account) -> String {
        var text = account.name
        if let mask = account.mask { text += " ••" + mask }
        return text + " " + account.subtype.type + "/" + account.subtype.subtype
    }
}
