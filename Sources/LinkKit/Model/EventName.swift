// The wire strings are Plaid Link's, as its documentation spells them (docs/ARCHITECTURE.md §3).

/// EventName: what happened in a Link session, as reported to `onEvent` (66 documented names).
/// 
/// The Swift case names follow LinkKit 7; `description` is the SCREAMING_SNAKE wire string.
public enum EventName: WireStringEnum {
    /// `AUTO_SUBMIT_PHONE`.
    case autoSubmitPhone
    /// `BANK_INCOME_INSIGHTS_COMPLETED`.
    case bankIncomeInsightsCompleted
    /// `CLOSE_OAUTH`.
    case closeOAuth
    /// `CONNECT_NEW_INSTITUTION`.
    case connectNewInstitution
    /// `ERROR`.
    case error
    /// `EXIT`.
    case exit
    /// `FAIL_OAUTH`.
    case failOAuth
    /// `HANDOFF`.
    case handoff
    /// `IDENTITY_MATCH_PASSED`.
    case identityMatchPassed
    /// `IDENTITY_MATCH_FAILED`.
    case identityMatchFailed
    /// `IDENTITY_VERIFICATION_START_STEP`.
    case identityVerificationStartStep
    /// `IDENTITY_VERIFICATION_PASS_STEP`.
    case identityVerificationPassStep
    /// `IDENTITY_VERIFICATION_FAIL_STEP`.
    case identityVerificationFailStep
    /// `IDENTITY_VERIFICATION_PENDING_REVIEW_STEP`.
    case identityVerificationPendingReviewStep
    /// `IDENTITY_VERIFICATION_CREATE_SESSION`.
    case identityVerificationCreateSession
    /// `IDENTITY_VERIFICATION_RESUME_SESSION`.
    case identityVerificationResumeSession
    /// `IDENTITY_VERIFICATION_PASS_SESSION`.
    case identityVerificationPassSession
    /// `IDENTITY_VERIFICATION_FAIL_SESSION`.
    case identityVerificationFailSession
    /// `IDENTITY_VERIFICATION_PENDING_REVIEW_SESSION`.
    case identityVerificationPendingReviewSession
    /// `IDENTITY_VERIFICATION_OPEN_UI`.
    case identityVerificationOpenUI
    /// `IDENTITY_VERIFICATION_RESUME_UI`.
    case identityVerificationResumeUI
    /// `IDENTITY_VERIFICATION_CLOSE_UI`.
    case identityVerificationCloseUI
    /// `ISSUE_FOLLOWED`.
    case issueFollowed
    /// `LAYER_AUTOFILL_NOT_AVAILABLE`.
    case layerAutoFillNotAvailable
    /// `LAYER_READY`.
    case layerReady
    /// `LAYER_NOT_AVAILABLE`.
    case layerNotAvailable
    /// `MATCHED_SELECT_INSTITUTION`.
    case matchedSelectInstitution
    /// `MATCHED_SELECT_VERIFY_METHOD`.
    case matchedSelectVerifyMethod
    /// `OPEN`.
    case open
    /// `OPEN_MY_PLAID`.
    case openMyPlaid
    /// `OPEN_OAUTH`.
    case openOAuth
    /// `PROFILE_ELIGIBILITY_CHECK_READY`.
    case profileEligibilityCheckReady
    /// `PROFILE_ELIGIBILITY_CHECK_ERROR`.
    case profileEligibilityCheckError
    /// `SEARCH_INSTITUTION`.
    case searchInstitution
    /// `SELECT_ACCOUNT`.
    case selectAccount
    /// `SELECT_DEGRADED_INSTITUTION`.
    case selectDegradedInstitution
    /// `SELECT_FILTERED_INSTITUTION`.
    case selectFilteredInstitution
    /// `SELECT_FALLBACK_ROUTING_INSTITUTION`.
    case selectFallbackRoutingInstitution
    /// `SELECT_DOWN_INSTITUTION`.
    case selectDownInstitution
    /// `SELECT_DENYLISTED_INSTITUTION`.
    case selectDenylistedInstitution
    /// `SELECT_REMEMBER_ME_DUPLICATE_INSTITUTION`.
    case selectRememberMeDuplicateInstitution
    /// `SELECT_INSTITUTION`.
    case selectInstitution
    /// `SELECT_BRAND`.
    case selectBrand
    /// `SELECT_AUTH_TYPE`.
    case selectAuthType
    /// `SKIP_SUBMIT_PHONE`.
    case skipSubmitPhone
    /// `SUBMIT_ACCOUNT_NUMBER`.
    case submitAccountNumber
    /// `SUBMIT_CREDENTIALS`.
    case submitCredentials
    /// `SUBMIT_DOCUMENTS`.
    case submitDocuments
    /// `SUBMIT_DOCUMENTS_SUCCESS`.
    case submitDocumentsSuccess
    /// `SUBMIT_DOCUMENTS_ERROR`.
    case submitDocumentsError
    /// `SUBMIT_MFA`.
    case submitMFA
    /// `SUBMIT_OTP`.
    case submitOTP
    /// `SUBMIT_PHONE`.
    case submitPhone
    /// `SUBMIT_ROUTING_NUMBER`.
    case submitRoutingNumber
    /// `TRANSITION_VIEW`.
    case transitionView
    /// `VERIFY_PHONE`.
    case verifyPhone
    /// `VIEW_DATA_TYPES`.
    case viewDataTypes
    /// `SUBMIT_EMAIL`.
    case submitEmail
    /// `SKIP_SUBMIT_EMAIL`.
    case skipSubmitEmail
    /// `REMEMBER_ME_ENABLED`.
    case rememberMeEnabled
    /// `REMEMBER_ME_DISABLED`.
    case rememberMeDisabled
    /// `REMEMBER_ME_HOLDOUT`.
    case rememberMeHoldout
    /// `SELECT_SAVED_INSTITUTION`.
    case selectSavedInstitution
    /// `SELECT_SAVED_ACCOUNT`.
    case selectSavedAccount
    /// `AUTO_SELECT_SAVED_INSTITUTION`.
    case autoSelectSavedInstitution
    /// `PLAID_CHECK_PANE`.
    case plaidCheckPane
    /// A wire string this version does not know, kept as received.
    case unknown(String)

    /// Every known case, in declaration order (`unknown` excluded).
    public static let allCases: [EventName] = [
        .autoSubmitPhone,
        .bankIncomeInsightsCompleted,
        .closeOAuth,
        .connectNewInstitution,
        .error,
        .exit,
        .failOAuth,
        .handoff,
        .identityMatchPassed,
        .identityMatchFailed,
        .identityVerificationStartStep,
        .identityVerificationPassStep,
        .identityVerificationFailStep,
        .identityVerificationPendingReviewStep,
        .identityVerificationCreateSession,
        .identityVerificationResumeSession,
        .identityVerificationPassSession,
        .identityVerificationFailSession,
        .identityVerificationPendingReviewSession,
        .identityVerificationOpenUI,
        .identityVerificationResumeUI,
        .identityVerificationCloseUI,
        .issueFollowed,
        .layerAutoFillNotAvailable,
        .layerReady,
        .layerNotAvailable,
        .matchedSelectInstitution,
        .matchedSelectVerifyMethod,
        .open,
        .openMyPlaid,
        .openOAuth,
        .profileEligibilityCheckReady,
        .profileEligibilityCheckError,
        .searchInstitution,
        .selectAccount,
        .selectDegradedInstitution,
        .selectFilteredInstitution,
        .selectFallbackRoutingInstitution,
        .selectDownInstitution,
        .selectDenylistedInstitution,
        .selectRememberMeDuplicateInstitution,
        .selectInstitution,
        .selectBrand,
        .selectAuthType,
        .skipSubmitPhone,
        .submitAccountNumber,
        .submitCredentials,
        .submitDocuments,
        .submitDocumentsSuccess,
        .submitDocumentsError,
        .submitMFA,
        .submitOTP,
        .submitPhone,
        .submitRoutingNumber,
        .transitionView,
        .verifyPhone,
        .viewDataTypes,
        .submitEmail,
        .skipSubmitEmail,
        .rememberMeEnabled,
        .rememberMeDisabled,
        .rememberMeHoldout,
        .selectSavedInstitution,
        .selectSavedAccount,
        .autoSelectSavedInstitution,
        .plaidCheckPane,
    ]

    /// Known cases by wire string, for decoding.
    public static let byWireString: [String: EventName] = makeWireIndex()

    /// The wire string, as the web SDK and the events file spell it.
    public var description: String {
        switch self {
        case .autoSubmitPhone: "AUTO_SUBMIT_PHONE"
        case .bankIncomeInsightsCompleted: "BANK_INCOME_INSIGHTS_COMPLETED"
        case .closeOAuth: "CLOSE_OAUTH"
        case .connectNewInstitution: "CONNECT_NEW_INSTITUTION"
        case .error: "ERROR"
        case .exit: "EXIT"
        case .failOAuth: "FAIL_OAUTH"
        case .handoff: "HANDOFF"
        case .identityMatchPassed: "IDENTITY_MATCH_PASSED"
        case .identityMatchFailed: "IDENTITY_MATCH_FAILED"
        case .identityVerificationStartStep: "IDENTITY_VERIFICATION_START_STEP"
        case .identityVerificationPassStep: "IDENTITY_VERIFICATION_PASS_STEP"
        case .identityVerificationFailStep: "IDENTITY_VERIFICATION_FAIL_STEP"
        case .identityVerificationPendingReviewStep: "IDENTITY_VERIFICATION_PENDING_REVIEW_STEP"
        case .identityVerificationCreateSession: "IDENTITY_VERIFICATION_CREATE_SESSION"
        case .identityVerificationResumeSession: "IDENTITY_VERIFICATION_RESUME_SESSION"
        case .identityVerificationPassSession: "IDENTITY_VERIFICATION_PASS_SESSION"
        case .identityVerificationFailSession: "IDENTITY_VERIFICATION_FAIL_SESSION"
        case .identityVerificationPendingReviewSession: "IDENTITY_VERIFICATION_PENDING_REVIEW_SESSION"
        case .identityVerificationOpenUI: "IDENTITY_VERIFICATION_OPEN_UI"
        case .identityVerificationResumeUI: "IDENTITY_VERIFICATION_RESUME_UI"
        case .identityVerificationCloseUI: "IDENTITY_VERIFICATION_CLOSE_UI"
        case .issueFollowed: "ISSUE_FOLLOWED"
        case .layerAutoFillNotAvailable: "LAYER_AUTOFILL_NOT_AVAILABLE"
        case .layerReady: "LAYER_READY"
        case .layerNotAvailable: "LAYER_NOT_AVAILABLE"
        case .matchedSelectInstitution: "MATCHED_SELECT_INSTITUTION"
        case .matchedSelectVerifyMethod: "MATCHED_SELECT_VERIFY_METHOD"
        case .open: "OPEN"
        case .openMyPlaid: "OPEN_MY_PLAID"
        case .openOAuth: "OPEN_OAUTH"
        case .profileEligibilityCheckReady: "PROFILE_ELIGIBILITY_CHECK_READY"
        case .profileEligibilityCheckError: "PROFILE_ELIGIBILITY_CHECK_ERROR"
        case .searchInstitution: "SEARCH_INSTITUTION"
        case .selectAccount: "SELECT_ACCOUNT"
        case .selectDegradedInstitution: "SELECT_DEGRADED_INSTITUTION"
        case .selectFilteredInstitution: "SELECT_FILTERED_INSTITUTION"
        case .selectFallbackRoutingInstitution: "SELECT_FALLBACK_ROUTING_INSTITUTION"
        case .selectDownInstitution: "SELECT_DOWN_INSTITUTION"
        case .selectDenylistedInstitution: "SELECT_DENYLISTED_INSTITUTION"
        case .selectRememberMeDuplicateInstitution: "SELECT_REMEMBER_ME_DUPLICATE_INSTITUTION"
        case .selectInstitution: "SELECT_INSTITUTION"
        case .selectBrand: "SELECT_BRAND"
        case .selectAuthType: "SELECT_AUTH_TYPE"
        case .skipSubmitPhone: "SKIP_SUBMIT_PHONE"
        case .submitAccountNumber: "SUBMIT_ACCOUNT_NUMBER"
        case .submitCredentials: "SUBMIT_CREDENTIALS"
        case .submitDocuments: "SUBMIT_DOCUMENTS"
        case .submitDocumentsSuccess: "SUBMIT_DOCUMENTS_SUCCESS"
        case .submitDocumentsError: "SUBMIT_DOCUMENTS_ERROR"
        case .submitMFA: "SUBMIT_MFA"
        case .submitOTP: "SUBMIT_OTP"
        case .submitPhone: "SUBMIT_PHONE"
        case .submitRoutingNumber: "SUBMIT_ROUTING_NUMBER"
        case .transitionView: "TRANSITION_VIEW"
        case .verifyPhone: "VERIFY_PHONE"
        case .viewDataTypes: "VIEW_DATA_TYPES"
        case .submitEmail: "SUBMIT_EMAIL"
        case .skipSubmitEmail: "SKIP_SUBMIT_EMAIL"
        case .rememberMeEnabled: "REMEMBER_ME_ENABLED"
        case .rememberMeDisabled: "REMEMBER_ME_DISABLED"
        case .rememberMeHoldout: "REMEMBER_ME_HOLDOUT"
        case .selectSavedInstitution: "SELECT_SAVED_INSTITUTION"
        case .selectSavedAccount: "SELECT_SAVED_ACCOUNT"
        case .autoSelectSavedInstitution: "AUTO_SELECT_SAVED_INSTITUTION"
        case .plaidCheckPane: "PLAID_CHECK_PANE"
        case .unknown(let value): value
        }
    }

    /// Creates the case for a wire string, or `unknown` for one this version does not know.
    public init(wireString: String) {
        self = Self.byWireString[wireString] ?? .unknown(wireString)
    }
}

extension EventName {
    /// The seeds' spelling of ``layerAutoFillNotAvailable`` (LinkKit's own enum has a capital F;
    /// the iOS guide writes `layerAutofillNotAvailable`): code written from either compiles.
    public static var layerAutofillNotAvailable: EventName { .layerAutoFillNotAvailable }
}

extension EventName {
    /// LinkKit 4's spelling of ``identityVerificationPendingReviewStep`` (seed 002:
    /// "identityVerificationReviewStep — The user has reached the pending review state.").
    public static var identityVerificationReviewStep: EventName { .identityVerificationPendingReviewStep }
}
