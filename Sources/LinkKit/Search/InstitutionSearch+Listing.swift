extension InstitutionSearch {
    /// The most results institution select lists for one query.
    public static let listLimit = 200

    /// Whether institution select lists `id` while its search field holds `query`: among the
    /// popular institutions before anything is typed, among the first ``listLimit`` results after.
    /// A scenario's `select` of an institution not listed searches for its id first, as a person
    /// would (replay and the autopilot alike).
    public func lists(_ id: String, query: String) -> Bool {
        if query.allSatisfy(\.isWhitespace) {
            return directory.popular.contains { $0.id == id }
        }
        return search(query, limit: Self.listLimit).contains { directory.records[$0.index].id == id }
    }
}
