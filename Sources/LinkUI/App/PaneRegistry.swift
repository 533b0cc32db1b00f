import LinkKit

/// PaneRegistry: the pane views, each keeping its state while the session runs; the view for an
/// engine pane is the first that ``PaneView/shows(_:)`` it. To add a pane, add its view here.
struct PaneRegistry {
    private(set) var views: [any PaneView] = [
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

    /// The index of the view that shows `pane`. Every engine pane has one (a test walks them all).
    func index(of pane: Pane) -> Int {
        guard let index = views.firstIndex(where: { type(of: $0).shows(pane) }) else {
            preconditionFailure("no pane view shows \(pane); add one to PaneRegistry")
        }
        return index
    }

    /// The view that shows `pane`.
    func view(for pane: Pane) -> any PaneView { views[index(of: pane)] }

    /// Runs `body` on the view that shows `pane`, keeping what it changes.
    mutating func withView<Result>(for pane: Pane, _ body: (inout any PaneView) -> Result) -> Result {
        body(&views[index(of: pane)])
    }

    /// The view of type `View`, for tests and the autopilot's planning of a known pane.
    func view<View: PaneView>(_ type: View.Type) -> View? {
        views.lazy.compactMap { $0 as? View }.first
    }
}
