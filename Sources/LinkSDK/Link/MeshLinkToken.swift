import Foundation
import LinkCore

/// MeshLinkToken: a Mesh link token decoded: the Link page it opens and whether that page is a
/// transfer. A link token (from `POST /api/v1/linktoken`) is standard base64 of the page's URL.
///
/// linkterm's own, not part of LinkSDK 2.0.4's interface: `LinkConfiguration` checks tokens with
/// it, and tests and the command line make sandbox tokens with it.
public struct MeshLinkToken {
    /// The token's decoded text: the Link page's URL as Mesh wrote it.
    public let link: String
    /// The Link page's URL.
    public let url: URL

    /// Decodes `linkToken`, or nil where LinkSDK answers "Invalid linkToken": it is not standard
    /// base64 (Foundation's `Data(base64Encoded:)` without options: `-` and `_` are refused,
    /// padding is required, whitespace and newlines are refused), its bytes are not UTF-8, the
    /// text is not a URL, or the URL is not one Link can open (see `canOpen(_:)`).
    public init?(_ linkToken: String) {
        guard let data = Data(base64Encoded: linkToken),
              let link = String(data: data, encoding: .utf8),
              let url = URL(string: link),
              Self.canOpen(url) else { return nil }
        self.link = link
        self.url = url
    }

    /// Whether the token opens a transfer: the decoded text contains `transfer_token` anywhere,
    /// as LinkSDK checks it.
    public var isTransferLink: Bool { link.contains("transfer_token") }

    /// Whether Link can open `url`. This stands in for iOS's `UIApplication.shared.canOpenURL(_:)`,
    /// which LinkSDK asks: an absolute URL whose scheme is `http` or `https` (any case) and which
    /// has a host. A relative URL (base64 of `hello`) or another scheme is refused.
    static func canOpen(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return false }
        return true
    }

    /// The client id in sandbox tokens: a fixed UUID whose bytes spell `linkterm sandbox`.
    public static let sandboxClientId = "6c696e6b-7465-726d-2073-616e64626f78"

    /// A valid link token for tests and the command line: standard base64 (padded) of
    /// `https://web.meshconnect.com/b2b-iframe/<sandboxClientId>/broker-connect?auth_code=linkterm-sandbox`,
    /// the shape of Mesh's own example token, with `&transfer_token=linkterm-sandbox-transfer`
    /// added when `transfer` is true. The same text every time.
    public static func sandbox(transfer: Bool, destination: MeshDestination? = nil) -> String {
        var link = "https://web.meshconnect.com/b2b-iframe/\(sandboxClientId)/broker-connect"
            + "?auth_code=linkterm-sandbox"
        if transfer || destination != nil { link += "&transfer_token=linkterm-sandbox-transfer" }
        if let destination { link += "&to_symbol=\(destination.symbol)&to_network=\(destination.networkId)" }
        return Data(link.utf8).base64EncodedString()
    }

    /// The single destination a sandbox transfer token names (`to_symbol`, `to_network`), if any.
    public var destination: MeshDestination? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let symbol = items.first(where: { $0.name == "to_symbol" })?.value,
              let network = items.first(where: { $0.name == "to_network" })?.value else { return nil }
        return MeshDestination(symbol: symbol, networkId: network)
    }
}
