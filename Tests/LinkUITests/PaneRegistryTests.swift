import Testing
@testable import LinkKit
@testable import LinkSDK
@testable import LinkUI

@Suite("Pane views: one per engine pane, and key maps that do what they say")
struct PaneRegistryTests {
    /// Every case of the engine's `Pane`, each associated value at least once (``caseNumber(of:)``
    /// checks none is missing), and each over the exit dialog.
    static let everyPane: [Pane] = {
        let error = ErrorPaneState(error: ExitError(errorCode: .internal("X"), errorMessage: "x", displayMessage: nil), next: .institutionSelect)
        let identity: [IdentityStep] = [.acceptTOS, .verifySMS(codeSent: false), .verifySMS(codeSent: true), .kycCheck,
                                        .documentaryVerification, .selfieCheck, .riskCheck, .screening]
        let notices: [InstitutionNotice] = [.degraded, .down, .followed(.degraded), .followed(.down), .unsupported, .filtered]
        var panes: [Pane] = [.consent, .submitPhone, .verifyPhone, .selectSavedInstitution, .selectSavedAccount, .matchedVerifyMethod,
                             .dataTypes, .dataConsent, .recaptcha, .layerWaiting(ready: false), .layerWaiting(ready: true),
                             .profileDataReview, .identityMatchBlock, .uploadDocuments, .documentsSubmitted(.checking),
                             .documentsSubmitted(.accepted), .documentsSubmitted(.refused), .selectBrand("ins_brand"),
                             .selectAuthType, .selectInstitution, .oauth(.notice), .oauth(.signIn), .oauth(.redirected),
                             .credential, .loading(from: .credential), .mfa, .selectAccount, .numbers(.routing), .numbers(.account),
                             .microdepositAuthorized(instant: true), .microdepositAuthorized(instant: false),
                             .microdepositVerification, .sameDayVerification, .numbersSelectInstitution, .connected, .error(error)]
        panes += identity.map(Pane.identity) + notices.map(Pane.institutionNotice)
        return panes + [.finished] + panes.map { .exitConfirmation(returnTo: $0) }
    }()

    /// The number of `pane`'s case (a new case does not compile here: give it the next number,
    /// and ``everyPane`` a value of it).
    static func caseNumber(of pane: Pane) -> Int {
        switch pane {
        case .consent: 0
        case .submitPhone: 1
        case .verifyPhone: 2
        case .selectSavedInstitution: 3
        case .selectSavedAccount: 4
        case .matchedVerifyMethod: 5
        case .identity: 6
        case .dataTypes: 7
        case .dataConsent: 8
        case .recaptcha: 9
        case .layerWaiting: 10
        case .profileDataReview: 11
        case .identityMatchBlock: 12
        case .uploadDocuments: 13
        case .documentsSubmitted: 14
        case .selectBrand: 15
        case .selectAuthType: 16
        case .selectInstitution: 17
        case .institutionNotice: 18
        case .oauth: 19
        case .credential: 20
        case .loading: 21
        case .mfa: 22
        case .selectAccount: 23
        case .numbers: 24
        case .microdepositAuthorized: 25
        case .microdepositVerification: 26
        case .sameDayVerification: 27
        case .numbersSelectInstitution: 28
        case .connected: 29
        case .error: 30
        case .exitConfirmation: 31
        case .finished: 32
        }
    }

    @Test("the list of panes holds every case of the engine's Pane")
    func everyCaseListed() {
        #expect(Set(Self.everyPane.map(Self.caseNumber)) == Set(0...32))
    }

    @Test("each engine pane is shown by a view the registry holds, exactly one of that type")
    func oneViewPerPane() {
        let registry = PlaidPaneRegistry()
        for pane in Self.everyPane {
            let type = PlaidPaneRegistry.viewType(for: pane)
            let holding = registry.views.filter { Swift.type(of: $0 as Any) == type }
            #expect(holding.count == 1, "\(pane): \(type) is held \(holding.count) times")
        }
        #expect(Set(registry.views.map { "\(Swift.type(of: $0 as Any))" }).count == registry.views.count)
    }

    /// Every case of Mesh's engine's `MeshPane`, with its associated values (``meshCaseNumber(of:)``).
    static let everyMeshPane: [MeshPane] = {
        let panes: [MeshPane] = [.catalog, .credentials, .oauth, .mfa, .accounts, .connected, .asset, .network, .amount, .preview,
                                 .transferMFA, .transferSuccess, .transferError("declined"), .loading(from: .credentials)]
        return panes + [.finished] + panes.map { .exitConfirmation(returnTo: $0) }
    }()

    static func meshCaseNumber(of pane: MeshPane) -> Int {
        switch pane {
        case .catalog: 0
        case .credentials: 1
        case .oauth: 2
        case .loading: 3
        case .mfa: 4
        case .accounts: 5
        case .connected: 6
        case .asset: 7
        case .network: 8
        case .amount: 9
        case .preview: 10
        case .transferMFA: 11
        case .transferSuccess: 12
        case .transferError: 13
        case .exitConfirmation: 14
        case .finished: 15
        }
    }

    @Test("each Mesh engine pane is shown by a view the Mesh flavor holds, exactly one of that type")
    func oneMeshViewPerPane() throws {
        #expect(Set(Self.everyMeshPane.map(Self.meshCaseNumber)) == Set(0...15))
        let flavor = MeshFlavor(driver: MeshDriver(configuration: MeshConfiguration(), clock: ManualClock()),
                                styles: ThemeStyles(theme: try ThemeLoader.load("default")))
        for pane in Self.everyMeshPane {
            let type = MeshFlavor.viewType(for: pane)
            let holding = flavor.panes.filter { Swift.type(of: $0 as Any) == type }
            #expect(holding.count == 1, "\(pane): \(type) is held \(holding.count) times")
        }
        #expect(Set(flavor.panes.map { "\(Swift.type(of: $0 as Any))" }).count == flavor.panes.count)
    }

    /// Keys the app handles before a pane sees them (its key maps may name them).
    static let appKeys: Set<Key> = [.ctrl("x"), .ctrl("c"), .function(1), .function(2), .function(3)]

    /// On the pane the harness is on: each key a binding names does something there (sent to a
    /// copy of the pane's view, so the walk goes on unchanged), and a binding that names its
    /// action sends exactly that.
    func checkBindings(_ h: AppHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        let pane = h.app.driver.engine.pane
        let context = h.app.context(for: pane)
        let keyMap = h.app.paneKeyMap
        for binding in keyMap.bindings {
            #expect(!binding.matches.isEmpty, "\(pane): the binding \(binding.keys) names no key", sourceLocation: sourceLocation)
            for key in binding.matches where !Self.appKeys.contains(key) {
                var view = h.app.panes.view(for: pane)
                let result = view.handle(key, context: context)
                #expect(result != .ignored, "\(pane): \(binding.keys) (\(key)) does nothing", sourceLocation: sourceLocation)
                if let sends = binding.sends {
                    #expect(result == .send(sends), "\(pane): \(binding.keys) sent \(result), the key map says \(sends)",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("every binding in every footer does something on its pane")
    func bindingsDoWhatTheySay() throws {
        var visited: Set<String> = []
        func check(_ h: AppHarness) {
            let engine = h.app.driver.engine
            visited.insert("\(engine.pane) \(engine.currentChallenge.map { "\($0.type)" } ?? "")")
            checkBindings(h)
        }
        func signIn(_ password: String, query: String = "first platypus") throws -> AppHarness {
            let h = try AppHarness()
            check(h)  // consent
            h.press(.enter)
            check(h)  // search
            h.type(query)
            h.press(.enter)
            check(h)  // credentials (or what the institution shows first)
            if h.app.driver.engine.pane == .credential {
                h.type("user_good")
                h.press(.tab)
                h.type(password)
                h.press(.enter)
            }
            check(h)
            return h
        }
        let good = try signIn("pass_good")  // account select
        good.press(.char("a"), .enter)
        check(good)  // connected
        for password in ["mfa_device", "mfa_questions_2_3", "mfa_selections_1_2_3", "error_INSTITUTION_DOWN"] {
            _ = try signIn(password)
        }
        let code = try signIn("mfa_device")
        code.press(.enter)
        check(code)  // the code step
        code.press(.ctrl("x"))
        check(code)  // the exit dialog
        for query in ["degraded", "unhealthy platypus bank down", "unsupported", "platypus oauth"] {
            _ = try signIn("pass_good", query: query)
        }
        let oauth = try signIn("pass_good", query: "platypus oauth")
        oauth.press(.enter)
        check(oauth)  // the bank's page
        #expect(visited.count == 16, "visited \(visited.sorted())")
    }
}
