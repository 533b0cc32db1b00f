// Auth: the auth-type choice, the NUMBERS pane, and micro-deposits (`--product auth`).

extension LinkEngine {
    /// Whether the token asks for Auth.
    public var offersAuth: Bool { offers(.auth) }

    /// The Auth method of the selected institution, when the token asks for Auth.
    var authMethod: AuthMethod? {
        guard offersAuth, let id = institution?.id else { return nil }
        return SandboxAuth.methods[id]
    }

    /// SELECT_AUTH_TYPE's choice, or "link with account numbers" on a search.
    mutating func chooseAuthType(_ choice: AuthTypeSelection) throws(ActionRejected) {
        switch pane {
        case .selectAuthType:
            newRequest()
            emit(.selectAuthType, selection: choice.selection)
            if choice == .instant { showSearch() } else { startNumbers(.sameDayMicrodeposits, from: .selectAuthType) }
        case .numbersSelectInstitution:
            reroute(choice)
        case .selectInstitution where choice == .manual:
            guard offersAuth else { throw ActionRejected("linking with account numbers needs the Auth product (--product auth)") }
            searchDeadline = nil
            reportQueryIfNeeded()
            startNumbers(.sameDayMicrodeposits, from: .selectInstitution)
        default:
            throw misfit("auth \(choice.rawValue)")
        }
    }

    /// Shows the NUMBERS pane's routing number for `flow`.
    mutating func startNumbers(_ flow: AuthFlow, from origin: Pane) {
        authFlow = flow
        numbersOrigin = origin
        routingNumber = nil
        inlineError = nil
        if flow == .sameDayMicrodeposits { institution = nil }
        show(.numbers(.routing))
    }

    /// `SUBMIT_ROUTING_NUMBER`, then the account number.
    mutating func submitRoutingNumber(_ number: String) throws(ActionRejected) {
        guard pane == .numbers(.routing) else { throw misfit("a routing number") }
        if let problem = SandboxAuth.routingNumberProblem(number) { throw ActionRejected(problem) }
        routingNumber = number
        newRequest()
        emit(.submitRoutingNumber, routingNumber: number)
        // same-day numbers for a bank that supports signing in: offer that first (the reroute)
        if authFlow == .sameDayMicrodeposits, let id = SandboxAuth.institutionsByRoutingNumber[number],
           let record = configuration.directory[id] {
            institution = record
            show(.numbersSelectInstitution)
            return
        }
        pane = .numbers(.account)
    }

    /// NUMBERS_SELECT_INSTITUTION's choice: sign in at the bank (`SELECT_INSTITUTION`, its
    /// credentials), or go on with numbers (no institution).
    mutating func reroute(_ choice: AuthTypeSelection) {
        if choice == .instant, let record = institution {
            authFlow = nil
            newRequest()
            emit(.selectInstitution)
            show(record.oauth ? .oauth(.notice) : .credential)
        } else {
            institution = nil
            show(.numbers(.account))
        }
    }

    /// A later session for a same-day Item: the account as it was linked, and its deposit's code.
    mutating func startDepositVerification() {
        authFlow = .sameDayMicrodeposits
        depositCodeAttempts = 0
        sharedAccounts = [Account(id: ids.alphanumeric(37), name: "Checking", mask: "0000", subtype: .depository(.checking),
                                  verificationStatus: .pendingManualVerification)]
        pane = .sameDayVerification
    }

    /// Why `number` cannot be submitted as the account number here, or `nil`: its form, and for
    /// a signed-in account, that it ends in that account's mask.
    public func accountNumberProblem(_ number: String) -> String? {
        if let problem = SandboxAuth.accountNumberProblem(number) { return problem }
        switch authFlow {
        case .instantMatch(let index), .automatedMicrodeposits(let index):
            guard accounts.indices.contains(index), let mask = accounts[index].mask else { return nil }
            return number.hasSuffix(mask) ? nil : "That account number does not end in \(mask), the account you chose"
        default:
            return nil
        }
    }

    /// `SUBMIT_ACCOUNT_NUMBER` (with the mask, never the number), then LOADING.
    mutating func submitAccountNumber(_ number: String, type: DepositAccountType) throws(ActionRejected) {
        guard pane == .numbers(.account), authFlow != nil else { throw misfit("an account number") }
        if let problem = accountNumberProblem(number) { throw ActionRejected(problem) }
        let mask = SandboxAuth.mask(of: number)
        newRequest()
        emit(.submitAccountNumber, accountNumberMask: mask)
        startLoading(.numbers(mask: mask, type: type))
    }

    /// The numbers were accepted: the account to share and the next pane, by flow.
    mutating func numbersAccepted(mask: String, type: DepositAccountType) {
        let typed = Account(id: ids.alphanumeric(37), name: type.title, mask: mask.isEmpty ? nil : mask,
                            subtype: type == .checking ? .depository(.checking) : .depository(.savings))
        switch authFlow {
        case .sameDayMicrodeposits:
            var account = typed
            account.verificationStatus = .pendingManualVerification
            sharedAccounts = [account]
            show(.microdepositAuthorized(instant: false))
        case .instantMicrodeposits:
            var account = typed
            account.verificationStatus = .pendingManualVerification
            sharedAccounts = [account]
            depositCodeAttempts = 0
            show(.microdepositAuthorized(instant: true))
        case .instantMatch(let index):
            sharedAccounts = [accounts[index]]
            show(.connected)
        case .automatedMicrodeposits(let index):
            var account = accounts[index]
            account.verificationStatus = .pendingAutomaticVerification
            sharedAccounts = [account]
            show(.connected)
        case nil:
            show(.connected)
        }
    }

    /// The instant deposit's 3-letter code: LOADING, then CONNECTED or an error.
    mutating func submitDepositCode(_ code: Secret) throws(ActionRejected) {
        defer { code.wipe() }
        guard pane == .microdepositVerification || pane == .sameDayVerification else { throw misfit("a deposit code") }
        guard !code.isEmpty else { throw ActionRejected("enter the 3-letter code from the deposit's description") }
        let correct = code.withUnsafeBytes { SecretReader.equalIgnoringCase($0, SandboxAuth.depositCode) }
        newRequest()
        startLoading(.depositCode(correct: correct))
    }

    /// The pane the deposit's code is typed on.
    var verificationPane: Pane { configuration.verifiesDeposits ? .sameDayVerification : .microdepositVerification }

    /// What the deposit code request returned.
    mutating func depositCodeChecked(correct: Bool) {
        if correct {
            depositCodeAttempts = 0
            for index in sharedAccounts.indices { sharedAccounts[index].verificationStatus = .manuallyVerified }
            show(.connected)
            return
        }
        depositCodeAttempts += 1
        if depositCodeAttempts >= SandboxAuth.depositCodeAttempts {
            raise(SandboxErrorCatalog.tooManyVerificationAttempts, interrupted: verificationPane)
        } else {
            raise(SandboxErrorCatalog.incorrectDepositCode, interrupted: verificationPane)
        }
    }

    /// Esc on the NUMBERS pane: the account number goes back to the routing number; the routing
    /// number to where the numbers were asked from.
    mutating func backFromNumbers(_ stage: NumbersStage) {
        if stage == .account {
            pane = .numbers(.routing)
            return
        }
        authFlow = nil
        switch numbersOrigin {
        case .selectAuthType: show(.selectAuthType)
        case .selectAccount: show(.selectAccount)
        default: showSearch()
        }
    }
}
