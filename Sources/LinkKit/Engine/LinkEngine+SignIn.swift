// Credentials, MFA, OAuth, the LOADING pane and the lockout rule.

extension LinkEngine {
    /// How many consecutive wrong credentials or MFA answers at one institution lock the item.
    public static let lockoutAttempts = 3

    /// Submits the credentials pane: `SUBMIT_CREDENTIALS`, then LOADING. The password is wiped
    /// once read, accepted or not.
    mutating func submitCredentials(username: String, password: Secret) throws(ActionRejected) {
        defer { password.wipe() }
        guard pane == .credential else { throw misfit("submitting credentials") }
        guard !username.isEmpty, !password.isEmpty else {
            throw ActionRejected("enter both a username and a password")
        }
        let outcome = SandboxCredentials.login(username: username, password: password)
        newRequest()
        emit(.submitCredentials)
        startLoading(.login(outcome))
    }

    /// Submits the current MFA step: `SUBMIT_MFA`, then LOADING. Typed answers are wiped once
    /// read, accepted or not.
    mutating func submitMFA(_ response: MFAResponse) throws(ActionRejected) {
        defer { response.wipe() }
        guard pane == .mfa, let challenge = currentChallenge else { throw misfit("an MFA answer") }
        if let problem = challenge.problem(with: response) { throw ActionRejected(problem) }
        newRequest()
        emit(.submitMFA, mfaType: challenge.type)
        startLoading(.mfa(correct: challenge.isCorrect(response)))
    }

    /// Ends the simulated bank sign-in page.
    mutating func finishOAuth(_ result: OAuthResult) throws(ActionRejected) {
        guard pane == .oauth(.signIn) else { throw misfit("oauth \(result.rawValue)") }
        switch result {
        case .approve where configuration.redirectURI != nil:
            redirectToApp()
        case .approve:
            newRequest()
            startLoading(.oauthApproved)
        case .cancel:
            emit(.closeOAuth)
            pane = .oauth(.notice)
        case .fail:
            emit(.failOAuth)
            let failure = SandboxErrorCatalog.oauthFailed
            raise(SandboxError(error: failure.error, next: .samePane), interrupted: .oauth(.notice), retryAsPane: true)
        }
    }

    mutating func startLoading(_ result: PendingResult) {
        pendingResult = result
        inlineError = nil
        show(.loading(from: pane))
        loadingDeadline = now.adding(millis: configuration.latencyMillis)
    }

    /// The LOADING latency has passed: reveal what the request returned.
    mutating func finishLoading() {
        if pendingResult == .identityAutomatic {
            pendingResult = nil
            automaticStepDone()
            return
        }
        if case .documentsChecked(let accepted)? = pendingResult {
            pendingResult = nil
            documentsChecked(accepted: accepted)
            return
        }
        guard case .loading(let from) = pane, let result = pendingResult else { return }
        pendingResult = nil
        switch result {
        case .login(.authenticated):
            resetAttempts()
            authenticated()
        case .login(.automatedMicrodeposits):
            resetAttempts()
            authenticated(automatedMicrodeposits: true)
        case .login(.recaptcha(let good)):
            showCaptcha(good: good)
        case .captchaSolved:
            captchaAnswered()
        case .login(.mfa(let plan)):
            resetAttempts()
            mfaPlan = plan
            mfaIndex = 0
            show(.mfa)
        case .login(.failed(let failure)):
            fail(failure, interrupted: from)
        case .mfa(correct: true):
            resetAttempts()
            if mfaIndex + 1 < mfaPlan.count {
                mfaIndex += 1
                show(.mfa)
            } else {
                authenticated()
            }
        case .mfa(correct: false):
            fail(SandboxErrorCatalog.invalidMFA, interrupted: from)
        case .oauthApproved:
            authenticated()
        case .numbers(let mask, let type):
            numbersAccepted(mask: mask, type: type)
        case .depositCode(let correct):
            depositCodeChecked(correct: correct)
        case .otp(let correct):
            otpChecked(correct: correct)
        case .identityCheck(let passed):
            kycChecked(passed: passed)
        case .identityDocument(let document):
            documentChecked(document)
        case .identitySelfie:
            pass(.selfieCheck, next: .riskCheck)
        case .identityAutomatic:
            automaticStepDone()
        case .documentsChecked(let accepted):
            documentsChecked(accepted: accepted)
        }
    }

    /// A failed sign-in step: recoverable errors count toward the lockout.
    mutating func fail(_ failure: SandboxError, interrupted: Pane) {
        guard failure.next == .samePane else {
            raise(failure, interrupted: interrupted)
            return
        }
        let key = institution?.id ?? ""
        let attempts = (wrongAttempts[key] ?? 0) + 1
        if attempts >= Self.lockoutAttempts {
            wrongAttempts[key] = 0
            raise(SandboxErrorCatalog.itemLocked, interrupted: interrupted)
        } else {
            wrongAttempts[key] = attempts
            raise(failure, interrupted: interrupted)
        }
    }

    /// `ERROR`, then either back to the interrupted pane with the message inline (recoverable),
    /// or `TRANSITION_VIEW(ERROR)` and the error pane. `ERROR`'s `view_name` is `ERROR`, as the
    /// docs' example of an onEvent metadata object has it (`error_code: 'INVALID_CREDENTIALS'`,
    /// `view_name: 'ERROR'`).
    mutating func raise(_ failure: SandboxError, interrupted: Pane, retryAsPane: Bool = false) {
        lastError = failure.error
        emit(.error, errorCode: failure.error.errorCode, errorMessage: failure.error.errorMessage, viewName: .error)
        let status = exitStatus(for: interrupted)
        if failure.next == .samePane && !retryAsPane {
            inlineError = failure.error
            show(interrupted)
            return
        }
        var next = failure.next
        if isUpdateMode && next == .institutionSelect { next = .credentials }
        show(.error(ErrorPaneState(error: failure.error, next: next, interruptedStatus: status,
                                   resumePane: retryAsPane ? interrupted : nil)))
    }

    /// Continue on the error pane: go where the error says.
    mutating func leaveErrorPane(_ state: ErrorPaneState) {
        switch state.next {
        case .institutionSelect:
            showSearch()
        case .credentials:
            show(.credential)
        case .samePane:
            show(state.resumePane ?? .credential)
        case .exitLink:
            finishWithExit(status: state.interruptedStatus)
        }
    }

    func attemptsKey() -> String { institution?.id ?? "" }

    /// Clears the institution's count of wrong answers (no count is none: read as 0). A session
    /// that never answered wrong has nothing to clear, and hashes nothing.
    mutating func resetAttempts() {
        guard !wrongAttempts.isEmpty else { return }
        wrongAttempts[attemptsKey()] = nil
    }

    /// Signed in: account select, or straight to CONNECTED when account select is off. At an
    /// Instant Match institution in an Auth session, only the account whose numbers the sandbox
    /// tests (Plaid Saving; Plaid Checking for `microdeposits_good`), and its numbers next.
    mutating func authenticated(automatedMicrodeposits: Bool = false) {
        mfaPlan = []
        mfaIndex = 0
        accounts = SandboxAccounts.accounts(using: &ids)
        numbersAfterAccountSelect = nil
        if authMethod == .instantMatch {
            let mask = automatedMicrodeposits ? "0000" : "1111"
            accounts = accounts.filter { $0.mask == mask }
            numbersAfterAccountSelect = automatedMicrodeposits ? .automatedMicrodeposits(accountIndex: 0) : .instantMatch(accountIndex: 0)
        }
        if configuration.accountSelection == .disabled, let flow = numbersAfterAccountSelect {
            startNumbers(flow, from: .credential)
        } else if configuration.accountSelection == .disabled {
            sharedAccounts = accounts
            newRequest()
            show(.connected)
        } else {
            show(.selectAccount)
        }
    }
}
