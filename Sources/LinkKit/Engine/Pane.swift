/// InstitutionNotice: the message shown over institution select for an institution that
/// cannot be used as usual.
public enum InstitutionNotice: Hashable, Sendable {
    /// Degraded health: a warning with "continue anyway".
    case degraded
    /// Down: a message, then back to search.
    case down
    /// Degraded or down, with the person following the issue (`ISSUE_FOLLOWED`).
    case followed(InstitutionRecord.Status)
    /// No longer supported: a message; leaving here gives `institution_not_supported`.
    case unsupported
    /// It does not offer the products the token asks for (`SELECT_FILTERED_INSTITUTION`): a
    /// message, then back to search.
    case filtered
}

/// DocumentsState: where submitted documents are.
public enum DocumentsState: Hashable, Sendable {
    /// Being checked.
    case checking
    /// Accepted.
    case accepted
    /// Refused (not PDF bank statements).
    case refused
}

/// NumbersStage: the field the NUMBERS pane asks for.
public enum NumbersStage: Hashable, Sendable {
    /// The 9-digit routing number (`SUBMIT_ROUTING_NUMBER`).
    case routing
    /// The account number and its type (`SUBMIT_ACCOUNT_NUMBER`).
    case account
}

/// OAuthStage: where the user is in an OAuth sign-in.
public enum OAuthStage: Hashable, Sendable {
    /// The OAUTH pane: "you will sign in on your bank's site".
    case notice
    /// The simulated bank sign-in page (after `OPEN_OAUTH`).
    case signIn
    /// The bank redirected to the app's redirect URI: the session waits for the app to hand the
    /// URL back (`continue(from:)`).
    case redirected
}

/// ErrorPaneState: the error pane's content and what comes after it.
public struct ErrorPaneState: Hashable, Sendable {
    /// The error shown (its display message).
    public var error: ExitError
    /// Where the user goes when they continue.
    public var next: SandboxError.Next
    /// The exit status of the step the error interrupted.
    public var interruptedStatus: ExitStatus?
    /// The pane to return to when `next` is the interrupted pane itself (OAuth).
    public var resumePane: Pane?
}

/// Pane: the step of the flow the user is on. Each maps to one documented ``ViewName``.
public indirect enum Pane: Hashable, Sendable {
    /// CONSENT: what is shared; continue to search.
    case consent
    /// SUBMIT_PHONE: the phone for the returning user experience (or skip).
    case submitPhone
    /// VERIFY_PHONE: the one-time code sent to it.
    case verifyPhone
    /// SELECT_SAVED_INSTITUTION: an institution linked before with this phone, or a new one.
    case selectSavedInstitution
    /// SELECT_SAVED_ACCOUNT: the accounts saved at it.
    case selectSavedAccount
    /// MATCHED_CONSENT: a searched institution the phone linked before: share it again with the
    /// verified phone, or sign in with a password (`MATCHED_SELECT_VERIFY_METHOD`).
    case matchedVerifyMethod
    /// An Identity Verification step (its own view each).
    case identity(IdentityStep)
    /// DATA_TRANSPARENCY: the data each product shares (from the consent pane).
    case dataTypes
    /// DATA_TRANSPARENCY_CONSENT: consent to the data of products an updated Item did not share.
    case dataConsent
    /// RECAPTCHA: a challenge the person solves before the sign-in goes on.
    case recaptcha
    /// A Layer session before it opens: the app submits the phone (`submit(data:)`); `ready` once
    /// Layer can serve it. No view: Link is not shown yet.
    case layerWaiting(ready: Bool)
    /// PROFILE_DATA_REVIEW: the person reviews the profile Layer found and shares it.
    case profileDataReview
    /// IDENTITY_MATCH_BLOCK: the accounts' owner is not the person the app named.
    case identityMatchBlock
    /// UPLOAD_DOCUMENTS: the bank statements to send (Document Income).
    case uploadDocuments
    /// SUBMIT_DOCUMENTS, SUBMIT_DOCUMENTS_SUCCESS or SUBMIT_DOCUMENTS_ERROR: the documents sent,
    /// being checked, then accepted or refused.
    case documentsSubmitted(DocumentsState)
    /// SELECT_BRAND: a brand's portals, to pick the one to sign in to.
    case selectBrand(String)
    /// SELECT_AUTH_TYPE: find the bank (instant) or type account numbers (manual); Auth only.
    case selectAuthType
    /// SELECT_INSTITUTION: search and choose.
    case selectInstitution
    /// A notice over SELECT_INSTITUTION for a degraded, down or unsupported institution.
    case institutionNotice(InstitutionNotice)
    /// OAUTH: the OAuth notice or the simulated bank sign-in page.
    case oauth(OAuthStage)
    /// CREDENTIAL: username and password.
    case credential
    /// LOADING: a simulated backend request; `from` is the pane that submitted it.
    case loading(from: Pane)
    /// MFA: the session's current ``MFAChallenge``.
    case mfa
    /// SELECT_ACCOUNT: choose the accounts to share.
    case selectAccount
    /// NUMBERS: routing and account numbers, for the session's ``AuthFlow``.
    case numbers(NumbersStage)
    /// INSTANT_ or SAME_DAY_MICRODEPOSIT_AUTHORIZED: the deposit is on its way.
    case microdepositAuthorized(instant: Bool)
    /// INSTANT_MICRODEPOSIT_VERIFICATION: type the 3-letter code of the deposit.
    case microdepositVerification
    /// SAME_DAY_MICRODEPOSIT_VERIFICATION: a later session (`--verify-deposits`) types the code of
    /// a same-day deposit.
    case sameDayVerification
    /// NUMBERS_SELECT_INSTITUTION: the routing number belongs to a bank that supports signing in:
    /// sign in instead, or go on with numbers.
    case numbersSelectInstitution
    /// CONNECTED: the item is linked; continue to finish.
    case connected
    /// ERROR: an error pane with its display message.
    case error(ErrorPaneState)
    /// EXIT: the exit confirmation over `returnTo`.
    case exitConfirmation(returnTo: Pane)
    /// The session has ended (onSuccess or onExit was delivered).
    case finished

    /// Whether the Item is linked here, so that leaving (Esc, Ctrl-X, Ctrl-C, a signal) finishes
    /// the session with onSuccess: CONNECTED, and the same-day deposit's authorization.
    public var isLinked: Bool {
        self == .connected || self == .microdepositAuthorized(instant: false) || self == .documentsSubmitted(.accepted)
    }

    /// The view name this pane is announced with; `nil` once finished.
    public var viewName: ViewName? {
        switch self {
        case .consent: .consent
        case .selectAuthType: .selectAuthType
        case .selectBrand: .selectBrand
        case .uploadDocuments: .uploadDocuments
        case .identityMatchBlock: .identityMatchBlock
        case .layerWaiting: nil
        case .profileDataReview: .profileDataReview
        case .documentsSubmitted(.checking): .submitDocuments
        case .documentsSubmitted(.accepted): .submitDocumentsSuccess
        case .documentsSubmitted(.refused): .submitDocumentsError
        case .dataTypes: .dataTransparency
        case .dataConsent: .dataTransparencyConsent
        case .recaptcha: .recaptcha
        case .identity(let step): step.viewName
        case .submitPhone: .submitPhone
        case .verifyPhone: .verifyPhone
        case .selectSavedInstitution: .selectSavedInstitution
        case .selectSavedAccount: .selectSavedAccount
        case .matchedVerifyMethod: .matchedConsent
        case .numbers: .numbers
        case .microdepositAuthorized(let instant): instant ? .instantMicrodepositAuthorized : .sameDayMicrodepositAuthorized
        case .microdepositVerification: .instantMicrodepositVerification
        case .sameDayVerification: .sameDayMicrodepositVerification
        case .numbersSelectInstitution: .numbersSelectInstitution
        case .selectInstitution, .institutionNotice: .selectInstitution
        case .oauth: .oauth
        case .credential: .credential
        case .loading: .loading
        case .mfa: .mfa
        case .selectAccount: .selectAccount
        case .connected: .connected
        case .error: .error
        case .exitConfirmation: .exit
        case .finished: nil
        }
    }
}
