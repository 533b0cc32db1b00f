/// LayerTokenConfiguration: how a Layer session is opened (LinkKit 7): the link token and the
/// callbacks; Link answers `submit(data:)` with `LAYER_READY` or `LAYER_NOT_AVAILABLE` on onEvent.
public struct LayerTokenConfiguration {
    /// The link token (`link-sandbox-<uuid>`), created for the Layer product.
    public var token: String
    /// Called when the person shares their profile.
    public var onSuccess: (LinkSuccess) -> Void
    /// Called when the session ends without sharing.
    public var onExit: ((LinkExit) -> Void)?
    /// Called for every event; `LAYER_READY` says the session may be opened.
    public var onEvent: ((LinkEvent) -> Void)?
    /// linkterm's sandbox and session settings (the products are Layer's whatever they say).
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

    /// The same session as a Link configuration for the Layer product.
    var linkConfiguration: LinkTokenConfiguration {
        var configuration = LinkTokenConfiguration(token: token, onSuccess: onSuccess, onExit: onExit, onEvent: onEvent)
        configuration.options = options
        configuration.options.products = [.layer]
        return configuration
    }
}

/// PlaidLayerSession: a Layer session (LinkKit 7). Submit the person's phone with
/// ``submit(data:)``; once onEvent has said `LAYER_READY`, ``open(using:)`` shows the profile for
/// review. Retain it for the whole flow.
public final class PlaidLayerSession {
    private let session: PlaidLinkSession

    init(session: PlaidLinkSession) { self.session = session }

    /// Hands Link the person's phone (and date of birth); the answer comes on onEvent.
    public func submit(data: some SubmissionData) {
        session.submit(data: data)
    }

    /// Why the last ``submit(data:)`` was refused, if it was.
    public var submissionProblem: String? { session.submissionProblem }

    /// Shows Layer with `presentation` (from inside onEvent `LAYER_READY` too: then once the
    /// submission that delivered it returns) and returns when the session has ended.
    public func open(using presentation: some LinkPresentation) {
        session.open(using: presentation)
    }
}

extension Plaid {
    /// Creates a Layer session; throws for a configuration that cannot open at all.
    public static func createPlaidLayerSession(configuration: LayerTokenConfiguration) throws(ConfigurationError)
        -> PlaidLayerSession
    {
        PlaidLayerSession(session: try createPlaidLinkSession(configuration: configuration.linkConfiguration))
    }
}
