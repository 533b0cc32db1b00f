/// PlaidHeadlessSession: Link with no screen (LinkKit 7's Headless Link). ``start()`` runs the
/// session at once on a manual clock along ``path`` (by default the sandbox's plain sign-in:
/// consent, First Platypus Bank, `user_good` / `pass_good`, every account) and the callbacks fire
/// as it goes. Retain it until the session ends.
public final class PlaidHeadlessSession {
    private let session: PlaidLinkSession
    /// The steps the session takes: a scenario of `linkterm replay`'s language (its `expect`
    /// lines are checked too).
    public var path: Scenario = PlaidHeadlessSession.standardPath
    /// Why the session stopped short of its end, if it did (a step that did not fit, an unmet
    /// `expect`); the session then ends as the person would leave it (onExit).
    public private(set) var problem: ScenarioError?
    private var started = false

    init(session: PlaidLinkSession) { self.session = session }

    /// The sandbox's plain sign-in, to the end.
    public static let standardPath: Scenario = {
        let text = """
            continue
            search first platypus
            select ins_109508
            credentials user_good pass_good
            accounts all
            continue
            """
        do {
            return try Scenario(text: text, file: "the standard headless path")
        } catch {
            preconditionFailure("the standard headless path does not parse: \(error)")  // fixed text; a test plays it
        }
    }()

    /// Runs the session along ``path`` to its end (once; later calls do nothing).
    public func start() {
        guard !started else { return }
        started = true
        session.open(using: HeadlessPresentation(path: path) { [weak self] in self?.problem = $0 })
    }
}

/// HeadlessPresentation: plays a scenario on a manual clock; a session the scenario leaves
/// unfinished is quit.
struct HeadlessPresentation: LinkPresentation {
    let path: Scenario
    let failed: (ScenarioError) -> Void

    func makeClock() -> any SessionClock { ManualClock() }

    func present(_ driver: SessionDriver) {
        do {
            try ScenarioRunner(scenario: path).run(on: driver)
        } catch {
            failed(error)
        }
        if !driver.engine.isFinished {
            driver.start()
            try? driver.send(.quit)
        }
    }
}

extension Plaid {
    /// Creates a headless session. Its onLoad comes on the main queue once this call has returned
    /// (run the main queue, `dispatchMain()`, as an app's run loop does), so the documented
    /// `onLoad: { headlessSession?.start() }` finds the session assigned (or at ``PlaidHeadlessSession/start()``
    /// if that comes first).
    public static func createHeadlessSession(configuration: LinkTokenConfiguration) throws(ConfigurationError)
        -> PlaidHeadlessSession
    {
        PlaidHeadlessSession(session: try createPlaidLinkSession(configuration: configuration))
    }
}
