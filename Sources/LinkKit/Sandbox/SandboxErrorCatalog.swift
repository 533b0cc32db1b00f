/// SandboxError: an error the sandbox can raise, with its messages and where Link goes next.
public struct SandboxError: Hashable, Sendable {
    /// Where the user goes after the error (the "Link UX" column of Plaid's error reference).
    public enum Next: Hashable, Sendable {
        /// Stay on the pane that was submitted, with the message shown inline (recoverable).
        case samePane
        /// The error pane, then institution select.
        case institutionSelect
        /// The error pane, then the credentials pane again.
        case credentials
        /// The error pane, then Link closes with this error (onExit).
        case exitLink
    }

    /// The error as `onExit` and `ERROR` report it.
    public var error: ExitError
    /// Where the user goes next.
    public var next: Next
}

/// SandboxErrorCatalog: every error code of Plaid's error reference, with its exact messages.
public enum SandboxErrorCatalog {
    private static func item(_ code: ItemErrorCode, _ message: String, _ display: String?, _ next: SandboxError.Next)
        -> SandboxError
    {
        SandboxError(error: ExitError(errorCode: .itemError(code), errorMessage: message, displayMessage: display), next: next)
    }

    private static let institutionDownMessage = "this institution is not currently responding to this request. please try again soon"
    private static let institutionDownDisplay =
        "This financial institution is not currently responding to requests. We apologize for the inconvenience."

    /// The errors by code, in the reference table's order.
    public static let all: [SandboxError] = [
        item(.invalidCredentials, "the provided credentials were not correct",
             "The provided credentials were not correct. Please try again.", .samePane),
        item(.invalidMfa, "the provided MFA response(s) were not correct",
             "The provided MFA responses were not correct. Please try again.", .samePane),
        item(.itemLocked,
             "the account is locked. prompt the user to visit the institution's site and unlock their account",
             "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
             .institutionSelect),
        item(.invalidSendMethod, "the provided MFA send_method was invalid", nil, .exitLink),
        item(.insufficientCredentials, "insufficient authorization was provided to complete the request",
             "INSUFFICIENT_CREDENTIALS", .institutionSelect),
        item(.itemNotSupported, "this account is currently not supported",
             "The given account is not currently supported for this financial institution. We apologize for the inconvenience.",
             .institutionSelect),
        item(.mfaNotSupported,
             "this account requires a MFA type that we do not currently support for the institution",
             "The multi-factor security features enabled on this account are not currently supported for this financial institution. We apologize for the inconvenience.",
             .institutionSelect),
        item(.noAccounts, "no valid accounts were found for this item",
             "No valid accounts were found at the financial institution. Please visit your financial institution's website to confirm accounts are available.",
             .institutionSelect),
        item(.userSetupRequired,
             "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
             "The given account is not fully setup. Please visit your financial institution's website to setup your account.",
             .institutionSelect),
        item(.itemLoginRequired,
             "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
             nil, .credentials),
        item(.userInputTimeout, "user must retry this operation",
             "The application timed out waiting for user input", .institutionSelect),
        item(.passwordResetRequired, "user must reset their password",
             "The user needs to reset their password for their account", .institutionSelect),
        item(.invalidOtp, "the provided OTP was invalid", "The provided OTP was invalid. Please try again.", .credentials),
        item(.invalidUpdatedUsername,
             "the username provided to /item/credentials/update does not match the original username for the item",
             nil, .credentials),
        SandboxError(error: ExitError(errorCode: .institutionError(.institutionDown), errorMessage: institutionDownMessage,
                                      displayMessage: institutionDownDisplay), next: .institutionSelect),
        SandboxError(error: ExitError(errorCode: .institutionError(.institutionNotResponding), errorMessage: institutionDownMessage,
                                      displayMessage: institutionDownDisplay), next: .institutionSelect),
        SandboxError(error: ExitError(errorCode: .institutionError(.institutionNotAvailable), errorMessage: institutionDownMessage,
                                      displayMessage: institutionDownDisplay), next: .institutionSelect),
        SandboxError(error: ExitError(errorCode: .institutionError(.institutionNoLongerSupported),
                                      errorMessage: "this institution is no longer supported",
                                      displayMessage: "This financial institution is no longer supported. We apologize for the inconvenience."),
                     next: .institutionSelect),
        SandboxError(error: ExitError(errorCode: .invalidInput(.invalidLinkToken), errorMessage: "invalid link_token provided",
                                      displayMessage: nil), next: .exitLink),
        SandboxError(error: ExitError(errorCode: .invalidInput(.invalidInstitution), errorMessage: "invalid institution_id provided",
                                      displayMessage: nil), next: .institutionSelect),
        SandboxError(error: ExitError(errorCode: .invalidInput(.invalidApiKeys), errorMessage: "invalid client_id or secret provided",
                                      displayMessage: nil), next: .exitLink),
    ]

    private static let byCode: [String: SandboxError] = {
        var index: [String: SandboxError] = [:]
        for entry in all { index[entry.error.errorCode.errorCode] = entry }
        return index
    }()

    /// The error for a code such as `INSTITUTION_DOWN`, or `nil` for one the sandbox does not know.
    public static func error(code: String) -> SandboxError? { byCode[code] }

    /// `ITEM_ERROR` / `INVALID_CREDENTIALS`.
    public static var invalidCredentials: SandboxError { byCode["INVALID_CREDENTIALS"]! }
    /// `ITEM_ERROR` / `INVALID_MFA`.
    public static var invalidMFA: SandboxError { byCode["INVALID_MFA"]! }
    /// `ITEM_ERROR` / `ITEM_LOCKED`.
    public static var itemLocked: SandboxError { byCode["ITEM_LOCKED"]! }
    /// `INVALID_INPUT` / `INVALID_LINK_TOKEN`.
    public static var invalidLinkToken: SandboxError { byCode["INVALID_LINK_TOKEN"]! }
    /// `ITEM_ERROR` / `INVALID_OTP`.
    public static var invalidOTP: SandboxError { byCode["INVALID_OTP"]! }
    /// `ITEM_ERROR` / `INSUFFICIENT_CREDENTIALS`: what a failed OAuth sign-in reports.
    public static var oauthFailed: SandboxError { byCode["INSUFFICIENT_CREDENTIALS"]! }

    /// `RECAPTCHA_ERROR` / `RECAPTCHA_BAD`: the reCAPTCHA was solved but refused
    /// (`{"recaptcha":"bad"}`); the error pane, then Link closes.
    public static let recaptchaBad = SandboxError(
        error: ExitError(errorCode: .recaptchaError(.recaptchaBad), errorMessage: "The provided challenge response was denied.",
                         displayMessage: "Please try connecting a different account."),
        next: .exitLink)

    /// `INVALID_INPUT` / `INCORRECT_DEPOSIT_AMOUNTS`: a wrong micro-deposit code; the code is
    /// asked again. Not an `error_<CODE>` password (it needs a deposit); the messages are ours.
    public static let incorrectDepositCode = SandboxError(
        error: ExitError(errorCode: .invalidInput(.incorrectDepositAmounts),
                         errorMessage: "the code provided does not match the one in the deposit's description",
                         displayMessage: "That code doesn't match the one in the deposit's description. Please try again."),
        next: .samePane)

    /// `INVALID_INPUT` / `TOO_MANY_VERIFICATION_ATTEMPTS`: the third wrong code; the error pane,
    /// then Link closes. Not an `error_<CODE>` password; the messages are ours.
    public static let tooManyVerificationAttempts = SandboxError(
        error: ExitError(errorCode: .invalidInput(.tooManyVerificationAttempts),
                         errorMessage: "too many attempts were made to verify the micro-deposit",
                         displayMessage: "The code was entered incorrectly too many times. Link the account again to get a new deposit."),
        next: .exitLink)
}
