/// InstitutionDirectory: the institutions a session can search and select.
public struct InstitutionDirectory: Sendable {
    /// Every institution, in directory order.
    public let records: [InstitutionRecord]
    private let indexByID: [String: Int]

    /// Creates a directory; later duplicates of an id are ignored.
    public init(_ records: [InstitutionRecord]) {
        var kept: [InstitutionRecord] = []
        var index: [String: Int] = [:]
        index.reserveCapacity(records.count)
        kept.reserveCapacity(records.count)
        for record in records where index[record.id] == nil {
            index[record.id] = kept.count
            kept.append(record)
        }
        self.records = kept
        self.indexByID = index
    }

    /// The institution with this id.
    public subscript(id: String) -> InstitutionRecord? {
        indexByID[id].map { records[$0] }
    }

    /// The institutions shown before the user types.
    public var popular: [InstitutionRecord] {
        let listed = records.filter(\.popular)
        return listed.isEmpty ? Array(records.prefix(10)) : listed
    }

    /// The embedded sandbox directory: the sandbox institutions of Plaid's docs (reference §2.1)
    /// plus a few real banks, which the sandbox also serves.
    public static let sandbox = InstitutionDirectory(SandboxInstitutions.all)
}
