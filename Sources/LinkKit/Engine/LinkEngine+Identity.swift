// Identity Verification (`--product identity_verification`): terms, SMS, KYC, documents, selfie,
// then the automatic risk check and watchlist screening; the session passes, fails, or waits for
// review, and Link closes with onSuccess (no Item, no public token).

extension LinkEngine {
    /// Whether the session is an Identity Verification session.
    public var offersIdentityVerification: Bool { offers(.identityVerification) }

    /// After `OPEN`: the session is created and its UI opened (or, resumed, both resumed), and its
    /// step started.
    mutating func openIdentityVerification() {
        if configuration.resumesIdentity {
            emit(.identityVerificationResumeSession)
            emit(.identityVerificationResumeUI)
            emit(.identityVerificationStartStep, viewName: IdentityStep.kycCheck.viewName)
        } else {
            emit(.identityVerificationCreateSession)
            emit(.identityVerificationOpenUI)
            emit(.identityVerificationStartStep, viewName: IdentityStep.acceptTOS.viewName)
        }
    }

    /// With an Identity Match name: the accounts' owner checked against it
    /// (`IDENTITY_MATCH_PASSED`, CONNECTED; `IDENTITY_MATCH_FAILED`, IDENTITY_MATCH_BLOCK).
    mutating func connectAfterIdentityMatch() {
        guard let name = configuration.identityMatchName else { return show(.connected) }
        if SandboxIdentity.ownerMatches(name) {
            emit(.identityMatchPassed)
            show(.connected)
        } else {
            emit(.identityMatchFailed)
            show(.identityMatchBlock)
        }
    }

    /// Shows `step` and starts it; the automatic ones finish after the latency.
    mutating func startStep(_ step: IdentityStep) {
        show(.identity(step))
        emit(.identityVerificationStartStep, viewName: step.viewName)
        if step == .riskCheck || step == .screening {
            pendingResult = .identityAutomatic
            loadingDeadline = now.adding(millis: configuration.latencyMillis)
        }
    }

    /// `IDENTITY_VERIFICATION_PASS_STEP`, then the next step.
    mutating func pass(_ step: IdentityStep, next: IdentityStep?) {
        emit(.identityVerificationPassStep, viewName: step.viewName)
        if let next { startStep(next) } else { end(.passed, on: step) }
    }

    /// The session's end: `…_PASS_SESSION`, `…_FAIL_SESSION` or `…_PENDING_REVIEW_SESSION`; the
    /// step's pane shows it until the person closes Link.
    mutating func end(_ outcome: IdentityOutcome, on step: IdentityStep) {
        identityOutcome = outcome
        show(.identity(step))
        switch outcome {
        case .passed: emit(.identityVerificationPassSession)
        case .failed: emit(.identityVerificationFailSession)
        case .pendingReview: emit(.identityVerificationPendingReviewSession)
        }
    }

    /// Enter on an Identity Verification pane.
    mutating func identityPrimary(_ step: IdentityStep) throws(ActionRejected) {
        if identityOutcome != nil { return finishIdentity() }
        switch step {
        case .acceptTOS:
            newRequest()
            pass(.acceptTOS, next: .verifySMS(codeSent: false))
        case .selfieCheck:
            newRequest()
            startLoading(.identitySelfie)
        default:
            throw misfit("continue")
        }
    }

    /// The phone on VERIFY_SMS: the code is sent (no event; the step goes on).
    mutating func submitIdentityPhone(_ typed: String) throws(ActionRejected) {
        guard SavedProfile.normalizedPhone(typed) != nil else {
            throw ActionRejected("A phone number has 10 digits (a US number), e.g. \(SandboxIdentity.phone)")
        }
        typedPhone = SavedProfile.normalizedPhone(typed)
        otpAttempts = 0
        inlineError = nil
        newRequest()
        pane = .identity(.verifySMS(codeSent: true))
    }

    /// The SMS code: the step passes; a wrong code is asked again; the third fails the session.
    mutating func submitIdentityCode(_ code: Secret) throws(ActionRejected) {
        defer { code.wipe() }
        guard !code.isEmpty else { throw ActionRejected("enter the code sent to your phone") }
        let correct = code.withUnsafeBytes { SecretReader.equal($0, SandboxIdentity.smsCode) }
        newRequest()
        if correct {
            inlineError = nil
            pass(.verifySMS(codeSent: true), next: .kycCheck)
            return
        }
        otpAttempts += 1
        if otpAttempts >= SandboxIdentity.smsAttempts {
            inlineError = nil
            emit(.identityVerificationFailStep, viewName: .verifySMS)
            end(.failed, on: .verifySMS(codeSent: true))
        } else {
            inlineError = ExitError(errorCode: .itemError(.invalidOtp), errorMessage: "the provided OTP was invalid",
                                    displayMessage: "That code is not right. Please try again.")
        }
    }

    /// The KYC_CHECK form: LOADING, then the data-source check.
    mutating func submitIdentity(_ details: IdentityDetails) throws(ActionRejected) {
        defer { details.ssn.wipe() }
        guard pane == .identity(.kycCheck), identityOutcome == nil else { throw misfit("identity details") }
        if let problem = SandboxIdentity.problem(with: details) { throw ActionRejected(problem) }
        let passed = SandboxIdentity.matches(details)
        newRequest()
        startLoading(.identityCheck(passed: passed))
    }

    /// A KYC check passes (on to the selfie) or fails (on to documents, the fallback).
    mutating func kycChecked(passed: Bool) {
        if passed {
            pass(.kycCheck, next: .selfieCheck)
        } else {
            emit(.identityVerificationFailStep, viewName: .kycCheck)
            startStep(.documentaryVerification)
        }
    }

    /// DOCUMENTARY_VERIFICATION's document: LOADING, then what the sandbox does with it.
    mutating func submitDocument(_ document: IdentityDocument) throws(ActionRejected) {
        guard pane == .identity(.documentaryVerification), identityOutcome == nil else { throw misfit("a document") }
        newRequest()
        startLoading(.identityDocument(document))
    }

    mutating func documentChecked(_ document: IdentityDocument) {
        switch document {
        case .license, .passport:
            pass(.documentaryVerification, next: .selfieCheck)
        case .blurry:
            emit(.identityVerificationFailStep, viewName: .documentaryVerification)
            end(.failed, on: .documentaryVerification)
        case .other:
            emit(.identityVerificationPendingReviewStep, viewName: .documentaryVerification)
            end(.pendingReview, on: .documentaryVerification)
        }
    }

    /// The risk check, then the screening, pass by themselves.
    mutating func automaticStepDone() {
        switch pane {
        case .identity(.riskCheck): pass(.riskCheck, next: .screening)
        case .identity(.screening): pass(.screening, next: nil)
        default: break
        }
    }

    /// Closing Link after the session ended: `…_CLOSE_UI`, onSuccess (no public token, no
    /// institution, no accounts), `HANDOFF`.
    mutating func finishIdentity() {
        emit(.identityVerificationCloseUI)
        newRequest()
        pane = .finished
        loadingDeadline = nil
        pendingResult = nil
        enqueue(.success(LinkSuccess(publicToken: "", metadata: SuccessMetadata(institution: nil, accounts: [],
                                                                                    linkSessionID: linkSessionID))))
        emit(.handoff)
    }
}
