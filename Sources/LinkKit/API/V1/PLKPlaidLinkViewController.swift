/// PLKPlaidLinkViewDelegate: LinkKit v1's back channel to the app: success with the public
/// token, exit with an optional error, and (optional) each event, each with metadata under the
/// `kPLKMetadata*` keys.
public protocol PLKPlaidLinkViewDelegate: AnyObject {
    /// The user linked an account.
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String,
                            metadata: [String: Any]?)
    /// The user left Link, or an error ended it (`error` says which).
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?,
                            metadata: [String: Any]?)
    /// An event of the flow (optional).
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didHandleEvent event: String,
                            metadata: [String: Any]?)
}

extension PLKPlaidLinkViewDelegate {
    /// Events are optional: by default nothing is done with them.
    public func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didHandleEvent event: String,
                                   metadata: [String: Any]?) {}
}

/// PLKPlaidLinkViewController: LinkKit v1's Link, opened with a link token, a configuration and a
/// delegate. In a terminal it is shown with ``open(using:)`` (a terminal program's
/// `present(_:animated:)`, see LinkUI's `TerminalViewController`).
public final class PLKPlaidLinkViewController {
    /// The link token.
    public let linkToken: String
    /// The OAuth state id this controller re-initializes Link with (after an OAuth redirect).
    public let oauthStateId: String?
    /// The configuration.
    public let configuration: PLKConfiguration
    /// Where the callbacks go (held weakly, as a UIKit delegate).
    public private(set) weak var delegate: (any PLKPlaidLinkViewDelegate)?
    /// Why the controller could not open Link, if it could not (the delegate then got
    /// `didExitWithError` with it).
    public private(set) var problem: String?

    /// v1's `initWithLinkToken:configuration:delegate:`.
    public init(linkToken: String, configuration: PLKConfiguration, delegate: any PLKPlaidLinkViewDelegate) {
        self.linkToken = linkToken
        self.configuration = configuration
        self.delegate = delegate
        oauthStateId = configuration.oauthStateId
    }

    /// v1's `initWithLinkToken:oauthStateId:configuration:delegate:`: re-initializes Link after
    /// an OAuth redirect. The sandbox's OAuth bank page redirects within the session itself, so
    /// this opens a new session (the state id is kept for the app to read).
    public init(linkToken: String, oauthStateId: String?, configuration: PLKConfiguration,
                delegate: any PLKPlaidLinkViewDelegate) {
        self.linkToken = linkToken
        self.oauthStateId = oauthStateId
        self.configuration = configuration
        self.delegate = delegate
    }

    /// The LinkKit configuration the controller opens, its callbacks turned into the delegate's.
    func linkConfiguration() -> LinkTokenConfiguration {
        var options = configuration.options
        if configuration.selectAccount { options.accountSelection = .single }
        if let uri = configuration.oauthRedirectUri { options.redirectURI = uri.absoluteString }
        let forward: (SessionRecord, (any Error)?) -> Void = { [weak self] record, error in
            PLKDiagnostics.log(record)  // `PLKPLAIDLINK_DIAGNOSTICS`: to the console first
            guard let self, let delegate = self.delegate, let callback = V1Callback(record) else { return }
            let metadata = callback.metadata.anyValue as? [String: Any]
            switch callback {
            case .didHandleEvent(let event, _): delegate.linkViewController(self, didHandleEvent: event, metadata: metadata)
            case .didSucceed(let token, _): delegate.linkViewController(self, didSucceedWithPublicToken: token, metadata: metadata)
            case .didExit: delegate.linkViewController(self, didExitWithError: error, metadata: metadata)
            }
        }
        var linkConfiguration = LinkTokenConfiguration(
            token: linkToken, onSuccess: { forward(.success($0), nil) }, onExit: { forward(.exit($0), $0.error) },
            onEvent: { forward(.event($0), nil) })
        linkConfiguration.options = options
        return linkConfiguration
    }

    /// Shows Link with `presentation` until the session ends; the delegate hears each event and
    /// then success or exit. A configuration that cannot open (an empty token, a short nonce)
    /// ends at once with `didExitWithError` naming why.
    public func open(using presentation: some LinkPresentation) {
        let linkConfiguration = linkConfiguration()
        PLKDiagnostics.reportProblem()
        do {
            if let problem = configuration.problem { throw ConfigurationError.invalidOption(problem) }
            try Plaid.createPlaidLinkSession(configuration: linkConfiguration).open(using: presentation)
        } catch {
            problem = "\(error)"
            delegate?.linkViewController(self, didExitWithError: error, metadata: nil)
        }
    }
}
