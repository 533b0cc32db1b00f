/// TransferFinishedPayload: what `onTransferFinished` receives once a transfer was executed or failed.
public enum TransferFinishedPayload {
    /// The transfer was executed.
    case success(TransferFinishedSuccessPayload)
    /// The transfer failed.
    case error(TransferFinishedErrorPayload)
}

/// TransferFinishedSuccessPayload: an executed transfer (the optional fields as of LinkSDK 2.0.2).
public struct TransferFinishedSuccessPayload: Codable {
    /// The transaction's id on its network.
    public var txId: String?
    /// The address the funds left.
    public var fromAddress: String?
    /// The address the funds went to.
    public var toAddress: String?
    /// The asset, e.g. `USDC`.
    public var symbol: String
    /// The amount sent, in the asset.
    public var amount: Double
    /// The network's id.
    public var networkId: String?
}

/// TransferFinishedErrorPayload: why a transfer failed.
public struct TransferFinishedErrorPayload: Codable {
    /// The message.
    public var errorMessage: String
}

/// TransferFinishedStatus: the `status` a transfer-finished message carries on the bridge.
public enum TransferFinishedStatus: String {
    /// `success`.
    case transferFinishedSuccess = "success"
    /// `error`.
    case transferFinishedError = "error"
}
