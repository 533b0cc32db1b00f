// The returning user experience: the phone, its one-time code, saved institutions and accounts,
// and matched institutions in the search.

extension LinkEngine {
    /// After consent: the phone (returning user experience), else the new-user flow.
    mutating func afterConsent() {
        guard configuration.rememberMe else { return startNewUser() }
        if configuration.phoneKnown, let phone = configuration.savedProfile?.phone {
            // the phone came with the token: the code goes out without asking
            typedPhone = phone
            otpAttempts = 0
            newRequest()
            emit(.autoSubmitPhone)
            show(.verifyPhone)
        } else {
            show(.submitPhone)
        }
    }

    /// The new-user flow: the institution chosen in the app's embedded search (once), the
    /// auth-type choice (Auth), else institution search.
    mutating func startNewUser() {
        if let id = configuration.embeddedInstitutionID, !embeddedSelectionTaken {
            // chosen before Link opened: selected as on Link's own search, which is never shown
            embeddedSelectionTaken = true
            pane = .selectInstitution
            do {
                try selectInstitution(id: id)
                return
            } catch {
                pane = .consent  // validated: the directory holds it
            }
        }
        if offers(.incomeVerification) {
            show(.uploadDocuments)
        } else if offersAuth {
            show(.selectAuthType)
        } else {
            showSearch()
        }
    }

    /// The saved profile for the verified phone, if it has institutions.
    var profile: SavedProfile? {
        guard let saved = configuration.savedProfile, let verifiedPhone, saved.phone == verifiedPhone,
              !saved.institutions.isEmpty else { return nil }
        return saved
    }

    /// `SUBMIT_PHONE`, then the one-time code.
    mutating func submitPhone(_ typed: String) throws(ActionRejected) {
        if pane == .identity(.verifySMS(codeSent: false)), identityOutcome == nil { return try submitIdentityPhone(typed) }
        guard pane == .submitPhone else { throw misfit("a phone number") }
        guard let phone = SavedProfile.normalizedPhone(typed) else {
            throw ActionRejected("A phone number has 10 digits (a US number), e.g. 415-555-0010")
        }
        typedPhone = phone
        otpAttempts = 0
        inlineError = nil
        newRequest()
        emit(.submitPhone)
        show(.verifyPhone)
    }

    /// `SKIP_SUBMIT_PHONE`: continue as a new user.
    mutating func skipPhone() throws(ActionRejected) {
        guard pane == .submitPhone else { throw misfit("skipping the phone") }
        emit(.skipSubmitPhone)
        startNewUser()
    }

    /// `SUBMIT_OTP`, then LOADING.
    mutating func submitOTP(_ code: Secret) throws(ActionRejected) {
        if pane == .identity(.verifySMS(codeSent: true)), identityOutcome == nil { return try submitIdentityCode(code) }
        defer { code.wipe() }
        guard pane == .verifyPhone else { throw misfit("a one-time code") }
        guard !code.isEmpty else { throw ActionRejected("enter the code sent to your phone") }
        let correct = code.withUnsafeBytes { SecretReader.equal($0, SavedProfile.sandboxCode) }
        newRequest()
        emit(.submitOTP)
        startLoading(.otp(correct: correct))
    }

    /// What the code request returned: `VERIFY_PHONE` and the saved institutions (or the new-user
    /// flow), or `INVALID_OTP`; the third wrong code stops: the error pane, then search.
    mutating func otpChecked(correct: Bool) {
        guard correct else {
            otpAttempts += 1
            let invalid = SandboxErrorCatalog.invalidOTP
            raise(SandboxError(error: invalid.error, next: otpAttempts >= SavedProfile.codeAttempts ? .institutionSelect : .samePane),
                  interrupted: .verifyPhone)
            return
        }
        otpAttempts = 0
        verifiedPhone = typedPhone
        emit(.verifyPhone)
        guard let profile else {
            startNewUser()
            return
        }
        if profile.institutions.count == 1 {
            useSaved(profile.institutions[0], event: .autoSelectSavedInstitution, matchReason: "AUTO_SELECT_SAVED_INSTITUTION")
        } else {
            show(.selectSavedInstitution)
        }
    }

    /// The saved institution chosen (or chosen for the person): its saved accounts next.
    mutating func useSaved(_ saved: SavedProfile.SavedInstitution, event: EventName, matchReason: String) {
        institution = configuration.directory[saved.institution.id]
            ?? InstitutionRecord(id: saved.institution.id, name: saved.institution.name)
        newRequest()
        emit(event)
        emit(.selectInstitution, matchReason: matchReason)
        showSavedAccounts(saved)
    }

    mutating func showSavedAccounts(_ saved: SavedProfile.SavedInstitution) {
        accounts = saved.accounts.map { template in
            Account(id: ids.alphanumeric(37), name: template.name, mask: template.mask.isEmpty ? nil : template.mask,
                    subtype: template.subtype)
        }
        show(.selectSavedAccount)
    }

    /// A row of SELECT_SAVED_INSTITUTION.
    mutating func selectSavedInstitution(id: String) throws(ActionRejected) {
        guard let saved = configuration.savedProfile?.institution(id: id) else {
            throw ActionRejected("\(UntrustedText.quoted(id)) is not a saved institution; choose one listed, or connect a new one")
        }
        useSaved(saved, event: .selectSavedInstitution, matchReason: "SAVED_INSTITUTION")
    }

    /// `CONNECT_NEW_INSTITUTION`: the new-user flow with the phone still verified.
    mutating func connectNewInstitution() throws(ActionRejected) {
        guard pane == .selectSavedInstitution || pane == .selectSavedAccount else { throw misfit("connecting a new institution") }
        emit(.connectNewInstitution)
        institution = nil
        startNewUser()
    }

    /// Whether selecting `id` in the search is a matched institution (saved for the verified phone).
    public func isMatched(_ id: String) -> Bool {
        profile?.institution(id: id) != nil
    }

    /// `MATCHED_SELECT_INSTITUTION` (`match_reason` `returning_user`), then the verify method.
    mutating func selectMatchedInstitution(_ record: InstitutionRecord) {
        institution = record
        newRequest()
        emit(.matchedSelectInstitution, matchReason: "returning_user")
        show(.matchedVerifyMethod)
    }

    /// `MATCHED_SELECT_VERIFY_METHOD`: the saved accounts (phone), or the credentials (password).
    mutating func chooseVerifyMethod(_ method: VerifyMethod) throws(ActionRejected) {
        guard pane == .matchedVerifyMethod, let id = institution?.id else { throw misfit("verify \(method.rawValue)") }
        emit(.matchedSelectVerifyMethod, selection: method.rawValue)
        if method == .phoneotp, let saved = profile?.institution(id: id) {
            showSavedAccounts(saved)
        } else {
            matchedSignIn = true
            show(institution?.oauth == true ? .oauth(.notice) : .credential)
        }
    }
}
