/// ScenarioRunner: plays a ``Scenario`` against a session with a manual clock (the headless driver).
///
/// Before each step (but `wait` and `quit`) it lets pending timers pass, as a person waits for
/// LOADING; `search` also lets its debounce pass; a step followed by `expect` lines is let settle
/// before they are checked against the records emitted since the step began. A step that does not fit the pane the session
/// is on stops the run with a ``ScenarioError`` naming the line.
public struct ScenarioRunner {
    /// The scenario to play.
    public let scenario: Scenario

    /// The search index of the session's directory, built the first time a `select` needs it.
    private let index = LazyIndex()

    /// Creates a runner.
    public init(scenario: Scenario) { self.scenario = scenario }

    /// Plays every step on `driver` (already created, not yet started), which delivers the records
    /// to its callbacks and observers. Throws at the first step that does not fit, the first unmet
    /// expectation, or when the scenario ends before the session does (``ScenarioReplay``).
    public func run(on driver: SessionDriver) throws(ScenarioError) {
        let replay = ScenarioReplay<LinkEngine>(
            file: scenario.file, opening: scenario.openingExpectations.map(\.expectLine),
            steps: scenario.steps.map { step in
                ScenarioReplay.Step(line: step.line, verb: step.command.verb, expectations: step.expectations.map(\.expectLine),
                                    settlesFirst: Self.settlesFirst(step.command),
                                    play: { (driver) throws(ActionRejected) in try perform(step, on: driver) })
            },
            summary: \.summary, paneName: { $0.pane.viewName?.description ?? "?" },
            endings: "exit and confirm, quit, or by finishing the flow")
        let file = scenario.file
        try replay.run(on: driver) { (engine) throws(ScenarioError) in
            do throws(ConfigurationError) {
                try engine.configuration.validate()
            } catch {
                throw ScenarioError(file: file, line: nil, message: error.description, isMalformed: true)
            }
        }
    }

    /// Builds the search index once, when first asked.
    final class LazyIndex {
        private var built: InstitutionSearch?

        func index(of directory: InstitutionDirectory) -> InstitutionSearch {
            if let built { return built }
            let index = InstitutionSearch(directory: directory)
            built = index
            return index
        }
    }

    /// Whether timers pass before `command`, as a person waits for LOADING (not before `wait` or `quit`).
    static func settlesFirst(_ command: ScenarioCommand) -> Bool {
        switch command {
        case .wait, .control(.quit): false
        default: true
        }
    }

    /// Plays one step: lets pending timers pass first (see ``settlesFirst(_:)``), as ``run(on:)`` does.
    public func play(_ step: ScenarioStep, on driver: SessionDriver) throws(ScenarioError) {
        if Self.settlesFirst(step.command) { driver.settle() }
        if driver.engine.isFinished {
            throw failure(step, "the session has already ended")
        }
        do {
            try perform(step, on: driver)
        } catch {
            throw failure(step, error.reason)
        }
    }

    /// Sends what `step` means on the pane the session is on (its timers already let pass).
    func perform(_ step: ScenarioStep, on driver: FlowDriver<LinkEngine>) throws(ActionRejected) {
        switch step.command {
        case .wait(let millis):
            driver.wait(millis: millis)
        case .search(let text):
            try driver.send(.setQuery(text))
            driver.settle()
        case .select(let id):
            // not listed: a person searches for it first (its id ranks it first), as the autopilot does
            let engine = driver.engine
            if engine.pane == .selectInstitution, engine.configuration.directory[id] != nil,
               !index.index(of: engine.configuration.directory).lists(id, query: engine.query) {
                try driver.send(.setQuery(id))
            }
            try driver.send(.selectInstitution(id: id))
        case .numbers(_, let account, let type):
            // two fields, two submissions: the routing number, then the account number (unless
            // the routing number's bank is offered instead, NUMBERS_SELECT_INSTITUTION; on the
            // account number already, only that)
            let onAccount = driver.engine.pane == .numbers(.account)
            try driver.send(try action(for: step.command, engine: driver.engine))
            if !onAccount && driver.engine.pane == .numbers(.account) { try driver.send(.submitAccountNumber(account, type)) }
        default:
            try driver.send(try action(for: step.command, engine: driver.engine))
        }
    }

    private func failure(_ step: ScenarioStep, _ reason: String) -> ScenarioError {
        ScenarioError(file: scenario.file, line: step.line, message: "\(step.command.verb): \(reason)", isMalformed: false)
    }

    /// The engine action a command means on the pane the session is on.
    func action(for command: ScenarioCommand, engine: LinkEngine) throws(ActionRejected) -> UserAction {
        try Self.action(for: command, engine: engine)
    }

    /// The engine action a command means on the pane the session is on (`wait` means none:
    /// the caller lets time pass), for replay and the autopilot alike. Typed secrets are copies.
    public static func action(for command: ScenarioCommand, engine: LinkEngine) throws(ActionRejected) -> UserAction {
        switch command {
        case .continue: return .primary
        case .search(let text): return .setQuery(text)
        case .select(let id): return .selectInstitution(id: id)
        case .credentials(let username, let password):
            // a copy: the engine wipes what it is given, and a scenario may be played again
            return .submitCredentials(username: username, password: password.copy())
        case .mfa(let answers): return .submitMFA(try mfaResponse(answers, engine: engine))
        case .accounts(let indices): return .submitAccounts(indices)
        case .allAccounts: return .submitAccounts(Array(engine.accounts.indices))
        case .oauth(let result): return .oauth(result)
        case .auth(let choice): return .chooseAuthType(choice)
        case .numbers(let routing, let account, let type):
            // the routing number (the account number follows), or on the account number, that
            return engine.pane == .numbers(.account) ? .submitAccountNumber(account, type) : .submitRoutingNumber(routing)
        case .code(let code): return .submitDepositCode(code.copy())
        case .phone(let number): return .submitPhone(number)
        case .otp(let code): return .submitOTP(code.copy())
        case .skip: return .skipPhone
        case .connectNew: return .connectNewInstitution
        case .verify(let method): return .chooseVerifyMethod(method)
        case .kyc(let details): return .submitIdentity(details.copy())
        case .document(let document): return .submitDocument(document)
        case .dataTypes: return .viewDataTypes
        case .myPlaid: return .openMyPlaid
        case .follow: return .followIssue
        case .captcha(let word): return .submitCaptcha(word)
        case .brand(let name): return .selectBrand(name)
        case .documents(let names): return .submitDocuments(names)
        case .layer(let phone, let dateOfBirth): return .submitLayerData(phone: phone, dateOfBirth: dateOfBirth)
        case .redirect(let url): return .redirect(url ?? engine.redirectURL ?? "")
        case .control(let control): return .control(control)
        case .wait: return .primary  // handled by play(_:on:)
        }
    }

    /// The response `answers` mean on the MFA step the session is on.
    static func mfaResponse(_ answers: [Secret], engine: LinkEngine) throws(ActionRejected) -> MFAResponse {
        guard engine.pane == .mfa, let challenge = engine.currentChallenge else {
            throw ActionRejected("an MFA answer does not fit the \(engine.pane.viewName?.description ?? "finished") pane")
        }
        return try challenge.response(to: answers)
    }
}
