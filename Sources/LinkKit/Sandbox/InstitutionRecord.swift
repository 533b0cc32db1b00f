/// InstitutionRecord: one institution of a directory, with the behaviour the sandbox gives it.
public struct InstitutionRecord: Hashable, Sendable {
    /// Health as the directory reports it.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Works normally.
        case healthy
        /// Works, but selecting it shows a warning first (`SELECT_DEGRADED_INSTITUTION`).
        case degraded
        /// Cannot be used now (`SELECT_DOWN_INSTITUTION`, back to search).
        case down
    }

    /// The id, e.g. `ins_109508`.
    public var id: String
    /// The display name.
    public var name: String
    /// Whether the institution signs in through OAuth (the OAUTH pane).
    public var oauth: Bool
    /// Health.
    public var status: Status
    /// `false` for an institution Link no longer supports (a message; exit gives `institution_not_supported`).
    public var supported: Bool
    /// Whether it is listed before the user types.
    public var popular: Bool

    /// Creates a record.
    public init(
        id: String, name: String, oauth: Bool = false, status: Status = .healthy, supported: Bool = true,
        popular: Bool = false
    ) {
        self.id = id
        self.name = name
        self.oauth = oauth
        self.status = status
        self.supported = supported
        self.popular = popular
    }

    /// The reference used in callbacks.
    public var institution: Institution { Institution(id: id, name: name) }
}
