/// WalkScript: a scenario of either flavor as a guided walk (and a JUnit report) sees it: its
/// steps in a person's words, each step's expectations, and, for a step, the action it means on
/// the pane the session is on (the same mapping replay plays). Built once from a ``Scenario``
/// or a ``MeshScenario``; ``ScenarioWalk`` and ``WalkOutline`` read nothing else of a flavor.
///
/// A step's title gives the scenario's own values, so that a tester knows what to type ("Sign in
/// as user_good with mfa_device", "Answer the MFA: 1234"): the sandbox's values written in the
/// file, not secrets. What the tester types is never quoted: an off-script action is described
/// without its password, answers or codes. Every text from the file is shown escaped
/// (``UntrustedText``), as a terminal must not act on it.
public struct WalkScript<Engine: FlowEngine> where Engine.Action: Equatable {
    /// An `expect` line: its text as written and how a record meets it.
    public typealias Expect = ExpectLine<Engine.Record>

    /// A step.
    public struct Step {
        /// The 1-based line.
        public var line: Int
        /// The step's first word.
        public var verb: String
        /// What the step asks, in a person's words ("Search for first platypus").
        public var title: String
        /// Whether the step only lets time pass (a person waits: it is done when reached).
        public var isWait: Bool
        /// The step's `expect` lines.
        public var expectations: [Expect]
        /// The action the step means on `engine`'s pane (nil: none fits).
        public var action: (Engine) -> Engine.Action?
        /// Whether the step is complete after its action (false: the same step takes another
        /// action, as `numbers` submits the routing number, then the account number).
        public var isComplete: (Engine) -> Bool = { _ in true }
    }

    /// The scenario's file, as given.
    public var file: String
    /// The `expect` lines before the first step.
    public var opening: [Expect]
    /// The steps.
    public var steps: [Step]
    /// Whether an action is typing in progress (a search query), never off script.
    public var isTyping: (Engine.Action) -> Bool
    /// Whether an action ends the session as Ctrl-C does: the tester stopping, not off script.
    public var isQuit: (Engine.Action) -> Bool
    /// What a person did, in words (never a secret's value).
    public var describe: (Engine.Action, Engine) -> String
    /// A record in one line, for the closest record of an unmet expectation.
    public var summary: (Engine.Record) -> String

    /// The steps as a report lists them: the session's opening (when it has `expect` lines), then each step.
    public var outline: [WalkOutline.Entry] {
        var entries: [WalkOutline.Entry] = []
        if let first = opening.first {
            entries.append(.init(line: first.line, title: "Open the session", expectations: opening.map(\.text)))
        }
        for step in steps {
            entries.append(.init(line: step.line, title: step.title, expectations: step.expectations.map(\.text)))
        }
        return entries
    }
}

/// WalkOutline: the entries of a scenario's report (one per step, the opening first when it has
/// expectations), and which one a replay's error falls on.
public enum WalkOutline {
    /// One entry: a step, or the session's opening.
    public struct Entry: Hashable, Sendable, Codable {
        /// The 1-based line (the opening's: its first `expect` line).
        public var line: Int
        /// The step in a person's words.
        public var title: String
        /// Its `expect` lines as written.
        public var expectations: [String]
    }

    /// The index of the entry a message about `line` belongs to: the last entry starting at or
    /// before it (an `expect` line belongs to the step above it); nil for no line.
    public static func entry(of line: Int?, in entries: [Entry]) -> Int? {
        guard let line, !entries.isEmpty else { return nil }
        return entries.lastIndex { $0.line <= line } ?? 0
    }
}

extension WalkScript where Engine == LinkEngine {
    /// A Plaid scenario's walk: each step means what ``ScenarioRunner`` plays for it.
    public init(_ scenario: Scenario) {
        func expect(_ expectation: Expectation) -> Expect { expectation.expectLine }
        file = scenario.file
        opening = scenario.openingExpectations.map(expect)
        steps = scenario.steps.map { step in
            var walkStep = Step(
                line: step.line, verb: step.command.verb, title: Self.title(of: step.command), isWait: step.command.isWait,
                expectations: step.expectations.map(expect),
                action: { engine in
                    step.command.isWait ? nil : try? ScenarioRunner.action(for: step.command, engine: engine)
                })
            if case .numbers = step.command {
                // the routing number, then the account number: done when the account number is in
                walkStep.isComplete = { $0.pane != .numbers(.account) }
            }
            return walkStep
        }
        isTyping = { if case .setQuery = $0 { true } else { false } }
        isQuit = { $0 == .quit }
        describe = { action, engine in Self.describe(action, engine: engine) }
        summary = \.summary
    }

    /// A Plaid step in a person's words (no secret's value).
    static func title(of command: ScenarioCommand) -> String {
        switch command {
        case .continue: "Continue (the pane's main button)"
        case .search(let text): "Search for \(shown(text))"
        case .select(let id): "Choose \(InstitutionDirectory.sandbox[id].map { "\($0.name) (\(id))" } ?? shown(id))"
        case .credentials(let username, let password): "Sign in as \(shown(username)) with \(shown(password))"
        case .mfa(let answers): "Answer the MFA: \(answers.map(shown).joined(separator: " | "))"
        case .accounts(let indices): "Choose account\(indices.count == 1 ? "" : "s") \(indices.map(String.init).joined(separator: ", "))"
        case .allAccounts: "Choose every account"
        case .oauth(let result): "OAuth: \(result.rawValue)"
        case .auth(let choice): "Choose \(choice.rawValue) verification"
        case .numbers(let routing, _, let type): "Enter routing number \(routing) and the \(type.rawValue) account number"
        case .code(let code): "Enter the deposit's code \(shown(code))"
        case .phone(let number): "Enter the phone \(shown(number))"
        case .otp(let code): "Enter the code sent to the phone: \(shown(code))"
        case .skip: "Continue without a phone"
        case .connectNew: "Connect a new institution"
        case .verify(let method): "Verify by \(method.rawValue)"
        case .kyc(let details): "Fill in the identity of \(shown(details.firstName)) \(shown(details.lastName))"
        case .document(let document): "Offer the document: \(document.rawValue)"
        case .dataTypes: "View data types"
        case .myPlaid: "Open my.plaid.com"
        case .follow: "Follow the institution (Notify me)"
        case .captcha(let word): "Solve the captcha: \(shown(word))"
        case .brand(let name): "Choose the brand \(shown(name))"
        case .documents(let names): "Send the documents \(names.map(shown).joined(separator: ", "))"
        case .layer(let phone, _): "The app submits the phone \(shown(phone))"
        case .redirect: "The app hands the redirect back"
        case .back: "Go back (Esc)"
        case .exit: "Ask to exit"
        case .confirm: "Confirm the exit"
        case .stay: "Stay (cancel the exit)"
        case .quit: "Quit (Ctrl-C)"
        case .wait(let millis): "Wait \(millis) ms"
        }
    }

    /// What a person did on a Plaid session, in words (no secret's value).
    static func describe(_ action: UserAction, engine: LinkEngine) -> String {
        switch action {
        case .primary: return "pressed the main button"
        case .setQuery(let text): return "searched for \(UntrustedText.visible(text, limit: 40, quoting: false))"
        case .selectInstitution(let id):
            let name = engine.configuration.directory[id]?.name
            return "chose \(name.map { "\($0) (\(id))" } ?? id)"
        case .submitCredentials(let username, _): return "signed in as \(UntrustedText.visible(username, limit: 40, quoting: false))"
        case .submitMFA: return "answered the MFA"
        case .submitAccounts(let indices): return "chose accounts \(indices.map(String.init).joined(separator: ", "))"
        case .oauth(let result): return "OAuth: \(result.rawValue)"
        case .back: return "went back"
        case .requestExit: return "asked to exit"
        case .confirmExit: return "confirmed the exit"
        case .cancelExit: return "stayed"
        case .quit: return "quit"
        default:
            // the case's name only: its values may hold a secret
            return "did " + String(String(describing: action).prefix { $0 != "(" })
        }
    }
}

extension WalkScript where Engine == MeshEngine {
    /// A Mesh scenario's walk: each step means the action ``MeshScenarioRunner`` sends for it.
    public init(_ scenario: MeshScenario) {
        func expect(_ expectation: MeshExpectation) -> Expect { expectation.expectLine }
        file = scenario.file
        opening = scenario.openingExpectations.map(expect)
        steps = scenario.steps.map { step in
            let action: MeshAction? = if case .action(let action) = step.command { action } else { nil }
            return Step(line: step.line, verb: step.command.verb, title: Self.title(of: step.command), isWait: action == nil,
                        expectations: step.expectations.map(expect), action: { engine in action.map { Self.asSent($0, engine: engine) } })
        }
        isTyping = { if case .setQuery = $0 { true } else { false } }
        isQuit = { $0 == .quit }
        describe = { action, _ in Self.describe(action) }
        summary = \.name
    }

    /// A scenario's action as the UI's panes send it (an integration by its broker type, an
    /// asset by its symbol as listed, a network by its id, accounts in order), so that a tester
    /// choosing what the step names does what it says.
    public static func asSent(_ action: MeshAction, engine: MeshEngine) -> MeshAction {
        switch action {
        case .selectIntegration(let name): .selectIntegration(MeshSandbox.integration(name)?.brokerType ?? name)
        case .selectAsset(let symbol):
            .selectAsset(engine.eligibleAssets.first { $0.symbol.lowercased() == symbol.lowercased() }?.symbol ?? symbol)
        case .selectNetwork(let idOrName): .selectNetwork(MeshSandbox.network(idOrName)?.id ?? idOrName)
        case .selectAccounts(let indices): .selectAccounts(Set(indices).sorted())
        default: action
        }
    }

    /// A Mesh step in a person's words (no secret's value).
    static func title(of command: MeshScenarioCommand) -> String {
        guard case .action(let action) = command else {
            if case .wait(let millis) = command { return "Wait \(millis) ms" }
            return command.verb
        }
        return switch action {
        case .primary: "Continue (the pane's main button)"
        case .setQuery(let text): "Search for \(shown(text))"
        case .selectIntegration(let name): "Choose \(shown(name))"
        case .submitCredentials(let username, let password): "Sign in as \(shown(username)) with \(shown(password))"
        case .oauth(let approve): approve ? "Approve the OAuth" : "Cancel the OAuth"
        case .submitCode(let code): "Enter the code \(shown(code))"
        case .selectAccounts(let indices): "Choose accounts \(indices.map(String.init).joined(separator: ", "))"
        case .linkAnother: "Link another account"
        case .selectAsset(let asset): "Choose the asset \(shown(asset))"
        case .selectNetwork(let network): "Choose the network \(shown(network))"
        case .enterAmount(let amount): "Enter the amount \(MeshEngine.format(amount))"
        case .back: "Go back (Esc)"
        case .requestExit: "Ask to exit"
        case .confirmExit: "Confirm the exit"
        case .cancelExit: "Stay (cancel the exit)"
        case .quit: "Quit (Ctrl-C)"
        }
    }

    /// What a person did on a Mesh session, in words (no secret's value).
    static func describe(_ action: MeshAction) -> String {
        switch action {
        case .primary: "pressed the main button"
        case .setQuery(let text): "searched for \(UntrustedText.visible(text, limit: 40, quoting: false))"
        case .selectIntegration(let name): "chose \(UntrustedText.visible(name, limit: 40, quoting: false))"
        case .submitCredentials(let username, _): "signed in as \(UntrustedText.visible(username, limit: 40, quoting: false))"
        case .oauth(let approve): approve ? "approved the OAuth" : "cancelled the OAuth"
        case .submitCode: "entered a code"
        case .selectAccounts(let indices): "chose accounts \(indices.map(String.init).joined(separator: ", "))"
        case .linkAnother: "linked another account"
        case .selectAsset(let asset): "chose the asset \(UntrustedText.visible(asset, limit: 20, quoting: false))"
        case .selectNetwork(let network): "chose the network \(UntrustedText.visible(network, limit: 20, quoting: false))"
        case .enterAmount(let amount): "entered the amount \(MeshEngine.format(amount))"
        case .back: "went back"
        case .requestExit: "asked to exit"
        case .confirmExit: "confirmed the exit"
        case .cancelExit: "stayed"
        case .quit: "quit"
        }
    }
}

/// A scenario's text as a title shows it: escaped, at most 60 characters.
func shown(_ text: String) -> String { UntrustedText.visible(text, limit: 60, quoting: false) }

/// A value the scenario file gives for a secret field (the sandbox's password, code or answer
/// to type), as a title shows it.
func shown(_ secret: Secret) -> String {
    shown(secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
}
