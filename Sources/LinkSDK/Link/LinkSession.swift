import Foundation

/// LinkSession: one run of Link, what `LinkHandler.create()` returns (on iOS, the Link view
/// controller). The seam a terminal UI plugs into later: a host opens `url`'s flow and reports
/// what happens through the configuration's callbacks. Kept minimal; it does nothing by itself.
public final class LinkSession {
    /// The configuration: settings and the app's callbacks.
    let configuration: LinkConfiguration
    /// The link token, decoded.
    let token: MeshLinkToken

    /// A session for `configuration`, whose token decoded to `token`.
    init(configuration: LinkConfiguration, token: MeshLinkToken) {
        self.configuration = configuration
        self.token = token
    }

    /// The Link page the session opens: the link token's URL.
    public var url: URL { token.url }

    /// Whether the session is a transfer: the token's URL contains `transfer_token`.
    public var isTransferLink: Bool { token.isTransferLink }
}
