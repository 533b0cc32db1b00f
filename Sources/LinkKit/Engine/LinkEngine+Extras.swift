// The smaller paths: data transparency, my.plaid.com, following an institution's issue, reCAPTCHA.

extension LinkEngine {
    /// `VIEW_DATA_TYPES` and DATA_TRANSPARENCY, over the consent pane.
    mutating func viewDataTypes() throws(ActionRejected) {
        guard pane == .consent else { throw misfit("viewing the data types") }
        emit(.viewDataTypes)
        show(.dataTypes)
    }

    /// `OPEN_MY_PLAID` (Assets sessions only, as the seeds say).
    mutating func openMyPlaid() throws(ActionRejected) {
        guard pane == .consent else { throw misfit("opening my.plaid.com") }
        guard offers(.assets) else {
            throw ActionRejected("my.plaid.com is offered in Assets sessions only (--product assets)")
        }
        emit(.openMyPlaid)
    }

    /// `ISSUE_FOLLOWED`: the person asked to hear when a degraded or down institution is back.
    mutating func followIssue() throws(ActionRejected) {
        let status: InstitutionRecord.Status
        switch pane {
        case .institutionNotice(.degraded): status = .degraded
        case .institutionNotice(.down): status = .down
        default: throw misfit("following an issue")
        }
        emit(.issueFollowed)
        pane = .institutionNotice(.followed(status))
    }

    /// The words a reCAPTCHA asks for (one per session, from its id: replay knows it).
    public static let captchaWords = ["platypus", "tartan", "gingham", "houndstooth", "paisley", "argyle", "chevron", "plaid"]

    /// Shows the reCAPTCHA after a `{"recaptcha":…}` login.
    mutating func showCaptcha(good: Bool) {
        captchaGood = good
        let index = Int(linkSessionID.unicodeScalars.first.map { $0.value } ?? 0) % Self.captchaWords.count
        captchaWord = Self.captchaWords[index]
        show(.recaptcha)
    }

    /// The word typed: wrong, the challenge stays (nothing is sent); right, LOADING.
    mutating func submitCaptcha(_ answer: String) throws(ActionRejected) {
        guard pane == .recaptcha, let word = captchaWord else { throw misfit("a reCAPTCHA answer") }
        guard answer.trimmingWhitespace().lowercased() == word else {
            throw ActionRejected("that is not the word shown; type \(word)")
        }
        newRequest()
        startLoading(.captchaSolved)
    }

    /// Solved: the sign-in goes on (good), or `RECAPTCHA_BAD`: the error pane, then Link closes
    /// with `requires_recaptcha`.
    mutating func captchaAnswered() {
        captchaWord = nil
        if captchaGood {
            resetAttempts()
            authenticated()
        } else {
            raise(SandboxErrorCatalog.recaptchaBad, interrupted: .recaptcha)
        }
    }
}
