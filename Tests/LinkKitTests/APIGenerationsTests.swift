import Foundation
import Testing
@testable import LinkKit

private let sandboxToken = "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"

/// The seeds' model for `submit(data:)`.
private struct PlaidSubmitData: SubmissionData {
    var phoneNumber: String?
    var dateOfBirth: String?
}

/// A presentation during which the app submits its data (the Layer host pane's side), then the
/// person opens and shares.
private struct SubmittingPresentation: LinkPresentation {
    let session: PlaidLinkSession
    let clock = ManualClock()

    func makeClock() -> any SessionClock { clock }

    func present(_ driver: SessionDriver) {
        driver.start()
        session.submit(data: PlaidSubmitData(phoneNumber: "415-555-0010"))
        driver.tick()
        try? driver.send(.primary)
        try? driver.send(.primary)
    }
}

/// A v1 delegate that writes down what it hears.
private final class RecordingDelegate: PLKPlaidLinkViewDelegate {
    var heard: [String] = []
    var successMetadata: [String: Any]?
    var exitMetadata: [String: Any]?
    var exitError: (any Error)?

    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String,
                            metadata: [String: Any]?) {
        heard.append("didSucceed")
        successMetadata = metadata
    }

    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?,
                            metadata: [String: Any]?) {
        heard.append("didExit")
        exitError = error
        exitMetadata = metadata
    }

    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didHandleEvent event: String,
                            metadata: [String: Any]?) {
        heard.append(event)
        #expect(metadata?[kPLKMetadataLinkSessionIdKey] is String)
        #expect(metadata?.count == 12, "every v1 event key, null where absent")
    }
}

@Suite("The SDK's generations: Layer, Headless, submit(data:), v1's delegate, the callback types")
struct APIGenerationsTests {
    @Test("Layer (LinkKit 7): submit(data:) gives LAYER_READY; open from inside onEvent shows Layer once submit returns")
    func layerSession() throws {
        var events: [String] = []
        var succeeded = false
        var layerSession: PlaidLayerSession?
        let configuration = LayerTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in succeeded = true }, onExit: { _ in Issue.record("onExit") },
            onEvent: { event in
                events.append(event.eventName.description)
                if event.eventName == .layerReady {
                    layerSession?.open(using: ScriptedPresentation(actions: [.primary]))
                }
            })
        layerSession = try Plaid.createPlaidLayerSession(configuration: configuration)
        layerSession?.submit(data: PlaidSubmitData(phoneNumber: "14155550099", dateOfBirth: nil))
        #expect(events == ["LAYER_NOT_AVAILABLE"] && layerSession?.submissionProblem == nil)
        layerSession?.submit(data: PlaidSubmitData(phoneNumber: "not a phone"))
        #expect(layerSession?.submissionProblem?.contains("10 digits") == true && events.count == 1)
        layerSession?.submit(data: PlaidSubmitData(phoneNumber: "14155550010", dateOfBirth: "2010-05-01"))
        #expect(events.prefix(5) == ["LAYER_NOT_AVAILABLE", "LAYER_AUTOFILL_NOT_AVAILABLE", "LAYER_READY", "OPEN", "HANDOFF"])
        #expect(succeeded)
    }

    @Test("submit(data:) on a session already shown goes to that session (its next tick), not to a second one")
    func submitWhileShown() throws {
        var events: [String] = []
        var configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in },
                                                   onEvent: { events.append($0.eventName.description) })
        configuration.options.products = [.layer]
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        session.open(using: SubmittingPresentation(session: session))
        #expect(events == ["LAYER_READY", "OPEN", "HANDOFF"])
    }

    @Test("Handler.submit(_:) (LinkKit 6) reaches the same Layer flow")
    func handlerSubmit() throws {
        var events: [String] = []
        var configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in },
                                                   onEvent: { events.append($0.eventName.description) })
        configuration.options.products = [.layer]
        let handler = try Plaid.create(configuration).get()
        handler.submit(PlaidSubmitData(phoneNumber: "415-555-0010"))
        #expect(events == ["LAYER_READY"])
    }

    @Test("Headless: start() runs the standard path to onSuccess with no screen; a path that stops short ends in onExit")
    func headless() throws {
        var calls: [String] = []
        let configuration = LinkTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in calls.append("onSuccess") }, onExit: { _ in calls.append("onExit") },
            onEvent: { calls.append($0.eventName.description) }, onLoad: { calls.append("onLoad") })
        let session = try Plaid.createHeadlessSession(configuration: configuration)
        session.start()
        session.start()
        let ran = calls.filter { $0 != "onLoad" }  // onLoad comes on the main queue, whenever it runs
        #expect(ran.first == "OPEN" && ran.suffix(2) == ["onSuccess", "HANDOFF"] && session.problem == nil, "\(calls)")

        var ended: [String] = []
        let short = try Plaid.createHeadlessSession(configuration: LinkTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in ended.append("onSuccess") }, onExit: { _ in ended.append("onExit") }))
        short.path = try Scenario(text: "continue\nselect ins_nope\n", file: "short")
        short.start()
        #expect(ended == ["onExit"] && short.problem != nil)
    }

    @Test("Headless: the seed's onLoad { headlessSession?.start() } finds the session assigned and runs it")
    @MainActor
    func headlessOnLoad() async throws {
        var headlessSession: PlaidHeadlessSession?
        var sawSession: Bool?
        var succeeded = false
        let configuration = LinkTokenConfiguration(
            token: sandboxToken, onSuccess: { _ in succeeded = true },
            onLoad: {
                sawSession = headlessSession != nil
                headlessSession?.start()
            })
        headlessSession = try Plaid.createHeadlessSession(configuration: configuration)
        // the main queue runs the onLoad it was handed between these turns of the main actor
        for _ in 0..<100_000 where sawSession == nil { await Task.yield() }
        #expect(sawSession == true && succeeded)
    }

    @Test("the callback types as the seeds type them: isUpdateMode a String, timestamp a Date; noLoadingState reaches the presentation")
    func callbackTypes() throws {
        var open: EventMetadata?
        var configuration = LinkTokenConfiguration(token: sandboxToken, onSuccess: { _ in },
                                                   onEvent: { if $0.eventName == .open { open = $0.metadata } })
        configuration.noLoadingState = true
        configuration.showGradientBackground = false
        let session = try Plaid.createPlaidLinkSession(configuration: configuration)
        let driver = session.makeDriver()
        #expect(driver.presentationOptions == PresentationOptions(noLoadingState: true, showGradientBackground: false))
        session.open(using: ScriptedPresentation(actions: [.quit]))
        let metadata = try #require(open)
        let isUpdateMode: String? = metadata.isUpdateMode
        let timestamp: Date = metadata.timestamp
        #expect(isUpdateMode == "false")
        #expect(Timestamp(timestamp) == metadata.instant)
        #expect(metadata.metadataJSON.contains(#""is_update_mode":false"#), "a JSON boolean on the wire")
    }

    @Test("the command line's token is the one the sandbox makes for its seed: the same session either way")
    func sandboxTokenOfSeed() {
        for seed: UInt64 in [0, 7, .max] {
            let made = LinkEngine(configuration: SessionConfiguration(seed: seed))
            let given = LinkEngine(configuration: SessionConfiguration(token: LinkToken.sandboxToken(seed: seed), seed: seed))
            #expect(made.token == given.token && made.linkSessionID == given.linkSessionID)
            var a = made, b = given
            let t = Timestamp(millis: 0)
            #expect(a.start(at: t) == b.start(at: t))
        }
    }

    @Test("LinkKit v1: the delegate hears each event, then success, with metadata under the kPLKMetadata keys")
    func v1Delegate() throws {
        let delegate = RecordingDelegate()
        let configuration = PLKConfiguration(linkToken: sandboxToken)
        configuration.selectAccount = true
        let controller = PLKPlaidLinkViewController(linkToken: sandboxToken, configuration: configuration, delegate: delegate)
        controller.open(using: ScriptedPresentation(actions: [
            .primary, .selectInstitution(id: "ins_109508"), .submitCredentials(username: "user_good", password: Secret("pass_good")),
            .submitAccounts([0]), .primary,
        ]))
        #expect(delegate.heard.first == "OPEN" && delegate.heard.suffix(2) == ["didSucceed", "HANDOFF"], "\(delegate.heard)")
        let metadata = try #require(delegate.successMetadata)
        let institution = try #require(metadata[kPLKMetadataInstitutionKey] as? [String: Any])
        #expect(institution[kPLKMetadataNameKey] as? String == "First Platypus Bank")
        #expect(institution[kPLKMetadataInstitutionTypeKey] as? String == "ins_109508")
        let account = try #require(metadata[kPLKMetadataAccountKey] as? [String: Any], "selectAccount: one account, also alone")
        #expect(account[kPLKMetadataMaskKey] as? String == "0000" && account[kPLKMetadataSubtypeKey] as? String == "checking")
        #expect((metadata[kPLKMetadataAccountsKey] as? [Any])?.count == 1)
    }

    @Test("LinkKit v1: leaving gives didExitWithError with the status; statuses are the wire's; a short nonce is refused")
    func v1Exit() throws {
        let delegate = RecordingDelegate()
        PLKPlaidLinkViewController(linkToken: sandboxToken, configuration: PLKConfiguration(linkToken: sandboxToken), delegate: delegate)
            .open(using: ScriptedPresentation(actions: [.primary, .quit]))
        #expect(delegate.heard.last == "didExit" && delegate.exitError == nil)
        #expect(delegate.exitMetadata?[kPLKMetadataStatusKey] as? String == kPLKStatusInstitutionNotFound, "left the search with nothing found")
        #expect(delegate.exitMetadata?[kPLKMetadataInstitutionKey] is NSNull)
        for (constant, status) in [(kPLKStatusConnected, "connected"), (kPLKStatusRequiresQuestions, "requires_questions"),
                                   (kPLKStatusRequiresSelections, "requires_selections"), (kPLKStatusRequiresCode, "requires_code"),
                                   (kPLKStatusChooseDevice, "choose_device"), (kPLKStatusRequiresRecaptcha, "requires_recaptcha"),
                                   (kPLKStatusRequiresCredentials, "requires_credentials"),
                                   (kPLKStatusInstitutionNotFound, "institution_not_found")] {
            #expect(constant == status && ExitStatus(wireString: constant).description == status)
        }

        let refused = RecordingDelegate()
        let configuration = PLKConfiguration(linkToken: sandboxToken)
        configuration.oauthNonce = "short"
        let controller = PLKPlaidLinkViewController(linkToken: sandboxToken, configuration: configuration, delegate: refused)
        controller.open(using: ScriptedPresentation(actions: []))
        #expect(refused.heard == ["didExit"] && controller.problem?.contains("16 characters") == true)
    }

    @Test("PLKOAuthStateIdFromURL reads oauth_state_id; a public_key is told to migrate")
    func v1Helpers() {
        #expect(PLKOAuthStateIdFromURL(url: "https://app.example.com/oauth?oauth_state_id=9d5feadd-a873-43eb-97ba-422f35ce849b")
                == "9d5feadd-a873-43eb-97ba-422f35ce849b")
        #expect(PLKOAuthStateIdFromURL(url: "https://app.example.com/oauth?state=1") == nil)
        #expect(PLKOAuthStateIdFromURL(url: "https://app.example.com/oauth?oauth_state_id=") == nil)
        let problem = LinkToken.problem(with: "0123456789abcdef0123456789abcd")
        #expect(problem == .publicKey && problem?.description.contains("link-token-migration-guide") == true)
    }
}
