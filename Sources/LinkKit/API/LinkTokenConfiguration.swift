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
    /// LinkKit 6.1: skip Link's own loading animation (the app shows its own until `OPEN` or
    /// `EXIT`): in the terminal, the LOADING pane is drawn without its spinner and text.
    public var noLoadingState = false
    /// LinkKit 6.2: `false` draws a solid background behind Link instead of the default shaded
    /// one (in the terminal, the space around the Link card).
    public var showGradientBackground = true

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
        options.engine.with(\.token, token)
    }

    /// The callbacks, for a driver.
    public var callbacks: LinkCallbacks {
        LinkCallbacks(onSuccess: onSuccess, onExit: onExit, onEvent: onEvent, onLoad: onLoad)
    }
}
