/// EmbeddedLinkTokenConfiguration: how an Embedded Institution Search is created (LinkKit 7): the
/// link token and the callbacks of the session it opens. The search itself is a component the
/// app places in its own screen (LinkUI's `Plaid.createEmbeddedLinkUIView`); when the person
/// chooses an institution there, Link opens on consent and goes from there straight to that
/// institution.
public struct EmbeddedLinkTokenConfiguration {
    /// The link token (`link-sandbox-<uuid>`).
    public var token: String
    /// Called when the user links an item.
    public var onSuccess: (LinkSuccess) -> Void
    /// Called when the session ends without linking.
    public var onExit: ((LinkExit) -> Void)?
    /// Called for every event of the session opened from the search.
    public var onEvent: ((LinkEvent) -> Void)?
    /// linkterm's sandbox and session settings (the directory the embedded search lists, too).
    public var options = SessionOptions()

    /// Creates a configuration; every callback but `onSuccess` is optional.
    public init(
        token: String, onSuccess: @escaping (LinkSuccess) -> Void, onExit: ((LinkExit) -> Void)? = nil,
        onEvent: ((LinkEvent) -> Void)? = nil
    ) {
        self.token = token
        self.onSuccess = onSuccess
        self.onExit = onExit
        self.onEvent = onEvent
    }

    /// The session Link opens once the person has chosen `institutionID` in the embedded search.
    public func linkConfiguration(institutionID: String) -> LinkTokenConfiguration {
        var configuration = LinkTokenConfiguration(token: token, onSuccess: onSuccess, onExit: onExit, onEvent: onEvent)
        configuration.options = options
        configuration.options.engine.embeddedInstitutionID = institutionID
        return configuration
    }

    /// Throws for settings no session could open with (as ``Plaid/createPlaidLinkSession(configuration:)``).
    public func validate() throws(ConfigurationError) {
        try options.engine.with(\.token, token).validate()
    }
}
