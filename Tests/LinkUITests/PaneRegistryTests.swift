import Testing
@testable import LinkKit
@testable import LinkUI

@Suite("Pane views: one per engine pane, and key maps that do what they say")
struct PaneRegistryTests {
    /// Every case of the engine's `Pane`, each associated value at least once.
    static let everyPane: [Pane] = {
        let error = ErrorPaneState(error: ExitError(errorCode: .internal("X"), errorMessage: "x", displayMessage: nil), next: .institutionSelect)
        let simple: [Pane] = [.consent, .selectInstitution, .institutionNotice(.degraded), .institutionNotice(.down),
                              .institutionNotice(.unsupported), .oauth(.notice), .oauth(.signIn), .credential,
                              .loading(from: .credential), .mfa, .selectAccount, .connected, .error(error), .finished]
        return simple + simple.filter { $0 != .finished }.map { .exitConfirmation(returnTo: $0) }
    }()

    @Test("each engine pane is shown by exactly one view")
    func oneViewPerPane() {
        let registry = PaneRegistry()
        for pane in Self.everyPane {
            let showing = registry.views.filter { type(of: $0).shows(pane) }
            #expect(showing.count == 1, "\(pane) is shown by \(showing.count) views")
        }
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
