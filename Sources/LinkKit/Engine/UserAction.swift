/// OAuthResult: how the simulated bank sign-in page ends.
public enum OAuthResult: String, Hashable, Sendable, CaseIterable {
    /// The user signed in and approved: on to account select.
    case approve
    /// The user closed the bank page: `CLOSE_OAUTH`, back to the OAUTH pane.
    case cancel
    /// The bank reported a failure: `FAIL_OAUTH` and an `ERROR`.
    case fail
}

/// VerifyMethod: how a returning user verifies a matched institution (`selection` on
/// `MATCHED_SELECT_VERIFY_METHOD`).
public enum VerifyMethod: String, Hashable, Sendable, CaseIterable {
    /// The verified phone: the saved accounts, no sign-in.
    case phoneotp
    /// Sign in with the institution's credentials.
    case password
}

/// UserAction: what a person (or a scenario, or a test) does to a session.
///
/// Panes turn keys into these; the engine decides what happens.
public enum UserAction: Hashable, Sendable {
    /// The pane's main action (Enter): consent, "continue anyway", the OAuth notice, connected,
    /// the error pane, and "no, stay" in the exit confirmation (its default: Esc-then-Enter out
    /// of habit must not end a session).
    case primary
    /// The search field now holds this text.
    case setQuery(String)
    /// Choose an institution by id.
    case selectInstitution(id: String)
    /// Submit the credentials pane. The engine wipes the password once it has read it (every
    /// copy of the `Secret` shares its bytes): send a ``Secret/copy()`` to keep one.
    case submitCredentials(username: String, password: Secret)
    /// Submit the current MFA step. The engine wipes typed answers once it has read them.
    case submitMFA(MFAResponse)
    /// The phone typed on SUBMIT_PHONE.
    case submitPhone(String)
    /// Continue without a phone (`SKIP_SUBMIT_PHONE`).
    case skipPhone
    /// The one-time code sent to the phone. Wiped once read.
    case submitOTP(Secret)
    /// Link an institution not saved (`CONNECT_NEW_INSTITUTION`).
    case connectNewInstitution
    /// How to verify a matched institution (`MATCHED_SELECT_VERIFY_METHOD`).
    case chooseVerifyMethod(VerifyMethod)
    /// The KYC_CHECK form. The SSN is wiped once read.
    case submitIdentity(IdentityDetails)
    /// The document offered on DOCUMENTARY_VERIFICATION.
    case submitDocument(IdentityDocument)
    /// The app resumes the session with the URL it was opened with after the bank's redirect
    /// (`Handler.continue(from:)`); any other URL is ignored.
    case redirect(String)
    /// Layer's `submit(data:)`: the person's phone and, optionally, date of birth (YYYY-MM-DD).
    case submitLayerData(phone: String, dateOfBirth: String?)
    /// The documents (file names) sent from UPLOAD_DOCUMENTS.
    case submitDocuments([String])
    /// A brand row of the search (`SELECT_BRAND`): its portals next.
    case selectBrand(String)
    /// "View data types" on the consent pane (`VIEW_DATA_TYPES`).
    case viewDataTypes
    /// "Open my.plaid.com" on the consent pane of an Assets session (`OPEN_MY_PLAID`).
    case openMyPlaid
    /// "Notify me" on a degraded or down institution's notice (`ISSUE_FOLLOWED`).
    case followIssue
    /// The word typed to solve the reCAPTCHA.
    case submitCaptcha(String)
    /// SELECT_AUTH_TYPE's choice; `manual` also on a search ("link with account numbers").
    case chooseAuthType(AuthTypeSelection)
    /// The NUMBERS pane's routing number.
    case submitRoutingNumber(String)
    /// The NUMBERS pane's account number and type.
    case submitAccountNumber(String, DepositAccountType)
    /// The 3-letter code of an instant micro-deposit. Wiped once read.
    case submitDepositCode(Secret)
    /// Share these accounts (zero-based indices into the session's accounts) and continue.
    case submitAccounts([Int])
    /// End the simulated bank sign-in page.
    case oauth(OAuthResult)
    /// Back, the exit dialog's three, quit: the actions every flow has (``FlowControl``;
    /// `.back`, `.requestExit`, `.confirmExit`, `.cancelExit` and `.quit` make them).
    case control(FlowControl)

    /// The same action with its own copies of the secrets it carries, to keep (or send again)
    /// after the engine has wiped the ones it was given.
    public func copy() -> UserAction {
        switch self {
        case .submitCredentials(let username, let password): .submitCredentials(username: username, password: password.copy())
        case .submitMFA(let response): .submitMFA(response.copy())
        case .submitDepositCode(let code): .submitDepositCode(code.copy())
        case .submitOTP(let code): .submitOTP(code.copy())
        case .submitIdentity(let details): .submitIdentity(details.copy())
        default: self
        }
    }
}

extension UserAction: FlowControlling {}
