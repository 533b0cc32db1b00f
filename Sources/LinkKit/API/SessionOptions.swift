/// SessionOptions: linkterm's settings beyond LinkKit 7's configuration (sandbox behaviour,
/// determinism, account select, the products and flows the link token would ask for).
///
/// The common settings have their own properties; ``engine`` holds every one the session
/// engine takes (the command line sets it whole). Its token is ignored: the configuration's
/// `token` is the session's.
public struct SessionOptions: Sendable {
    /// Everything that shapes the session besides the token and the callbacks.
    public var engine = SessionConfiguration()

    /// The seed of every id the session makes.
    public var seed: UInt64 {
        get { engine.seed }
        set { engine.seed = newValue }
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

    /// Default options.
    public init() {}

    /// Options holding every setting of `engine` (its token aside).
    public init(engine: SessionConfiguration) {
        self.engine = engine
    }
}
