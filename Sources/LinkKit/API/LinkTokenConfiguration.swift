/// SessionOptions: linkterm's settings beyond LinkKit 7's configuration (sandbox behaviour,
/// determinism, account select).
public struct SessionOptions: Sendable {
    /// The seed of every id the session makes.
    public var seed: UInt64 = 0
    /// How long LOADING lasts, in milliseconds.
    public var latencyMillis: Int64 = SessionConfiguration.defaultLatencyMillis
    /// The search debounce, in milliseconds.
    public var searchDebounceMillis: Int64 = SessionConfiguration.defaultSearchDebounceMillis
    /// The account select pane's mode.
    public var accountSelection: AccountSelectionMode = .multiple
    /// Update mode: the institution to repair.
    public var updateModeInstitutionID: String?
    /// The institutions to search.
    public var directory: InstitutionDirectory = .sandbox
    /// The OAuth redirect URI (https only; set on the link token in a real integration): the
    /// bank page then ends in a redirect that ``Handler/continue(from:)`` hands back.
    public var redirectURI: String?

    /// Default options.
    public init() {}
}

/// LinkTokenConfiguration: how a session is opened, shaped like LinkKit 7's type.
public struct LinkTokenConfiguration {
    /// The link token (`link-sandbox-<uuid>`).
    public var token: String
    /// Called when the user links an item.
    public var onSuccess: (LinkSuccess) -> Void
    /// Called when the session ends without linking.
    public var onExit: ((LinkExit) -> Void)?
    /// Called for every event.
    public var onEvent: ((LinkEvent) -> Void)?
    /// Called when the session is ready to show.
    public var onLoad: (() -> Void)?
    /// linkterm's sandbox and session settings.
    public var options = SessionOptions()

    /// Creates a configuration; every callback but `onSuccess` is optional.
    public init(
        token: String, onSuccess: @escaping (LinkSuccess) -> Void, onExit: ((LinkExit) -> Void)? = nil,
        onEvent: ((LinkEvent) -> Void)? = nil, onLoad: (() -> Void)? = nil
    ) {
        self.token = token
        self.onSuccess = onSuccess
        self.onExit = onExit
        self.onEvent = onEvent
        self.onLoad = onLoad
    }

    /// The engine configuration these settings give.
    public var sessionConfiguration: SessionConfiguration {
        SessionConfiguration(
            token: token, seed: options.seed, latencyMillis: options.latencyMillis,
            searchDebounceMillis: options.searchDebounceMillis, accountSelection: options.accountSelection,
            updateModeInstitutionID: options.updateModeInstitutionID, directory: options.directory)
            .with(\.redirectURI, options.redirectURI)
    }

    /// The callbacks, for a driver.
    public var callbacks: LinkCallbacks {
        LinkCallbacks(onSuccess: onSuccess, onExit: onExit, onEvent: onEvent, onLoad: onLoad)
    }
}
