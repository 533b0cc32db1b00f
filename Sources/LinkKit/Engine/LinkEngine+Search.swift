// Consent, institution search and selection, and the institution notices.

extension LinkEngine {
    /// Enter: the current pane's main action.
    mutating func primary() throws(ActionRejected) {
        switch pane {
        case .consent:
            afterConsent()
        case .identity(let step):
            try identityPrimary(step)
        case .dataTypes:
            show(.consent)
        case .documentsSubmitted(.accepted):
            finishWithSuccess()
        case .identityMatchBlock:
            showSearch()
        case .layerWaiting(ready: true):
            openLayer()
        case .layerWaiting(ready: false):
            throw ActionRejected("Layer opens once LAYER_READY has come: submit an eligible phone first")
        case .profileDataReview:
            shareLayerProfile()
        case .documentsSubmitted(.refused):
            show(.uploadDocuments)
        case .dataConsent:
            guard let record = institution else { throw misfit("continue") }
            show(record.oauth ? .oauth(.notice) : .credential)
        case .microdepositAuthorized(instant: true):
            show(.microdepositVerification)
        case .connected, .microdepositAuthorized(instant: false):
            finishWithSuccess()
        case .institutionNotice(.degraded):
            guard let record = institution else { throw misfit("continue") }
            show(record.oauth ? .oauth(.notice) : .credential)
        case .institutionNotice(.down), .institutionNotice(.unsupported), .institutionNotice(.filtered),
             .institutionNotice(.followed(.down)):
            showSearch()
        case .institutionNotice(.followed):
            guard let record = institution else { throw misfit("continue") }
            show(record.oauth ? .oauth(.notice) : .credential)
        case .oauth(.notice):
            newRequest()
            emit(.openOAuth)
            pane = .oauth(.signIn)
        case .error(let state):
            leaveErrorPane(state)
        case .exitConfirmation:
            try cancelExit()  // the dialog's default is to stay
        default:
            throw misfit("continue")
        }
    }

    /// Returns to institution select with a clear search and no institution selected.
    mutating func showSearch() {
        institution = nil
        matchedSignIn = false
        inlineError = nil
        query = ""
        lastReportedQuery = nil
        searchDeadline = nil
        show(.selectInstitution)
    }

    /// The search field changed: restart the debounce (or stop it for an empty query).
    mutating func setQuery(_ text: String) throws(ActionRejected) {
        guard pane == .selectInstitution else { throw misfit("typing a search") }
        query = text
        if isBlank(text) {
            searchDeadline = nil
        } else {
            searchDeadline = now.adding(millis: configuration.searchDebounceMillis)
        }
    }

    /// `SEARCH_INSTITUTION` for the current query, unless it is empty or was the last one reported.
    mutating func reportQueryIfNeeded() {
        guard !isBlank(query), query != lastReportedQuery else { return }
        lastReportedQuery = query
        newRequest()
        let reported = query
        emit(.searchInstitution, institutionSearchQuery: reported)
    }

    /// Enter on a search result.
    mutating func selectInstitution(id: String) throws(ActionRejected) {
        if pane == .selectSavedInstitution { return try selectSavedInstitution(id: id) }
        if case .selectBrand(let brand) = pane {
            guard SandboxBrands.portals[brand]?.contains(id) == true, configuration.directory[id] != nil else {
                throw ActionRejected("\(UntrustedText.quoted(id)) is not one of \(UntrustedText.quoted(brand))'s portals")
            }
            pane = .selectInstitution  // the portal is chosen as on institution select (no view of its own)
        }
        guard pane == .selectInstitution else { throw misfit("selecting an institution") }
        guard let record = configuration.directory[id] else {
            throw ActionRejected("there is no institution \(id) in the directory")
        }
        searchDeadline = nil
        reportQueryIfNeeded()
        if isMatched(id) { return selectMatchedInstitution(record) }
        institution = record
        newRequest()
        if isRoutingMatched(id) {
            // "if the institution's `routing_number` was provided when calling /link/token/create"
            emit(.matchedSelectInstitution, matchReason: "routing_number")
        } else {
            emit(.selectInstitution)
        }
        if !record.supported {
            pane = .institutionNotice(.unsupported)
        } else if record.status == .down {
            emit(.selectDownInstitution)
            pane = .institutionNotice(.down)
        } else if record.status == .degraded {
            emit(.selectDegradedInstitution)
            pane = .institutionNotice(.degraded)
        } else if SandboxAuth.methods[record.id] == .instantMicrodeposits {
            // numbers only: an Auth session takes them; any other product is filtered out
            if offersAuth {
                startNumbers(.instantMicrodeposits, from: .selectInstitution)
            } else {
                emit(.selectFilteredInstitution)
                pane = .institutionNotice(.filtered)
            }
        } else {
            show(record.oauth ? .oauth(.notice) : .credential)
        }
    }

    /// `SELECT_BRAND` (the brand's name as `institution_name`), then its portals.
    mutating func selectBrand(_ name: String) throws(ActionRejected) {
        guard pane == .selectInstitution else { throw misfit("selecting a brand") }
        guard let portals = SandboxBrands.portals[name], portals.contains(where: { configuration.directory[$0] != nil }) else {
            throw ActionRejected("there is no brand \(UntrustedText.quoted(name)); brands: \(SandboxBrands.portals.keys.sorted().joined(separator: ", "))")
        }
        searchDeadline = nil
        reportQueryIfNeeded()
        institution = nil
        newRequest()
        emit(.selectBrand, institutionName: name)
        show(.selectBrand(name))
    }

    /// Whether every character of `text` is whitespace (an empty text is blank).
    func isBlank(_ text: String) -> Bool { text.isBlank }
}

extension LinkEngine {
    /// Whether `id` is the institution of the routing number the link token was created with.
    public func isRoutingMatched(_ id: String) -> Bool {
        configuration.routingNumber.flatMap { SandboxAuth.institutionsByRoutingNumber[$0] } == id
    }
}
