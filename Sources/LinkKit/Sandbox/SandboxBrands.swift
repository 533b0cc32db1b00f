/// SandboxBrands: institutions that are one brand with several online-banking portals. Institution
/// select lists a brand once when two or more of its portals are listed; choosing it is
/// `SELECT_BRAND` and the SELECT_BRAND pane, where the person picks the portal.
public enum SandboxBrands {
    /// The brands, by name: their portals' ids, in the order shown. The sandbox's "Flexible
    /// Platypus Open Banking" is two institutions of the reference table (a UK bank and the OAuth
    /// QR-code one).
    public static let portals: [String: [String]] = [
        "Flexible Platypus Open Banking": ["ins_116834", "ins_117181"],
    ]

    /// What tells each portal apart, shown beside it.
    public static let notes: [String: String] = [
        "ins_116834": "UK personal banking",
        "ins_117181": "sign in with a QR code (OAuth)",
    ]

    /// The brand an institution belongs to, if any.
    public static func brand(of id: String) -> String? {
        portals.first { $0.value.contains(id) }?.key
    }

    /// The brands that `ids` (a listing, in order) shows as one row: two or more of their portals
    /// are among them.
    public static func collapsed(_ ids: [String]) -> Set<String> {
        var counts: [String: Int] = [:]
        for id in ids { if let brand = brand(of: id) { counts[brand, default: 0] += 1 } }
        return Set(counts.filter { $0.value >= 2 }.keys)
    }
}
