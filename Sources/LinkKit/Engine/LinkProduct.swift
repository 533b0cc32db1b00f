/// LinkProduct: a Plaid product the link token asks for (`--product`, `option product`). It
/// shapes the flow: Auth adds the auth-type choice, account numbers and micro-deposits.
public enum LinkProduct: String, Hashable, Sendable, CaseIterable {
    /// Transactions: the plain sign-in flow (the default).
    case transactions
    /// Auth: account and routing numbers (Instant Match, micro-deposits, "link with account numbers").
    case auth
    /// Assets: an asset report (my.plaid.com from the consent pane; `BANK_INCOME_INSIGHTS_COMPLETED`).
    case assets
    /// Layer: the app submits the person's phone (and date of birth); Link says whether Layer can
    /// serve them (`LAYER_READY`, `LAYER_NOT_AVAILABLE`) before it is opened on PROFILE_DATA_REVIEW.
    case layer
    /// Document Income: bank statements uploaded instead of linking an account.
    case incomeVerification = "income_verification"
    /// Identity Verification: terms, SMS, KYC, documents, selfie, risk and watchlist checks (no Item).
    case identityVerification = "identity_verification"

    /// The product's bit in a session's set of products (``LinkEngine``'s `productBits`).
    var bit: UInt8 {
        switch self {
        case .transactions: 1 << 0
        case .auth: 1 << 1
        case .assets: 1 << 2
        case .layer: 1 << 3
        case .incomeVerification: 1 << 4
        case .identityVerification: 1 << 5
        }
    }

    /// The product names, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
