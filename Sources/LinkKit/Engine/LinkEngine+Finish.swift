// Account select, success, going back, the exit confirmation and exit statuses.

extension LinkEngine {
    /// Shares the chosen accounts and shows CONNECTED.
    mutating func submitAccounts(_ indices: [Int]) throws(ActionRejected) {
        guard pane == .selectAccount || pane == .selectSavedAccount else { throw misfit("choosing accounts") }
        guard !indices.isEmpty else { throw ActionRejected("choose at least one account") }
        if configuration.accountSelection == .single && indices.count != 1 {
            throw ActionRejected("single-account mode: choose exactly one account")
        }
        var seen = [Bool](repeating: false, count: accounts.count)
        for index in indices {
            guard accounts.indices.contains(index) else {
                throw ActionRejected("there is no account \(index); choose from 0 to \(accounts.count - 1)")
            }
            guard !seen[index] else { throw ActionRejected("account \(index) was chosen twice") }
            seen[index] = true
        }
        sharedAccounts = indices.sorted().map { accounts[$0] }
        newRequest()
        if pane == .selectSavedAccount {
            emit(.selectSavedAccount)
            show(.connected)
            return
        }
        switch numbersAfterAccountSelect {
        case .instantMatch?: startNumbers(.instantMatch(accountIndex: indices[0]), from: .selectAccount)
        case .automatedMicrodeposits?: startNumbers(.automatedMicrodeposits(accountIndex: indices[0]), from: .selectAccount)
        default: connectAfterIdentityMatch()
        }
    }

    /// onSuccess with a public token, then `HANDOFF` (an Assets session completes its flow first:
    /// `BANK_INCOME_INSIGHTS_COMPLETED`); no institution after same-day
    /// micro-deposits (the seeds: "If the Item was created via Same-Day Micro-deposit
    /// verification, will be null").
    mutating func finishWithSuccess() {
        if offers(.assets) { emit(.bankIncomeInsightsCompleted) }
        newRequest()
        let publicToken = ids.uuid(after: "public-sandbox-")
        pane = .finished
        enqueue(.success(LinkSuccess(
            publicToken: publicToken,
            metadata: SuccessMetadata(institution: institution?.institution, accounts: sharedAccounts,
                                      linkSessionID: linkSessionID))))
        emit(.handoff)
    }

    /// `EXIT` with the status and the last error, then onExit (an Identity Verification session
    /// closes its UI first).
    mutating func finishWithExit(status: ExitStatus?) {
        if offersIdentityVerification { emit(.identityVerificationCloseUI) }
        let error = lastError
        emit(.exit, errorCode: error?.errorCode, errorMessage: error?.errorMessage, exitStatus: status)
        enqueue(.exit(LinkExit(
            error: error,
            metadata: ExitMetadata(status: status, institution: institution?.institution,
                                   linkSessionID: linkSessionID, requestID: requestID))))
        pane = .finished
        searchDeadline = nil
        loadingDeadline = nil
        pendingResult = nil
    }

    /// Esc.
    mutating func back() throws(ActionRejected) {
        switch pane {
        case .consent:
            finishWithExit(status: exitStatus(for: pane))
        case .institutionNotice:
            showSearch()
        case .dataTypes:
            show(.consent)
        case .selectBrand:
            showSearch()
        case .uploadDocuments:
            try requestExit()
        case .identityMatchBlock:
            showSearch()
        case .layerWaiting:
            finishWithExit(status: nil)
        case .profileDataReview:
            try requestExit()
        case .documentsSubmitted(.checking):
            throw misfit("going back")
        case .documentsSubmitted(.accepted):
            finishWithSuccess()
        case .documentsSubmitted(.refused):
            show(.uploadDocuments)
        case .dataConsent, .recaptcha:
            try requestExit()
        case .oauth(.signIn):
            try finishOAuth(.cancel)
        case .oauth(.redirected):
            try requestExit()
        case .oauth(.notice), .credential:
            if isUpdateMode { try requestExit() } else { showSearch() }
        case .selectInstitution where !isBlank(query):
            // Esc with a query typed clears it first; the next Esc asks to exit
            query = ""
            searchDeadline = nil
        case .selectInstitution, .mfa, .selectAccount, .selectAuthType, .microdepositAuthorized(instant: true),
             .microdepositVerification, .sameDayVerification, .numbersSelectInstitution, .submitPhone, .selectSavedInstitution, .selectSavedAccount:
            try requestExit()
        case .verifyPhone:
            inlineError = nil
            show(.submitPhone)
        case .matchedVerifyMethod:
            showSearch()
        case .identity:
            if identityOutcome != nil { finishIdentity() } else { try requestExit() }
        case .numbers(let stage):
            backFromNumbers(stage)
        case .connected, .microdepositAuthorized(instant: false):
            finishWithSuccess()
        case .error(let state):
            leaveErrorPane(state)
        case .exitConfirmation:
            try cancelExit()
        case .loading, .finished:
            throw misfit("going back")
        }
    }

    /// Shows the exit confirmation over the current pane. On CONNECTED the Item is already
    /// linked, so nothing would be lost: leaving is finishing (onSuccess, then `HANDOFF`).
    mutating func requestExit() throws(ActionRejected) {
        if identityOutcome != nil { return finishIdentity() }
        switch pane {
        case .loading, .exitConfirmation, .finished, .documentsSubmitted(.checking):
            throw misfit("asking to exit")
        case _ where pane.isLinked:
            finishWithSuccess()
        default:
            // an automatic identity check pauses while the dialog is up, and starts again after "no"
            if pendingResult == .identityAutomatic {
                pendingResult = nil
                loadingDeadline = nil
            }
            show(.exitConfirmation(returnTo: pane))
        }
    }

    /// "Yes, exit".
    mutating func confirmExit() throws(ActionRejected) {
        guard case .exitConfirmation(let underneath) = pane else { throw misfit("confirming an exit") }
        finishWithExit(status: exitStatus(for: underneath))
    }

    /// "No, stay": back to the pane underneath.
    mutating func cancelExit() throws(ActionRejected) {
        guard case .exitConfirmation(let underneath) = pane else { throw misfit("staying") }
        show(underneath)
        if case .identity(let step) = underneath, step == .riskCheck || step == .screening, identityOutcome == nil {
            pendingResult = .identityAutomatic
            loadingDeadline = now.adding(millis: configuration.latencyMillis)
        }
    }

    /// Ctrl-C or a signal: `EXIT` and onExit at once; once the Item is linked (CONNECTED),
    /// onSuccess and `HANDOFF`, so the public token is never lost.
    mutating func quit() {
        if identityOutcome != nil {
            finishIdentity()
        } else if pane.isLinked { finishWithSuccess() } else { finishWithExit(status: exitStatus(for: pane)) }
    }

    /// The exit status for leaving from `pane`.
    public func exitStatus(for pane: Pane) -> ExitStatus? {
        switch pane {
        case .consent, .credential, .selectAuthType, .numbers, .submitPhone, .selectSavedInstitution, .matchedVerifyMethod:
            .requiresCredentials
        case .verifyPhone: .requiresCode
        case .dataTypes, .dataConsent: .requiresCredentials
        case .selectBrand: .institutionNotFound
        case .uploadDocuments, .documentsSubmitted: .requiresExternalAction
        case .identityMatchBlock: .requiresAccountSelection
        case .layerWaiting, .profileDataReview: nil
        case .recaptcha: .requiresRecaptcha
        case .identity: nil
        case .selectSavedAccount: .requiresAccountSelection
        case .microdepositAuthorized, .microdepositVerification, .sameDayVerification: .requiresCode
        case .numbersSelectInstitution: .requiresCredentials
        case .selectInstitution, .institutionNotice(.degraded), .institutionNotice(.down), .institutionNotice(.filtered),
             .institutionNotice(.followed):
            .institutionNotFound
        case .institutionNotice(.unsupported): .institutionNotSupported
        case .oauth: .requiresOAuth
        case .loading(let from): exitStatus(for: from)
        case .mfa:
            switch currentChallenge?.type {
            case .device: .chooseDevice
            case .code: .requiresCode
            case .questions: .requiresQuestions
            case .selections: .requiresSelections
            case nil: .requiresCredentials
            }
        case .selectAccount: .requiresAccountSelection
        case .connected: .connected
        case .error(let state): state.interruptedStatus
        case .exitConfirmation(let underneath): exitStatus(for: underneath)
        case .finished: nil
        }
    }
}
