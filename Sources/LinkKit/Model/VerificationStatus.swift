// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// VerificationStatus: an account's micro-deposit or database verification state (`null` for plain credential logins).
public enum VerificationStatus: WireStringEnum {
    /// `pending_automatic_verification`.
    case pendingAutomaticVerification
    /// `pending_manual_verification`.
    case pendingManualVerification
    /// `manually_verified`.
    case manuallyVerified
    /// `automatically_verified`.
    case automaticallyVerified
    /// `verification_expired`.
    case verificationExpired
    /// `verification_failed`.
    case verificationFailed
    /// `database_matched`.
    case databaseMatched
    /// `database_insights_pending`.
    case databaseInsightsPending
    /// `unsent`.
    case unsent
    /// `database_insights_pass`.
    case databaseInsightsPass
    /// `database_insights_pass_with_caution`.
    case databaseInsightsPassWithCaution
    /// `database_insights_fail`.
    case databaseInsightsFail
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [VerificationStatus] = [
        .pendingAutomaticVerification,
        .pendingManualVerification,
        .manuallyVerified,
        .automaticallyVerified,
        .verificationExpired,
        .verificationFailed,
        .databaseMatched,
        .databaseInsightsPending,
        .unsent,
        .databaseInsightsPass,
        .databaseInsightsPassWithCaution,
        .databaseInsightsFail,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: VerificationStatus] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .pendingAutomaticVerification: "pending_automatic_verification"
        case .pendingManualVerification: "pending_manual_verification"
        case .manuallyVerified: "manually_verified"
        case .automaticallyVerified: "automatically_verified"
        case .verificationExpired: "verification_expired"
        case .verificationFailed: "verification_failed"
        case .databaseMatched: "database_matched"
        case .databaseInsightsPending: "database_insights_pending"
        case .unsent: "unsent"
        case .databaseInsightsPass: "database_insights_pass"
        case .databaseInsightsPassWithCaution: "database_insights_pass_with_caution"
        case .databaseInsightsFail: "database_insights_fail"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}
