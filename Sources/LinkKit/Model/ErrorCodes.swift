// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// ApiErrorCode: the codes of error type `API_ERROR`.
public enum ApiErrorCode: WireStringEnum {
    /// `INTERNAL_SERVER_ERROR`.
    case internalServerError
    /// `PLANNED_MAINTENANCE`.
    case plannedMaintenance
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [ApiErrorCode] = [
        .internalServerError,
        .plannedMaintenance,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: ApiErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .internalServerError: "INTERNAL_SERVER_ERROR"
        case .plannedMaintenance: "PLANNED_MAINTENANCE"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// AuthErrorCode: the codes of error type `AUTH_ERROR`.
public enum AuthErrorCode: WireStringEnum {
    /// `PRODUCT_NOT_READY`.
    case productNotReady
    /// `VERIFICATION_EXPIRED`.
    case verificationExpired
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [AuthErrorCode] = [
        .productNotReady,
        .verificationExpired,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: AuthErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .productNotReady: "PRODUCT_NOT_READY"
        case .verificationExpired: "VERIFICATION_EXPIRED"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// AssetReportErrorCode: the codes of error type `ASSET_REPORT_ERROR`.
public enum AssetReportErrorCode: WireStringEnum {
    /// `PRODUCT_NOT_ENABLED`.
    case productNotEnabled
    /// `DATA_UNAVAILABLE`.
    case dataUnavailable
    /// `PRODUCT_NOT_READY`.
    case productNotReady
    /// `ASSET_PRODUCT_NOT_READY`.
    case assetProductNotReady
    /// `ASSET_REPORT_GENERATION_FAILED`.
    case assetReportGenerationFailed
    /// `INVALID_PARENT`.
    case invalidParent
    /// `INSIGHTS_NOT_ENABLED`.
    case insightsNotEnabled
    /// `INSIGHTS_PREVIOUSLY_NOT_ENABLED`.
    case insightsPreviouslyNotEnabled
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [AssetReportErrorCode] = [
        .productNotEnabled,
        .dataUnavailable,
        .productNotReady,
        .assetProductNotReady,
        .assetReportGenerationFailed,
        .invalidParent,
        .insightsNotEnabled,
        .insightsPreviouslyNotEnabled,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: AssetReportErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .productNotEnabled: "PRODUCT_NOT_ENABLED"
        case .dataUnavailable: "DATA_UNAVAILABLE"
        case .productNotReady: "PRODUCT_NOT_READY"
        case .assetProductNotReady: "ASSET_PRODUCT_NOT_READY"
        case .assetReportGenerationFailed: "ASSET_REPORT_GENERATION_FAILED"
        case .invalidParent: "INVALID_PARENT"
        case .insightsNotEnabled: "INSIGHTS_NOT_ENABLED"
        case .insightsPreviouslyNotEnabled: "INSIGHTS_PREVIOUSLY_NOT_ENABLED"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// InstitutionErrorCode: the codes of error type `INSTITUTION_ERROR`.
public enum InstitutionErrorCode: WireStringEnum {
    /// `INSTITUTION_DOWN`.
    case institutionDown
    /// `INSTITUTION_NOT_RESPONDING`.
    case institutionNotResponding
    /// `INSTITUTION_NOT_AVAILABLE`.
    case institutionNotAvailable
    /// `INSTITUTION_NO_LONGER_SUPPORTED`.
    case institutionNoLongerSupported
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [InstitutionErrorCode] = [
        .institutionDown,
        .institutionNotResponding,
        .institutionNotAvailable,
        .institutionNoLongerSupported,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: InstitutionErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .institutionDown: "INSTITUTION_DOWN"
        case .institutionNotResponding: "INSTITUTION_NOT_RESPONDING"
        case .institutionNotAvailable: "INSTITUTION_NOT_AVAILABLE"
        case .institutionNoLongerSupported: "INSTITUTION_NO_LONGER_SUPPORTED"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// ItemErrorCode: the codes of error type `ITEM_ERROR`.
public enum ItemErrorCode: WireStringEnum {
    /// `INSUFFICIENT_CREDENTIALS`.
    case insufficientCredentials
    /// `INVALID_CREDENTIALS`.
    case invalidCredentials
    /// `INVALID_MFA`.
    case invalidMfa
    /// `INVALID_SEND_METHOD`.
    case invalidSendMethod
    /// `INVALID_UPDATED_USERNAME`.
    case invalidUpdatedUsername
    /// `ITEM_LOCKED`.
    case itemLocked
    /// `ITEM_LOGIN_REQUIRED`.
    case itemLoginRequired
    /// `ITEM_NO_ERROR`.
    case itemNoError
    /// `ITEM_NOT_SUPPORTED`.
    case itemNotSupported
    /// `INCORRECT_DEPOSIT_AMOUNTS`.
    case incorrectDepositAmounts
    /// `USER_SETUP_REQUIRED`.
    case userSetupRequired
    /// `MFA_NOT_SUPPORTED`.
    case mfaNotSupported
    /// `NO_ACCOUNTS`.
    case noAccounts
    /// `NO_AUTH_ACCOUNTS`.
    case noAuthAccounts
    /// `NO_INVESTMENT_ACCOUNTS`.
    case noInvestmentAccounts
    /// `NO_INVESTMENT_AUTH_ACCOUNTS`.
    case noInvestmentAuthAccounts
    /// `NO_LIABILITY_ACCOUNTS`.
    case noLiabilityAccounts
    /// `PRODUCT_NOT_READY`.
    case productNotReady
    /// `PRODUCTS_NOT_SUPPORTED`.
    case productsNotSupported
    /// `INSTANT_MATCH_FAILED`.
    case instantMatchFailed
    /// `TOO_MANY_VERIFICATION_ATTEMPTS`.
    case tooManyVerificationAttempts
    /// `ITEM_NOT_FOUND`.
    case itemNotFound
    /// `ITEM_PRODUCT_NOT_READY`.
    case itemProductNotReady
    /// `USER_INPUT_TIMEOUT`.
    case userInputTimeout
    /// `PASSWORD_RESET_REQUIRED`.
    case passwordResetRequired
    /// `INVALID_OTP`.
    case invalidOtp
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [ItemErrorCode] = [
        .insufficientCredentials,
        .invalidCredentials,
        .invalidMfa,
        .invalidSendMethod,
        .invalidUpdatedUsername,
        .itemLocked,
        .itemLoginRequired,
        .itemNoError,
        .itemNotSupported,
        .incorrectDepositAmounts,
        .userSetupRequired,
        .mfaNotSupported,
        .noAccounts,
        .noAuthAccounts,
        .noInvestmentAccounts,
        .noInvestmentAuthAccounts,
        .noLiabilityAccounts,
        .productNotReady,
        .productsNotSupported,
        .instantMatchFailed,
        .tooManyVerificationAttempts,
        .itemNotFound,
        .itemProductNotReady,
        .userInputTimeout,
        .passwordResetRequired,
        .invalidOtp,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: ItemErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .insufficientCredentials: "INSUFFICIENT_CREDENTIALS"
        case .invalidCredentials: "INVALID_CREDENTIALS"
        case .invalidMfa: "INVALID_MFA"
        case .invalidSendMethod: "INVALID_SEND_METHOD"
        case .invalidUpdatedUsername: "INVALID_UPDATED_USERNAME"
        case .itemLocked: "ITEM_LOCKED"
        case .itemLoginRequired: "ITEM_LOGIN_REQUIRED"
        case .itemNoError: "ITEM_NO_ERROR"
        case .itemNotSupported: "ITEM_NOT_SUPPORTED"
        case .incorrectDepositAmounts: "INCORRECT_DEPOSIT_AMOUNTS"
        case .userSetupRequired: "USER_SETUP_REQUIRED"
        case .mfaNotSupported: "MFA_NOT_SUPPORTED"
        case .noAccounts: "NO_ACCOUNTS"
        case .noAuthAccounts: "NO_AUTH_ACCOUNTS"
        case .noInvestmentAccounts: "NO_INVESTMENT_ACCOUNTS"
        case .noInvestmentAuthAccounts: "NO_INVESTMENT_AUTH_ACCOUNTS"
        case .noLiabilityAccounts: "NO_LIABILITY_ACCOUNTS"
        case .productNotReady: "PRODUCT_NOT_READY"
        case .productsNotSupported: "PRODUCTS_NOT_SUPPORTED"
        case .instantMatchFailed: "INSTANT_MATCH_FAILED"
        case .tooManyVerificationAttempts: "TOO_MANY_VERIFICATION_ATTEMPTS"
        case .itemNotFound: "ITEM_NOT_FOUND"
        case .itemProductNotReady: "ITEM_PRODUCT_NOT_READY"
        case .userInputTimeout: "USER_INPUT_TIMEOUT"
        case .passwordResetRequired: "PASSWORD_RESET_REQUIRED"
        case .invalidOtp: "INVALID_OTP"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// InvalidInputErrorCode: the codes of error type `INVALID_INPUT`.
public enum InvalidInputErrorCode: WireStringEnum {
    /// `INVALID_API_KEYS`.
    case invalidApiKeys
    /// `UNAUTHORIZED_ENVIRONMENT`.
    case unauthorizedEnvironment
    /// `INVALID_ACCESS_TOKEN`.
    case invalidAccessToken
    /// `INVALID_PUBLIC_TOKEN`.
    case invalidPublicToken
    /// `INVALID_LINK_TOKEN`.
    case invalidLinkToken
    /// `INVALID_PROCESSOR_TOKEN`.
    case invalidProcessorToken
    /// `INVALID_AUDIT_COPY_TOKEN`.
    case invalidAuditCopyToken
    /// `INVALID_PRODUCT`.
    case invalidProduct
    /// `INVALID_ACCOUNT_ID`.
    case invalidAccountId
    /// `INVALID_INSTITUTION`.
    case invalidInstitution
    /// `TOO_MANY_VERIFICATION_ATTEMPTS`.
    case tooManyVerificationAttempts
    /// `INCORRECT_DEPOSIT_AMOUNTS`.
    case incorrectDepositAmounts
    /// `UNAUTHORIZED_ROUTE_ACCESS`.
    case unauthorizedRouteAccess
    /// `DIRECT_INTEGRATION_NOT_ENABLED`.
    case directIntegrationNotEnabled
    /// `MICRODEPOSITS_ALREADY_VERIFIED`.
    case microdepositsAlreadyVerified
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [InvalidInputErrorCode] = [
        .invalidApiKeys,
        .unauthorizedEnvironment,
        .invalidAccessToken,
        .invalidPublicToken,
        .invalidLinkToken,
        .invalidProcessorToken,
        .invalidAuditCopyToken,
        .invalidProduct,
        .invalidAccountId,
        .invalidInstitution,
        .tooManyVerificationAttempts,
        .incorrectDepositAmounts,
        .unauthorizedRouteAccess,
        .directIntegrationNotEnabled,
        .microdepositsAlreadyVerified,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: InvalidInputErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .invalidApiKeys: "INVALID_API_KEYS"
        case .unauthorizedEnvironment: "UNAUTHORIZED_ENVIRONMENT"
        case .invalidAccessToken: "INVALID_ACCESS_TOKEN"
        case .invalidPublicToken: "INVALID_PUBLIC_TOKEN"
        case .invalidLinkToken: "INVALID_LINK_TOKEN"
        case .invalidProcessorToken: "INVALID_PROCESSOR_TOKEN"
        case .invalidAuditCopyToken: "INVALID_AUDIT_COPY_TOKEN"
        case .invalidProduct: "INVALID_PRODUCT"
        case .invalidAccountId: "INVALID_ACCOUNT_ID"
        case .invalidInstitution: "INVALID_INSTITUTION"
        case .tooManyVerificationAttempts: "TOO_MANY_VERIFICATION_ATTEMPTS"
        case .incorrectDepositAmounts: "INCORRECT_DEPOSIT_AMOUNTS"
        case .unauthorizedRouteAccess: "UNAUTHORIZED_ROUTE_ACCESS"
        case .directIntegrationNotEnabled: "DIRECT_INTEGRATION_NOT_ENABLED"
        case .microdepositsAlreadyVerified: "MICRODEPOSITS_ALREADY_VERIFIED"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// InvalidRequestErrorCode: the codes of error type `INVALID_REQUEST`.
public enum InvalidRequestErrorCode: WireStringEnum {
    /// `MISSING_FIELDS`.
    case missingFields
    /// `UNKNOWN_FIELDS`.
    case unknownFields
    /// `INVALID_FIELD`.
    case invalidField
    /// `INCOMPATIBLE_API_VERSION`.
    case incompatibleApiVersion
    /// `INVALID_BODY`.
    case invalidBody
    /// `INVALID_HEADERS`.
    case invalidHeaders
    /// `INVALID_ADDRESS`.
    case invalidAddress
    /// `NOT_FOUND`.
    case notFound
    /// `NO_LONGER_AVAILABLE`.
    case noLongerAvailable
    /// `SANDBOX_ONLY`.
    case sandboxOnly
    /// `INVALID_ACCOUNT_NUMBER`.
    case invalidAccountNumber
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [InvalidRequestErrorCode] = [
        .missingFields,
        .unknownFields,
        .invalidField,
        .incompatibleApiVersion,
        .invalidBody,
        .invalidHeaders,
        .invalidAddress,
        .notFound,
        .noLongerAvailable,
        .sandboxOnly,
        .invalidAccountNumber,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: InvalidRequestErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .missingFields: "MISSING_FIELDS"
        case .unknownFields: "UNKNOWN_FIELDS"
        case .invalidField: "INVALID_FIELD"
        case .incompatibleApiVersion: "INCOMPATIBLE_API_VERSION"
        case .invalidBody: "INVALID_BODY"
        case .invalidHeaders: "INVALID_HEADERS"
        case .invalidAddress: "INVALID_ADDRESS"
        case .notFound: "NOT_FOUND"
        case .noLongerAvailable: "NO_LONGER_AVAILABLE"
        case .sandboxOnly: "SANDBOX_ONLY"
        case .invalidAccountNumber: "INVALID_ACCOUNT_NUMBER"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// InvalidResultErrorCode: the codes of error type `INVALID_RESULT`.
public enum InvalidResultErrorCode: WireStringEnum {
    /// `PLAID_DIRECT_ITEM_IMPORT_RETURNED_INVALID_MFA`.
    case plaidDirectItemImportReturnedInvalidMfa
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [InvalidResultErrorCode] = [
        .plaidDirectItemImportReturnedInvalidMfa,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: InvalidResultErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .plaidDirectItemImportReturnedInvalidMfa: "PLAID_DIRECT_ITEM_IMPORT_RETURNED_INVALID_MFA"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// RateLimitErrorCode: the codes of error type `RATE_LIMIT_EXCEEDED`.
public enum RateLimitErrorCode: WireStringEnum {
    /// `ACCOUNTS_LIMIT`.
    case accountsLimit
    /// `ADDITION_LIMIT`.
    case additionLimit
    /// `AUTH_LIMIT`.
    case authLimit
    /// `BALANCE_LIMIT`.
    case balanceLimit
    /// `IDENTITY_LIMIT`.
    case identityLimit
    /// `INCOME_LIMIT`.
    case incomeLimit
    /// `ITEM_GET_LIMIT`.
    case itemGetLimit
    /// `RATE_LIMIT`.
    case rateLimit
    /// `TRANSACTIONS_LIMIT`.
    case transactionsLimit
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [RateLimitErrorCode] = [
        .accountsLimit,
        .additionLimit,
        .authLimit,
        .balanceLimit,
        .identityLimit,
        .incomeLimit,
        .itemGetLimit,
        .rateLimit,
        .transactionsLimit,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: RateLimitErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .accountsLimit: "ACCOUNTS_LIMIT"
        case .additionLimit: "ADDITION_LIMIT"
        case .authLimit: "AUTH_LIMIT"
        case .balanceLimit: "BALANCE_LIMIT"
        case .identityLimit: "IDENTITY_LIMIT"
        case .incomeLimit: "INCOME_LIMIT"
        case .itemGetLimit: "ITEM_GET_LIMIT"
        case .rateLimit: "RATE_LIMIT"
        case .transactionsLimit: "TRANSACTIONS_LIMIT"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// BankTransferErrorCode: the codes of error type `BANK_TRANSFER_ERROR`.
public enum BankTransferErrorCode: WireStringEnum {
    /// `BANK_TRANSFER_LIMIT_EXCEEDED`.
    case bankTransferLimitExceeded
    /// `BANK_TRANSFER_MISSING_ORIGINATION_ACCOUNT`.
    case bankTransferMissingOriginationAccount
    /// `BANK_TRANSFER_INVALID_ORIGINATION_ACCOUNT`.
    case bankTransferInvalidOriginationAccount
    /// `BANK_TRANSFER_ACCOUNT_BLOCKED`.
    case bankTransferAccountBlocked
    /// `BANK_TRANSFER_INSUFFICIENT_FUNDS`.
    case bankTransferInsufficientFunds
    /// `BANK_TRANSFER_NOT_CANCELLABLE`.
    case bankTransferNotCancellable
    /// `BANK_TRANSFER_UNSUPPORTED_ACCOUNT_TYPE`.
    case bankTransferUnsupportedAccountType
    /// `BANK_TRANSFER_UNSUPPORTED_ENVIRONMENT`.
    case bankTransferUnsupportedEnvironment
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [BankTransferErrorCode] = [
        .bankTransferLimitExceeded,
        .bankTransferMissingOriginationAccount,
        .bankTransferInvalidOriginationAccount,
        .bankTransferAccountBlocked,
        .bankTransferInsufficientFunds,
        .bankTransferNotCancellable,
        .bankTransferUnsupportedAccountType,
        .bankTransferUnsupportedEnvironment,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: BankTransferErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .bankTransferLimitExceeded: "BANK_TRANSFER_LIMIT_EXCEEDED"
        case .bankTransferMissingOriginationAccount: "BANK_TRANSFER_MISSING_ORIGINATION_ACCOUNT"
        case .bankTransferInvalidOriginationAccount: "BANK_TRANSFER_INVALID_ORIGINATION_ACCOUNT"
        case .bankTransferAccountBlocked: "BANK_TRANSFER_ACCOUNT_BLOCKED"
        case .bankTransferInsufficientFunds: "BANK_TRANSFER_INSUFFICIENT_FUNDS"
        case .bankTransferNotCancellable: "BANK_TRANSFER_NOT_CANCELLABLE"
        case .bankTransferUnsupportedAccountType: "BANK_TRANSFER_UNSUPPORTED_ACCOUNT_TYPE"
        case .bankTransferUnsupportedEnvironment: "BANK_TRANSFER_UNSUPPORTED_ENVIRONMENT"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// SandboxErrorCode: the codes of error type `SANDBOX_ERROR`.
public enum SandboxErrorCode: WireStringEnum {
    /// `SANDBOX_PRODUCT_NOT_ENABLED`.
    case sandboxProductNotEnabled
    /// `SANDBOX_WEBHOOK_INVALID`.
    case sandboxWebhookInvalid
    /// `SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID`.
    case sandboxBankTransferEventTransitionInvalid
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [SandboxErrorCode] = [
        .sandboxProductNotEnabled,
        .sandboxWebhookInvalid,
        .sandboxBankTransferEventTransitionInvalid,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: SandboxErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .sandboxProductNotEnabled: "SANDBOX_PRODUCT_NOT_ENABLED"
        case .sandboxWebhookInvalid: "SANDBOX_WEBHOOK_INVALID"
        case .sandboxBankTransferEventTransitionInvalid: "SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// RecaptchaErrorCode: the codes of error type `RECAPTCHA_ERROR`.
public enum RecaptchaErrorCode: WireStringEnum {
    /// `RECAPTCHA_REQUIRED`.
    case recaptchaRequired
    /// `RECAPTCHA_BAD`.
    case recaptchaBad
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [RecaptchaErrorCode] = [
        .recaptchaRequired,
        .recaptchaBad,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: RecaptchaErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .recaptchaRequired: "RECAPTCHA_REQUIRED"
        case .recaptchaBad: "RECAPTCHA_BAD"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

/// OAuthErrorCode: the codes of error type `OAUTH_ERROR`.
public enum OAuthErrorCode: WireStringEnum {
    /// `INCORRECT_OAUTH_NONCE`.
    case incorrectOauthNonce
    /// `OAUTH_STATE_ID_ALREADY_PROCESSED`.
    case oauthStateIdAlreadyProcessed
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [OAuthErrorCode] = [
        .incorrectOauthNonce,
        .oauthStateIdAlreadyProcessed,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: OAuthErrorCode] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .incorrectOauthNonce: "INCORRECT_OAUTH_NONCE"
        case .oauthStateIdAlreadyProcessed: "OAUTH_STATE_ID_ALREADY_PROCESSED"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}
