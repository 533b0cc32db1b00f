import LinkKit

/// PlaidPaneRegistry: Plaid's pane views, each keeping its state while the session runs. Which view
/// shows an engine pane is one exhaustive `switch` (``viewType(for:)``): an engine pane without a
/// view does not compile. To add a pane, add its case there and its view to ``views``.
struct PlaidPaneRegistry {
    private(set) var views: [any PaneView<PlaidPaneContext>] = [
        ConsentPane(),
        LayerHostPane(),
        ProfileReviewPane(),
        DataTypesPane(),
        DataConsentPane(),
        RecaptchaPane(),
        PhonePane(),
        VerifyPhonePane(),
        SavedInstitutionsPane(),
        MatchedPane(),
        AuthTypePane(),
        UploadDocumentsPane(),
        DocumentsStatusPane(),
        IdentityStepPane(),
        IdentitySMSPane(),
        IdentityKYCPane(),
        IdentityDocumentPane(),
        IdentityMatchBlockPane(),
        SearchPane(),
        BrandPane(),
        NoticePane(),
        OAuthNoticePane(),
        OAuthSignInPane(),
        OAuthRedirectPane(),
        CredentialsPane(),
        LoadingPane(),
        MFAPane(),
        AccountsPane(),
        NumbersPane(),
        NumbersSelectInstitutionPane(),
        MicrodepositAuthorizedPane(),
        MicrodepositVerificationPane(),
        ConnectedPane(),
        ErrorPane(),
        ExitConfirmPane(),
        OutcomePane(),
    ]

    /// The type of the view that shows `pane`.
    static func viewType(for pane: Pane) -> any PaneView<PlaidPaneContext>.Type {
        switch pane {
        case .consent: ConsentPane.self
        case .layerWaiting: LayerHostPane.self
        case .profileDataReview: ProfileReviewPane.self
        case .dataTypes: DataTypesPane.self
        case .dataConsent: DataConsentPane.self
        case .recaptcha: RecaptchaPane.self
        case .submitPhone: PhonePane.self
        case .verifyPhone: VerifyPhonePane.self
        case .selectSavedInstitution: SavedInstitutionsPane.self
        case .matchedVerifyMethod: MatchedPane.self
        case .selectAuthType: AuthTypePane.self
        case .uploadDocuments: UploadDocumentsPane.self
        case .documentsSubmitted: DocumentsStatusPane.self
        case .identity(.acceptTOS), .identity(.selfieCheck), .identity(.riskCheck), .identity(.screening): IdentityStepPane.self
        case .identity(.verifySMS): IdentitySMSPane.self
        case .identity(.kycCheck): IdentityKYCPane.self
        case .identity(.documentaryVerification): IdentityDocumentPane.self
        case .identityMatchBlock: IdentityMatchBlockPane.self
        case .selectInstitution: SearchPane.self
        case .selectBrand: BrandPane.self
        case .institutionNotice: NoticePane.self
        case .oauth(.notice): OAuthNoticePane.self
        case .oauth(.signIn): OAuthSignInPane.self
        case .oauth(.redirected): OAuthRedirectPane.self
        case .credential: CredentialsPane.self
        case .loading: LoadingPane.self
        case .mfa: MFAPane.self
        case .selectAccount, .selectSavedAccount: AccountsPane.self
        case .numbers: NumbersPane.self
        case .numbersSelectInstitution: NumbersSelectInstitutionPane.self
        case .microdepositAuthorized: MicrodepositAuthorizedPane.self
        case .microdepositVerification, .sameDayVerification: MicrodepositVerificationPane.self
        case .connected: ConnectedPane.self
        case .error: ErrorPane.self
        case .exitConfirmation: ExitConfirmPane.self
        case .finished: OutcomePane.self
        }
    }

    /// The index of the view that shows `pane` (a test checks every engine pane has one in ``views``).
    func index(of pane: Pane) -> Int {
        viewIndex(views, of: Self.viewType(for: pane))
    }

    /// The view that shows `pane`.
    func view(for pane: Pane) -> any PaneView<PlaidPaneContext> { views[index(of: pane)] }

    /// Runs `body` on the view that shows `pane`, keeping what it changes.
    mutating func withView<Result>(for pane: Pane, _ body: (inout any PaneView<PlaidPaneContext>) -> Result) -> Result {
        body(&views[index(of: pane)])
    }

    /// The view of type `View`, for tests and the autopilot's planning of a known pane.
    func view<View: PaneView<PlaidPaneContext>>(_ type: View.Type) -> View? {
        views.lazy.compactMap { $0 as? View }.first
    }
}

/// The index in `views` of the one of type `type` (the flavor's switch chose it; each flavor
/// lists every view it names).
func viewIndex<View>(_ views: [View], of type: Any.Type) -> Int {
    guard let index = views.firstIndex(where: { Swift.type(of: $0 as Any) == type }) else {
        preconditionFailure("no \(type) in the pane views")
    }
    return index
}
