extension InstitutionSearch {
    /// The most results institution select lists for one query.
    public static let listLimit = 200

    /// Whether institution select lists `id` while its search field holds `query`: among the
    /// popular institutions before anything is typed, among the first ``listLimit`` results after.
    /// A scenario's `select` of an institution not listed searches for its id first, as a person
    /// would (replay and the autopilot alike).
    /// An institution whose brand is listed as one row (``SandboxBrands``) is not listed itself.
    public func lists(_ id: String, query: String) -> Bool {
        let ids = query.isBlank
            ? directory.popular.map(\.id)
            : search(query, limit: Self.listLimit).map { directory.records[$0.index].id }
        guard ids.contains(id) else { return false }
        return SandboxBrands.brand(of: id).map { !SandboxBrands.collapsed(ids).contains($0) } ?? true
    }
}
