// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// ViewName: the Link pane a `TRANSITION_VIEW` (or `OPEN`) announces (46 documented names).
public enum ViewName: WireStringEnum {
    /// `ACCEPT_TOS`.
    case acceptTOS
    /// `CONNECTED`.
    case connected
    /// `CONSENT`.
    case consent
    /// `CREDENTIAL`.
    case credential
    /// `DATA_TRANSPARENCY`.
    case dataTransparency
    /// `DATA_TRANSPARENCY_CONSENT`.
    case dataTransparencyConsent
    /// `DATA_TRANSPARENCY_MESSAGING_MODAL`.
    case dataTransparencyMessagingModal
    /// `DOCUMENTARY_VERIFICATION`.
    case documentaryVerification
    /// `ERROR`.
    case error
    /// `EXIT`.
    case exit
    /// `IDENTITY_MATCH_BLOCK`.
    case identityMatchBlock
    /// `KYC_CHECK`.
    case kycCheck
    /// `LOADING`.
    case loading
    /// `MATCHED_CONSENT`.
    case matchedConsent
    /// `MATCHED_CREDENTIAL`.
    case matchedCredential
    /// `MATCHED_MFA`.
    case matchedMFA
    /// `MFA`.
    case mfa
    /// `NUMBERS`.
    case numbers
    /// `NUMBERS_SELECT_INSTITUTION`.
    case numbersSelectInstitution
    /// `OAUTH`.
    case oauth
    /// `PROFILE_DATA_REVIEW`.
    case profileDataReview
    /// `RECAPTCHA`.
    case recaptcha
    /// `RISK_CHECK`.
    case riskCheck
    /// `SCREENING`.
    case screening
    /// `SELECT_ACCOUNT`.
    case selectAccount
    /// `SELECT_AUTH_TYPE`.
    case selectAuthType
    /// `SUBMIT_PHONE`.
    case submitPhone
    /// `VERIFY_PHONE`.
    case verifyPhone
    /// `SELECT_SAVED_INSTITUTION`.
    case selectSavedInstitution
    /// `SELECT_SAVED_ACCOUNT`.
    case selectSavedAccount
    /// `SELECT_BRAND`.
    case selectBrand
    /// `SELECT_INSTITUTION`.
    case selectInstitution
    /// `SELFIE_CHECK`.
    case selfieCheck
    /// `UPLOAD_DOCUMENTS`.
    case uploadDocuments
    /// `SUBMIT_DOCUMENTS`.
    case submitDocuments
    /// `SUBMIT_DOCUMENTS_SUCCESS`.
    case submitDocumentsSuccess
    /// `SUBMIT_DOCUMENTS_ERROR`.
    case submitDocumentsError
    /// `VERIFY_SMS`.
    case verifySMS
    /// `SUBMIT_EMAIL`.
    case submitEmail
    /// `VERIFY_EMAIL`.
    case verifyEmail
    /// `CRA_CONSENT`.
    case craConsent
    /// `INSTANT_MICRODEPOSIT_AUTHORIZED`.
    case instantMicrodepositAuthorized
    /// `SAME_DAY_MICRODEPOSIT_AUTHORIZED`.
    case sameDayMicrodepositAuthorized
    /// `INSTANT_MICRODEPOSIT_VERIFICATION`.
    case instantMicrodepositVerification
    /// `SAME_DAY_MICRODEPOSIT_VERIFICATION`.
    case sameDayMicrodepositVerification
    /// `TRANSFER_STATUS_CHECK`.
    case transferStatusCheck
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [ViewName] = [
        .acceptTOS,
        .connected,
        .consent,
        .credential,
        .dataTransparency,
        .dataTransparencyConsent,
        .dataTransparencyMessagingModal,
        .documentaryVerification,
        .error,
        .exit,
        .identityMatchBlock,
        .kycCheck,
        .loading,
        .matchedConsent,
        .matchedCredential,
        .matchedMFA,
        .mfa,
        .numbers,
        .numbersSelectInstitution,
        .oauth,
        .profileDataReview,
        .recaptcha,
        .riskCheck,
        .screening,
        .selectAccount,
        .selectAuthType,
        .submitPhone,
        .verifyPhone,
        .selectSavedInstitution,
        .selectSavedAccount,
        .selectBrand,
        .selectInstitution,
        .selfieCheck,
        .uploadDocuments,
        .submitDocuments,
        .submitDocumentsSuccess,
        .submitDocumentsError,
        .verifySMS,
        .submitEmail,
        .verifyEmail,
        .craConsent,
        .instantMicrodepositAuthorized,
        .sameDayMicrodepositAuthorized,
        .instantMicrodepositVerification,
        .sameDayMicrodepositVerification,
        .transferStatusCheck,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: ViewName] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .acceptTOS: "ACCEPT_TOS"
        case .connected: "CONNECTED"
        case .consent: "CONSENT"
        case .credential: "CREDENTIAL"
        case .dataTransparency: "DATA_TRANSPARENCY"
        case .dataTransparencyConsent: "DATA_TRANSPARENCY_CONSENT"
        case .dataTransparencyMessagingModal: "DATA_TRANSPARENCY_MESSAGING_MODAL"
        case .documentaryVerification: "DOCUMENTARY_VERIFICATION"
        case .error: "ERROR"
        case .exit: "EXIT"
        case .identityMatchBlock: "IDENTITY_MATCH_BLOCK"
        case .kycCheck: "KYC_CHECK"
        case .loading: "LOADING"
        case .matchedConsent: "MATCHED_CONSENT"
        case .matchedCredential: "MATCHED_CREDENTIAL"
        case .matchedMFA: "MATCHED_MFA"
        case .mfa: "MFA"
        case .numbers: "NUMBERS"
        case .numbersSelectInstitution: "NUMBERS_SELECT_INSTITUTION"
        case .oauth: "OAUTH"
        case .profileDataReview: "PROFILE_DATA_REVIEW"
        case .recaptcha: "RECAPTCHA"
        case .riskCheck: "RISK_CHECK"
        case .screening: "SCREENING"
        case .selectAccount: "SELECT_ACCOUNT"
        case .selectAuthType: "SELECT_AUTH_TYPE"
        case .submitPhone: "SUBMIT_PHONE"
        case .verifyPhone: "VERIFY_PHONE"
        case .selectSavedInstitution: "SELECT_SAVED_INSTITUTION"
        case .selectSavedAccount: "SELECT_SAVED_ACCOUNT"
        case .selectBrand: "SELECT_BRAND"
        case .selectInstitution: "SELECT_INSTITUTION"
        case .selfieCheck: "SELFIE_CHECK"
        case .uploadDocuments: "UPLOAD_DOCUMENTS"
        case .submitDocuments: "SUBMIT_DOCUMENTS"
        case .submitDocumentsSuccess: "SUBMIT_DOCUMENTS_SUCCESS"
        case .submitDocumentsError: "SUBMIT_DOCUMENTS_ERROR"
        case .verifySMS: "VERIFY_SMS"
        case .submitEmail: "SUBMIT_EMAIL"
        case .verifyEmail: "VERIFY_EMAIL"
        case .craConsent: "CRA_CONSENT"
        case .instantMicrodepositAuthorized: "INSTANT_MICRODEPOSIT_AUTHORIZED"
        case .sameDayMicrodepositAuthorized: "SAME_DAY_MICRODEPOSIT_AUTHORIZED"
        case .instantMicrodepositVerification: "INSTANT_MICRODEPOSIT_VERIFICATION"
        case .sameDayMicrodepositVerification: "SAME_DAY_MICRODEPOSIT_VERIFICATION"
        case .transferStatusCheck: "TRANSFER_STATUS_CHECK"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

extension ViewName {
    /// The seeds' spelling of ``matchedMFA`` (the iOS guide writes `matchedMfa`).
    public static var matchedMfa: ViewName { .matchedMFA }
}
