/// ExitError: the error `onExit` reports (the most recent one the user hit), as in LinkKit 7.
public struct ExitError: Hashable, Sendable, Codable, Error {
    /// The error type and code.
    public var errorCode: ExitErrorCode
    /// The developer-facing message, e.g. `the provided credentials were not correct`.
    public var errorMessage: String
    /// The user-facing message, where the error has one.
    public var displayMessage: String?

    /// Creates an error.
    public init(errorCode: ExitErrorCode, errorMessage: String, displayMessage: String?) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.displayMessage = displayMessage
    }

    private enum CodingKeys: String, CodingKey {
        case errorType = "error_type"
        case errorCode = "error_code"
        case errorMessage = "error_message"
        case displayMessage = "display_message"
    }

    /// Decodes the web shape `{error_type, error_code, error_message, display_message}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        errorCode = ExitErrorCode(
            errorType: try container.decode(String.self, forKey: .errorType),
            errorCode: try container.decode(String.self, forKey: .errorCode))
        errorMessage = try container.decode(String.self, forKey: .errorMessage)
        displayMessage = try container.decodeIfPresent(String.self, forKey: .displayMessage)
    }

    /// Encodes the web shape, `display_message` null where absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(errorCode.errorType, forKey: .errorType)
        try container.encode(errorCode.errorCode, forKey: .errorCode)
        try container.encode(errorMessage, forKey: .errorMessage)
        try container.encode(displayMessage, forKey: .displayMessage)
    }
}
