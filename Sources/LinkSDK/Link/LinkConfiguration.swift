/// LinkConfiguration: a link token, settings and the app's callbacks; `createHandler()` checks them
/// and gives the handler that shows Link.
///
/// A class, not Sendable, as in LinkSDK 2.0.4: `onEvent` receives `[String: Any]?`.
public class LinkConfiguration {
    /// The message `createHandler()` fails with when neither connect nor transfer callback is given.
    static let missingCallbackMessage =
        "Either 'onIntegrationConnected' or 'onTransferFinished' callback must be provided"
    /// The message `createHandler()` fails with when the link token is not valid.
    static let invalidLinkTokenMessage = "Invalid linkToken"

    /// The link token, as the app gave it.
    let linkToken: String
    /// The settings, or nil (no storage, no accounts connected before).
    let settings: LinkSettings?
    /// Called once an integration has been connected.
    var onIntegrationConnected: ((LinkPayload) -> Void)?
    /// Called once a transfer has been executed or has failed.
    var onTransferFinished: ((TransferFinishedPayload) -> Void)?
    /// Called with each event of the user's progress in Link (`type` and `payload`).
    var onEvent: (([String: Any]?) -> Void)?
    /// Called once the user leaves Link.
    var onExit: (() -> Void)?

    /// A configuration for `linkToken` (from `POST /api/v1/linktoken`). The callbacks are optional,
    /// but `createHandler()` needs `onIntegrationConnected` or `onTransferFinished`.
    public init(linkToken: String, settings: LinkSettings? = nil,
                onIntegrationConnected: ((LinkPayload) -> Void)? = nil,
                onTransferFinished: ((TransferFinishedPayload) -> Void)? = nil,
                onEvent: (([String: Any]?) -> Void)? = nil,
                onExit: (() -> Void)? = nil) {
        self.linkToken = linkToken
        self.settings = settings
        self.onIntegrationConnected = onIntegrationConnected
        self.onTransferFinished = onTransferFinished
        self.onEvent = onEvent
        self.onExit = onExit
    }

    /// The link token decoded, or nil when it is not valid (see `MeshLinkToken`).
    var token: MeshLinkToken? { MeshLinkToken(linkToken) }

    /// Whether the link token is valid: standard base64 of the URL of a page Link can open. The
    /// same check `createHandler()` makes after the callbacks.
    public var isLinkTokenValid: Bool { token != nil }

    /// Whether the link token opens a transfer: it is valid and its URL contains `transfer_token`.
    public var isTransferLink: Bool { token?.isTransferLink ?? false }

    /// A handler for this configuration, or why there is none. The callbacks are checked first:
    /// with neither `onIntegrationConnected` nor `onTransferFinished` the failure is "Either
    /// 'onIntegrationConnected' or 'onTransferFinished' callback must be provided", whatever the
    /// token; then a token that is not valid fails with "Invalid linkToken".
    public func createHandler() -> LinkResult {
        if onIntegrationConnected == nil && onTransferFinished == nil {
            return .failure(Self.missingCallbackMessage)
        }
        guard let token else { return .failure(Self.invalidLinkTokenMessage) }
        return .success(LinkHandler(configuration: self, token: token))
    }
}
