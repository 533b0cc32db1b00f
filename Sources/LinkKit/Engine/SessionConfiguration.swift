/// AccountSelectionMode: how the account select pane behaves.
public enum AccountSelectionMode: String, Hashable, Sendable, CaseIterable {
    /// Choose one or more accounts (the default).
    case multiple
    /// Choose exactly one account (`--single-account`).
    case single
    /// No account select pane: every account is shared (`--no-account-select`).
    case disabled
}

/// SessionConfiguration: everything that shapes one session besides the user's actions.
public struct SessionConfiguration: Sendable {
    /// The link token; `nil` makes a fresh sandbox token.
    public var token: String?
    /// The seed of every id the session makes.
    public var seed: UInt64
    /// How long the LOADING pane lasts after a submission, in milliseconds.
    public var latencyMillis: Int64
    /// How long typing must pause before `SEARCH_INSTITUTION` is reported, in milliseconds.
    public var searchDebounceMillis: Int64
    /// The account select pane's mode.
    public var accountSelection: AccountSelectionMode
    /// Update mode: the institution whose item is being repaired; the flow starts at its sign-in.
    public var updateModeInstitutionID: String?
    /// The institutions the user can search.
    public var directory: InstitutionDirectory
    /// The products the link token asks for (Auth adds the auth-type choice and micro-deposits).
    public var products: Set<LinkProduct>
    /// The returning user experience: after consent, the phone and its one-time code.
    public var rememberMe: Bool
    /// The OAuth redirect URI (https only): the bank page ends by redirecting there, and the
    /// session waits until the app hands the URL back (`continue(from:)`, `redirect`).
    public var redirectURI: String?
    /// The person's legal name as the app gave it (`/link/token/create`'s user): with it, the
    /// accounts' owner is checked against it before CONNECTED (Identity Match).
    public var identityMatchName: String?
    /// Resume an Identity Verification session left at its KYC step (`…_RESUME_SESSION`).
    public var resumesIdentity = false
    /// A later session for a same-day micro-deposit Item: it opens on the code of the deposit
    /// (SAME_DAY_MICRODEPOSIT_VERIFICATION).
    public var verifiesDeposits = false
    /// Whether Link already has the person's phone (given to `/link/token/create`, consented to
    /// before): the code is sent without asking (`AUTO_SUBMIT_PHONE`).
    public var phoneKnown = false
    /// What was saved for a phone on an earlier visit (with ``rememberMe``); `nil` on a first visit.
    public var savedProfile: SavedProfile?
    /// Embedded Institution Search: the institution the person chose in the app's embedded
    /// search before Link opened. Link opens on consent as usual, and goes from consent straight
    /// to this institution (`SELECT_INSTITUTION`), not to its own search.
    public var embeddedInstitutionID: String?
    /// The routing number the link token was created with (`/link/token/create`): the sandbox
    /// institution it belongs to (021000021: Houndstooth Bank) is then a matched institution, and
    /// choosing it is `MATCHED_SELECT_INSTITUTION` with `match_reason` `routing_number`.
    public var routingNumber: String?

    /// The LOADING latency used when none is given.
    public static let defaultLatencyMillis: Int64 = SandboxLatency.defaultMillis
    /// The longest LOADING a session may be given: one hour.
    public static let maximumLatencyMillis: Int64 = SandboxLatency.maximumMillis
    /// The search debounce used when none is given.
    public static let defaultSearchDebounceMillis: Int64 = 300

    /// The products when none are given: `[.transactions]`, made by generic code with room for
    /// every product (the first `Set<LinkProduct>` made by specialised code costs a search through
    /// every protocol conformance of the program; see PreparedCollections).
    @usableFromInline static var transactionsOnly: Set<LinkProduct> {
        var products = PreparedCollections.set(room: LinkProduct.allCases.count, of: LinkProduct.self)
        products.insert(.transactions)
        return products
    }

    /// Creates a configuration.
    public init(
        token: String? = nil, seed: UInt64 = 0, latencyMillis: Int64 = defaultLatencyMillis,
        searchDebounceMillis: Int64 = defaultSearchDebounceMillis, accountSelection: AccountSelectionMode = .multiple,
        updateModeInstitutionID: String? = nil, directory: InstitutionDirectory = .sandbox,
        products: Set<LinkProduct> = transactionsOnly, rememberMe: Bool = false, savedProfile: SavedProfile? = nil
    ) {
        self.products = products
        self.rememberMe = rememberMe || savedProfile != nil
        self.savedProfile = savedProfile
        self.token = token
        self.seed = seed
        self.latencyMillis = latencyMillis
        self.searchDebounceMillis = searchDebounceMillis
        self.accountSelection = accountSelection
        self.updateModeInstitutionID = updateModeInstitutionID
        self.directory = directory
    }
}

extension SessionConfiguration {
    /// The same configuration with one setting changed: `.with(\.redirectURI, uri)`.
    public func with<Value>(_ setting: WritableKeyPath<SessionConfiguration, Value>, _ value: Value) -> SessionConfiguration {
        var copy = self
        copy[keyPath: setting] = value
        return copy
    }
}
