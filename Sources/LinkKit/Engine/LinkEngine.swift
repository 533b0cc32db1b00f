/// LinkEngine: the session as a deterministic state machine, with no terminal and no clock of
/// its own.
///
/// Feed it ``UserAction``s with the time they happened; it updates its state and returns the
/// ``SessionRecord``s they caused, in order. Timers (the search debounce, LOADING) are deadlines
/// in the state: read ``nextDeadline`` and call ``advance(to:)`` when it passes. Every id comes
/// from the seeded ``IDGenerator``, so the same configuration, actions and times give the same
/// records.
public struct LinkEngine: Sendable {
    /// The configuration the session was opened with.
    public let configuration: SessionConfiguration

    /// The pane the user is on.
    public internal(set) var pane: Pane = .consent
    /// The session id, constant for the session and on every event.
    public let linkSessionID: String
    /// The link token the session was opened with (generated when none was given).
    public let token: String
    /// Whether the sign-in is a matched institution's (verified by password): its credentials and
    /// MFA are the MATCHED_CREDENTIAL and MATCHED_MFA views.
    public internal(set) var matchedSignIn = false

    /// The view `pane` is shown as in this session (a matched sign-in's credentials and MFA have
    /// their own).
    public func view(of pane: Pane) -> ViewName? {
        guard matchedSignIn else { return pane.viewName }
        switch pane {
        case .credential: return .matchedCredential
        case .mfa: return .matchedMFA
        default: return pane.viewName
        }
    }

    /// The view the session is on.
    public var currentView: ViewName? { view(of: pane) }

    /// The id of the latest simulated backend request.
    public internal(set) var requestID: String?
    /// The selected institution; set by `SELECT_INSTITUTION`, cleared on returning to search.
    public internal(set) var institution: InstitutionRecord?
    /// The search query as typed.
    public internal(set) var query = ""
    /// The message shown inline on the credentials or MFA pane after a recoverable error.
    public internal(set) var inlineError: ExitError?
    /// The most recent error the user hit (reported by onExit).
    public internal(set) var lastError: ExitError?
    /// The MFA steps of the current sign-in.
    public internal(set) var mfaPlan: [MFAChallenge] = []
    /// The index of the current step in ``mfaPlan``.
    public internal(set) var mfaIndex = 0
    /// The accounts the institution returned after sign-in.
    public internal(set) var accounts: [Account] = []
    /// The accounts the user shared (set when leaving account select).
    public internal(set) var sharedAccounts: [Account] = []
    /// Whether ``start(at:)`` has run.
    public internal(set) var started = false
    /// What the NUMBERS pane collects numbers for (Auth), if anything.
    public internal(set) var authFlow: AuthFlow?
    /// The routing number submitted on the NUMBERS pane.
    public internal(set) var routingNumber: String?
    /// After an Auth sign-in at an Instant Match institution: the account's numbers come next.
    var numbersAfterAccountSelect: AuthFlow?
    /// The pane Esc on the routing number returns to.
    var numbersOrigin: Pane = .selectInstitution
    /// Wrong micro-deposit codes so far.
    var depositCodeAttempts = 0
    /// The phone typed on SUBMIT_PHONE (10 digits).
    public internal(set) var typedPhone: String?
    /// The phone once its code was verified: what a successful session saves the Item under.
    public internal(set) var verifiedPhone: String?
    /// Wrong one-time codes so far.
    var otpAttempts = 0
    /// The URL the bank redirected to (the redirect URI with the session's `oauth_state_id`).
    public internal(set) var redirectURL: String?
    /// The word the reCAPTCHA asks for, while it is shown.
    public internal(set) var captchaWord: String?
    /// Whether the reCAPTCHA, once solved, lets the sign-in through (`{"recaptcha":"good"}`).
    var captchaGood = false
    /// How the Identity Verification session ended, once it has (its last pane says so).
    public internal(set) var identityOutcome: IdentityOutcome?

    var ids: IDGenerator
    /// ``SessionConfiguration/products`` as one bit each (``LinkProduct/bit``), read once: asking a
    /// `Set` hashes the product every time, several times a session.
    let productBits: UInt8
    var lastReportedQuery: String?
    /// Whether the institution chosen in the embedded search was taken (it is, once).
    var embeddedSelectionTaken = false
    var searchDeadline: Timestamp?
    var loadingDeadline: Timestamp?
    var pendingResult: PendingResult?
    var wrongAttempts: [String: Int] = [:]
    var now = Timestamp(millis: 0)
    var outbox: [SessionRecord] = []

    /// What a LOADING pane is waiting to reveal.
    enum PendingResult: Hashable, Sendable {
        case login(SandboxCredentials.Outcome)
        case mfa(correct: Bool)
        case oauthApproved
        case numbers(mask: String, type: DepositAccountType)
        case otp(correct: Bool)
        case identityCheck(passed: Bool)
        case captchaSolved
        case documentsChecked(accepted: Bool)
        case identityDocument(IdentityDocument)
        case identitySelfie
        case identityAutomatic
        case depositCode(correct: Bool)
    }

    /// Creates a session; nothing is emitted until ``start(at:)``.
    public init(configuration: SessionConfiguration) {
        self.configuration = configuration
        var ids = IDGenerator(seed: configuration.seed)
        linkSessionID = ids.uuid()
        // the token's place in the id sequence is kept whether or not one was given, so a session
        // given the token its seed would make (``LinkToken/sandboxToken(seed:)``) is the same session
        let made = LinkToken.makeSandboxToken(using: &ids)
        token = configuration.token ?? made
        self.ids = ids
        // (each product asked of the set: reducing a copy of it destroys the copy through its
        // type's value witnesses, whose type is built from its mangled name, which costs a search
        // through every protocol conformance of the program on the way to the first frame)
        var bits: UInt8 = 0
        for product in LinkProduct.allCases where configuration.products.contains(product) { bits |= product.bit }
        productBits = bits
    }

    /// Whether the link token asks for `product` (``SessionConfiguration/products``).
    func offers(_ product: LinkProduct) -> Bool { productBits & product.bit != 0 }

    /// The MFA step the user is on, if any.
    public var currentChallenge: MFAChallenge? {
        mfaPlan.indices.contains(mfaIndex) ? mfaPlan[mfaIndex] : nil
    }

    /// Whether the session has ended.
    public var isFinished: Bool { pane == .finished }

    /// Whether the session was opened in update mode.
    public var isUpdateMode: Bool { updateModeInstitutionID != nil || configuration.verifiesDeposits }

    /// The institution whose Item is being repaired: `--update-mode --institution`, or the one an
    /// update-mode token names (``LinkToken/updateModeToken(institutionID:)``).
    public var updateModeInstitutionID: String? {
        configuration.updateModeInstitutionID ?? LinkToken.updateModeInstitution(in: token)
    }

    /// The earliest pending timer, if any.
    public var nextDeadline: Timestamp? {
        switch (searchDeadline, loadingDeadline) {
        case let (search?, loading?): min(search, loading)
        case let (search?, nil): search
        case let (nil, loading?): loading
        case (nil, nil): nil
        }
    }

    /// Opens the session: `onLoad` and `OPEN`, or, for a token the sandbox refuses, `EXIT` and
    /// `onExit` with `INVALID_LINK_TOKEN`.
    public mutating func start(at time: Timestamp) -> [SessionRecord] {
        guard !started else { return [] }
        started = true
        begin(at: time)
        requestID = ids.requestID()
        // an update-mode token for an Item the directory has no institution for is no valid token
        if LinkToken.problem(with: token) != nil || updateModeInstitutionID.map({ configuration.directory[$0] == nil }) == true {
            lastError = SandboxErrorCatalog.invalidLinkToken.error
            finishWithExit(status: nil)
            return flush()
        }
        if offers(.layer) {
            // Layer opens when the app says so, once the phone is known to be eligible
            pane = .layerWaiting(ready: false)
            enqueue(.load)
            return flush()
        }
        if configuration.verifiesDeposits {
            startDepositVerification()
        } else if offersIdentityVerification {
            pane = .identity(configuration.resumesIdentity ? .kycCheck : .acceptTOS)
        } else if let id = updateModeInstitutionID, let record = configuration.directory[id] {
            institution = record
            // an update that asks for more than Transactions asks consent to the new data first
            pane = configuration.products.subtracting([.transactions]).isEmpty
                ? (record.oauth ? .oauth(.notice) : .credential) : .dataConsent
        } else {
            pane = .consent
        }
        enqueue(.load)
        let firstView = pane.viewName
        let updateMode = isUpdateMode
        emit(.open, isUpdateMode: updateMode ? "true" : "false", viewName: firstView)
        if offersIdentityVerification { openIdentityVerification() }
        return flush()
    }

    /// Ends a session that could not be shown (its presentation had no terminal): `EXIT` and
    /// onExit with `error`, no `OPEN` (nothing was shown). A session already ended is left as it is.
    public mutating func endUnshown(_ error: ExitError, at time: Timestamp) -> [SessionRecord] {
        guard !isFinished else { return [] }
        if !started {
            started = true
            begin(at: time)
            requestID = ids.requestID()
        } else {
            begin(at: time)
        }
        lastError = error
        finishWithExit(status: nil)
        return flush()
    }

    /// Applies one action at `time`; throws without changing anything when it does not fit.
    public mutating func send(_ action: UserAction, at time: Timestamp) throws(ActionRejected) -> [SessionRecord] {
        guard started else { throw ActionRejected("the session has not been opened") }
        guard !isFinished else { throw ActionRejected("the session has already ended") }
        let before = now
        begin(at: time)
        do {
            switch action {
            case .primary: try primary()
            case .setQuery(let text): try setQuery(text)
            case .selectInstitution(let id): try selectInstitution(id: id)
            case .submitCredentials(let username, let password): try submitCredentials(username: username, password: password)
            case .submitMFA(let response): try submitMFA(response)
            case .submitAccounts(let indices): try submitAccounts(indices)
            case .chooseAuthType(let choice): try chooseAuthType(choice)
            case .selectBrand(let name): try selectBrand(name)
            case .submitDocuments(let names): try submitDocuments(names)
            case .submitLayerData(let phone, let dateOfBirth): try submitLayerData(phone: phone, dateOfBirth: dateOfBirth)
            case .redirect(let url): try resume(from: url)
            case .viewDataTypes: try viewDataTypes()
            case .openMyPlaid: try openMyPlaid()
            case .followIssue: try followIssue()
            case .submitCaptcha(let answer): try submitCaptcha(answer)
            case .submitIdentity(let details): try submitIdentity(details)
            case .submitDocument(let document): try submitDocument(document)
            case .submitPhone(let phone): try submitPhone(phone)
            case .skipPhone: try skipPhone()
            case .submitOTP(let code): try submitOTP(code)
            case .connectNewInstitution: try connectNewInstitution()
            case .chooseVerifyMethod(let method): try chooseVerifyMethod(method)
            case .submitRoutingNumber(let number): try submitRoutingNumber(number)
            case .submitAccountNumber(let number, let type): try submitAccountNumber(number, type: type)
            case .submitDepositCode(let code): try submitDepositCode(code)
            case .oauth(let result): try finishOAuth(result)
            case .control(.back): try back()
            case .control(.requestExit): try requestExit()
            case .control(.confirmExit): try confirmExit()
            case .control(.cancelExit): try cancelExit()
            case .control(.quit): quit()
            }
        } catch {
            now = before  // a rejected action leaves no trace, not even on the clock
            throw error
        }
        return flush()
    }

    /// Fires every timer due at or before `time`, each at its own deadline.
    public mutating func advance(to time: Timestamp) -> [SessionRecord] {
        while let deadline = nextDeadline, deadline <= time, !isFinished {
            begin(at: deadline)
            if searchDeadline == deadline {
                searchDeadline = nil
                reportQueryIfNeeded()
            } else {
                loadingDeadline = nil
                finishLoading()
            }
        }
        begin(at: time)
        return flush()
    }

    /// Moves the engine's clock forward (never back).
    mutating func begin(at time: Timestamp) {
        if time > now { now = time }
    }

    mutating func flush() -> [SessionRecord] {
        // handed over whole: emptying it in place would copy the shared buffer into a new one
        guard !outbox.isEmpty else { return [] }
        let records = outbox
        outbox = []
        return records
    }

    /// Adds `record` to the batch the current step returns, making room for four at its first:
    /// most batches hold two to four records, and an empty array grows twice on the way to them.
    mutating func enqueue(_ record: SessionRecord) {
        if outbox.capacity == 0 { outbox.reserveCapacity(4) }
        outbox.append(record)
    }

    /// Appends an event stamped now, with the session's ids, the selected institution (its name
    /// unless `institutionName` gives another) and the metadata given, the rest null.
    ///
    /// The metadata is made in one expression, by the memberwise initializer: a value of its size
    /// filled in a variable is copied whole and the variable destroyed when it is handed on (the
    /// optimizer keeps a struct holding several optionals in memory), once per event.
    mutating func emit(
        _ name: EventName, accountNumberMask: String? = nil, errorCode: ExitErrorCode? = nil, errorMessage: String? = nil,
        exitStatus: ExitStatus? = nil, institutionName: String? = nil, institutionSearchQuery: String? = nil,
        isUpdateMode: String? = nil, matchReason: String? = nil, mfaType: MFAType? = nil, routingNumber: String? = nil,
        viewName: ViewName? = nil, selection: String? = nil
    ) {
        enqueue(.event(LinkEvent(eventName: name, metadata: EventMetadata(
            accountNumberMask: accountNumberMask, errorCode: errorCode, errorMessage: errorMessage, exitStatus: exitStatus,
            institutionID: institution?.id, institutionName: institutionName ?? institution?.name,
            institutionSearchQuery: institutionSearchQuery, isUpdateMode: isUpdateMode, matchReason: matchReason,
            mfaType: mfaType, routingNumber: routingNumber, viewName: viewName, selection: selection,
            instant: now, linkSessionID: linkSessionID, requestID: requestID))))
    }

    /// Shows `newPane`, announcing it with `TRANSITION_VIEW` when its view differs.
    mutating func show(_ newPane: Pane) {
        let oldView = view(of: pane)
        pane = newPane
        guard let view = view(of: newPane), view != oldView else { return }
        let mfaType = view == .mfa || view == .matchedMFA ? currentChallenge?.type : nil
        emit(.transitionView, mfaType: mfaType, viewName: view)
    }

    /// Starts a simulated backend request: a new request id.
    mutating func newRequest() {
        requestID = ids.requestID()
    }

    /// Rejects an action that does not fit the current pane.
    func misfit(_ what: String) -> ActionRejected {
        ActionRejected("\(what) does not fit the \(pane.viewName?.description ?? "finished") pane")
    }
}

/// The engine keeps the contract every Link engine keeps (see ``FlowEngine``).
extension LinkEngine: FlowEngine {}
