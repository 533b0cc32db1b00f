/// SessionTimeline+Plaid: a Plaid session's timeline, read from its records (see ``SessionTimeline``).
extension SessionTimeline {
    /// The timeline of `records` (in the order they came); `now`, for a session still going on:
    /// the view shown last has lasted until then.
    public init(records: [SessionRecord], now: Timestamp? = nil) {
        self.init(marks: [], now: nil)
        var visits: [String: Int] = [:]
        // a sign-in is labelled by its outcome: the note of the last SUBMIT_CREDENTIALS, until
        // an ERROR (it failed) or a view past the sign-in (it held) says which
        var signIn: (step: Int, note: Int)?
        for record in records {
            switch record {
            case .load:
                continue
            case .event(let event):
                let m = event.metadata
                end = m.instant
                if let last = steps.indices.last { steps[last].millis = max(0, m.instant.millis - steps[last].start.millis) }
                switch event.eventName {
                case .open, .transitionView:
                    guard var view = m.viewName?.description else { continue }
                    if let mfa = m.mfaType { view += " (\(mfa))" }
                    visits[view, default: 0] += 1
                    steps.append(Step(view: view, start: m.instant, millis: 0, visit: visits[view] ?? 1, notes: [], errors: []))
                    if !["LOADING", "CREDENTIAL", "ERROR"].contains(m.viewName?.description ?? "") { signIn = nil }
                case .error:
                    if let code = m.errorCode?.errorCode { note(error: code) }
                    if let (step, index) = signIn { steps[step].notes[index] = "sign-in failed" }
                    signIn = nil
                default:
                    if let text = Self.note(for: event) {
                        note(text)
                        if event.eventName == .submitCredentials, let last = steps.indices.last {
                            signIn = (last, steps[last].notes.count - 1)
                        }
                    }
                }
            case .success(let success):
                let accounts = success.metadata.accounts.count
                let institution = success.metadata.institution.map { UntrustedText.visible($0.name, limit: 40, quoting: false) }
                    ?? "no institution"
                outcome = "onSuccess: \(institution), \(accounts) account\(accounts == 1 ? "" : "s")"
            case .exit(let exit):
                var parts = ["onExit: " + (exit.metadata.status?.description ?? "no status")]
                if let error = exit.error { parts.append(error.errorCode.errorCode) }
                outcome = parts.joined(separator: ", ")
            }
        }
        finish(now: now)
    }

    /// What an event says the person did, for the view it happened in; `nil` for the events that
    /// only mark the way (`HANDOFF`, `EXIT` …).
    static func note(for event: LinkEvent) -> String? {
        let m = event.metadata
        switch event.eventName {
        case .searchInstitution: return m.institutionSearchQuery.map { "searched " + UntrustedText.quoted($0) }
        case .selectInstitution, .matchedSelectInstitution, .selectSavedInstitution, .autoSelectSavedInstitution:
            return "chose " + UntrustedText.visible(m.institutionName ?? m.institutionID ?? "an institution", limit: 40, quoting: false)
        case .selectBrand: return "chose the brand " + UntrustedText.visible(m.institutionName ?? "", limit: 40, quoting: false)
        case .submitCredentials: return "signed in"
        case .submitMFA: return "answered" + (m.mfaType.map { " (\($0))" } ?? "")
        case .selectDegradedInstitution: return "the institution is degraded"
        case .selectDownInstitution: return "the institution is down"
        case .selectFilteredInstitution: return "the institution does not offer the products"
        case .openOAuth: return "went to the bank's page"
        case .closeOAuth: return "closed the bank's page"
        case .failOAuth: return "the bank's page failed"
        case .exit, .handoff, .open, .transitionView, .error: return nil
        default: return event.eventName.description.lowercased().replacingUnderscores()
        }
    }
}

extension String {
    /// `SUBMIT_PHONE` as `submit phone`.
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
