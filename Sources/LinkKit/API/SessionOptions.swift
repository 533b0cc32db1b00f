/// SessionOptions: linkterm's settings beyond LinkKit 7's configuration (sandbox behaviour,
/// determinism, account select, the products and flows the link token would ask for).
///
/// The common settings have their own properties; ``engine`` holds every one the session
/// engine takes (the command line sets it whole). Its token is ignored: the configuration's
/// `token` is the session's.
public struct SessionOptions: Sendable {
    /// Everything that shapes the session besides the token and the callbacks. A change of its
    /// seed sets the seed as ``seed`` does.
    public var engine = SessionConfiguration() {
        didSet { if engine.seed != oldValue.seed { seedIsGiven = true } }
    }

    /// The seed of every id the session makes (`link_session_id`, `public_token`, request ids):
    /// set, every session made with these options is the same session, for tests and replays.
    /// Unset, each session draws a seed of its own when it is created (as a real session's ids
    /// are each new), and its configuration says which (``PlaidLinkSession/configuration``).
    public var seed: UInt64 {
        get { engine.seed }
        set {
            engine.seed = newValue
            seedIsGiven = true
        }
    }

    /// Whether the seed was set (``seed``, ``engine``'s, ``init(engine:)``).
    var seedIsGiven = false

    /// These options with a seed of their own drawn at random when none was set.
    func withSessionSeed() -> SessionOptions {
        guard !seedIsGiven else { return self }
        var options = self
        options.seed = UInt64.random(in: 0...UInt64.max)
        return options
    }
    /// How long LOADING lasts, in milliseconds.
    public var latencyMillis: Int64 {
        get { engine.latencyMillis }
        set { engine.latencyMillis = newValue }
    }
    /// The search debounce, in milliseconds.
    public var searchDebounceMillis: Int64 {
        get { engine.searchDebounceMillis }
        set { engine.searchDebounceMillis = newValue }
    }
    /// The account select pane's mode.
    public var accountSelection: AccountSelectionMode {
        get { engine.accountSelection }
        set { engine.accountSelection = newValue }
    }
    /// Update mode: the institution to repair.
    public var updateModeInstitutionID: String? {
        get { engine.updateModeInstitutionID }
        set { engine.updateModeInstitutionID = newValue }
    }
    /// The institutions to search.
    public var directory: InstitutionDirectory {
        get { engine.directory }
        set { engine.directory = newValue }
    }
    /// The OAuth redirect URI (https only; set on the link token in a real integration): the
    /// bank page then ends in a redirect that ``Handler/continue(from:)`` hands back.
    public var redirectURI: String? {
        get { engine.redirectURI }
        set { engine.redirectURI = newValue }
    }
    /// The products the link token asks for (`[.transactions]` unless set).
    public var products: Set<LinkProduct> {
        get { engine.products }
        set { engine.products = newValue }
    }

    /// The routing number the link token was created with (`/link/token/create`): its sandbox
    /// institution (021000021: Houndstooth Bank) is matched, and choosing it in the search is
    /// `MATCHED_SELECT_INSTITUTION` with `match_reason` `routing_number`.
    public var routingNumber: String? {
        get { engine.routingNumber }
        set { engine.routingNumber = newValue }
    }

    /// Default options.
    public init() {}

    /// Options holding every setting of `engine` (its token aside), its seed included.
    public init(engine: SessionConfiguration) {
        self.engine = engine
        seedIsGiven = true
    }
}
