/// LinkHandler: shows Link for a configuration whose callbacks and token passed
/// `LinkConfiguration.createHandler()`, the only way to get one.
///
/// iOS's handler presents a view controller; this one hands itself to a `LinkPresenting` host, or
/// gives a `LinkSession` for a host the app drives itself.
public class LinkHandler {
    /// The configuration: token, settings and the app's callbacks.
    let configuration: LinkConfiguration
    /// The configuration's link token, decoded (it was valid when the handler was made).
    let token: MeshLinkToken

    /// A handler for `configuration`, whose token decoded to `token`.
    init(configuration: LinkConfiguration, token: MeshLinkToken) {
        self.configuration = configuration
        self.token = token
    }

    /// A new Link session the app runs and closes itself, in its `onExit` (iOS's `create()`, which
    /// returns the Link view controller for the app to present and dismiss).
    public func create() -> LinkSession {
        LinkSession(configuration: configuration, token: token)
    }

    /// Shows Link over `host`, which closes it once the user exits (iOS's `present(in:)`, which
    /// presents the Link view controller full screen and dismisses it after `onExit`): calls
    /// `host.present(self)`.
    public func present(in host: any LinkPresenting) {
        host.present(self)
    }
}
