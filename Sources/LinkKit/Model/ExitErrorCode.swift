/// ExitErrorCode: an error's type and code together, shaped like LinkKit 7.
///
/// The case is the error type (`ITEM_ERROR`, `INSTITUTION_ERROR` …) and its value the code
/// within that type. ``errorType`` and ``errorCode`` give the two wire strings. Encodes as
/// `{"error_type": …, "error_code": …}`.
public enum ExitErrorCode: Hashable, Sendable {
    /// `API_ERROR`.
    case apiError(ApiErrorCode)
    /// `AUTH_ERROR`.
    case authError(AuthErrorCode)
    /// `ASSET_REPORT_ERROR`.
    case assetReportError(AssetReportErrorCode)
    /// `INTERNAL`: an error inside the SDK itself, with its code.
    case `internal`(String)
    /// `INSTITUTION_ERROR`.
    case institutionError(InstitutionErrorCode)
    /// `ITEM_ERROR`.
    case itemError(ItemErrorCode)
    /// `INVALID_INPUT`.
    case invalidInput(InvalidInputErrorCode)
    /// `INVALID_REQUEST`.
    case invalidRequest(InvalidRequestErrorCode)
    /// `INVALID_RESULT`.
    case invalidResult(InvalidResultErrorCode)
    /// `RATE_LIMIT_EXCEEDED`.
    case rateLimitExceeded(RateLimitErrorCode)
    /// `BANK_TRANSFER_ERROR`.
    case bankTransferError(BankTransferErrorCode)
    /// `SANDBOX_ERROR`.
    case sandboxError(SandboxErrorCode)
    /// `RECAPTCHA_ERROR`.
    case recaptchaError(RecaptchaErrorCode)
    /// `OAUTH_ERROR`.
    case oauthError(OAuthErrorCode)
    /// A type this version does not know, kept as received.
    case unknown(type: String, code: String)

    /// Every documented error type string, in the order of the cases above.
    public static let errorTypes: [String] = [
        "API_ERROR", "AUTH_ERROR", "ASSET_REPORT_ERROR", "INTERNAL", "INSTITUTION_ERROR",
        "ITEM_ERROR", "INVALID_INPUT", "INVALID_REQUEST", "INVALID_RESULT", "RATE_LIMIT_EXCEEDED",
        "BANK_TRANSFER_ERROR", "SANDBOX_ERROR", "RECAPTCHA_ERROR", "OAUTH_ERROR",
    ]

    /// Creates the value for an error type and code as they appear on the wire.
    public init(errorType: String, errorCode: String) {
        switch errorType {
        case "API_ERROR": self = .apiError(.init(wireString: errorCode))
        case "AUTH_ERROR": self = .authError(.init(wireString: errorCode))
        case "ASSET_REPORT_ERROR": self = .assetReportError(.init(wireString: errorCode))
        case "INTERNAL": self = .internal(errorCode)
        case "INSTITUTION_ERROR": self = .institutionError(.init(wireString: errorCode))
        case "ITEM_ERROR": self = .itemError(.init(wireString: errorCode))
        case "INVALID_INPUT": self = .invalidInput(.init(wireString: errorCode))
        case "INVALID_REQUEST": self = .invalidRequest(.init(wireString: errorCode))
        case "INVALID_RESULT": self = .invalidResult(.init(wireString: errorCode))
        case "RATE_LIMIT_EXCEEDED": self = .rateLimitExceeded(.init(wireString: errorCode))
        case "BANK_TRANSFER_ERROR": self = .bankTransferError(.init(wireString: errorCode))
        case "SANDBOX_ERROR": self = .sandboxError(.init(wireString: errorCode))
        case "RECAPTCHA_ERROR": self = .recaptchaError(.init(wireString: errorCode))
        case "OAUTH_ERROR": self = .oauthError(.init(wireString: errorCode))
        default: self = .unknown(type: errorType, code: errorCode)
        }
    }

    /// The error type wire string, e.g. `ITEM_ERROR`.
    public var errorType: String {
        switch self {
        case .apiError: "API_ERROR"
        case .authError: "AUTH_ERROR"
        case .assetReportError: "ASSET_REPORT_ERROR"
        case .internal: "INTERNAL"
        case .institutionError: "INSTITUTION_ERROR"
        case .itemError: "ITEM_ERROR"
        case .invalidInput: "INVALID_INPUT"
        case .invalidRequest: "INVALID_REQUEST"
        case .invalidResult: "INVALID_RESULT"
        case .rateLimitExceeded: "RATE_LIMIT_EXCEEDED"
        case .bankTransferError: "BANK_TRANSFER_ERROR"
        case .sandboxError: "SANDBOX_ERROR"
        case .recaptchaError: "RECAPTCHA_ERROR"
        case .oauthError: "OAUTH_ERROR"
        case .unknown(let type, _): type
        }
    }

    /// The error code wire string, e.g. `INVALID_CREDENTIALS`.
    public var errorCode: String {
        switch self {
        case .apiError(let code): code.description
        case .authError(let code): code.description
        case .assetReportError(let code): code.description
        case .internal(let code): code
        case .institutionError(let code): code.description
        case .itemError(let code): code.description
        case .invalidInput(let code): code.description
        case .invalidRequest(let code): code.description
        case .invalidResult(let code): code.description
        case .rateLimitExceeded(let code): code.description
        case .bankTransferError(let code): code.description
        case .sandboxError(let code): code.description
        case .recaptchaError(let code): code.description
        case .oauthError(let code): code.description
        case .unknown(_, let code): code
        }
    }
}

extension ExitErrorCode: CustomStringConvertible {
    /// `TYPE/CODE`, for logs.
    public var description: String { "\(errorType)/\(errorCode)" }
}

extension ExitErrorCode: Codable {
    private enum CodingKeys: String, CodingKey {
        case errorType = "error_type"
        case errorCode = "error_code"
    }

    /// Decodes `{"error_type": …, "error_code": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            errorType: try container.decode(String.self, forKey: .errorType),
            errorCode: try container.decode(String.self, forKey: .errorCode))
    }

    /// Encodes `{"error_type": …, "error_code": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(errorType, forKey: .errorType)
        try container.encode(errorCode, forKey: .errorCode)
    }
}
