/// WalkScript+Plaid: a Plaid scenario as a guided walk sees it (see ``WalkScript``).

extension WalkScript where Engine == LinkEngine {
    /// A Plaid scenario's walk: each step means what ``ScenarioRunner`` plays for it.
    public init(_ scenario: Scenario) {
        func expect(_ expectation: Expectation) -> Expect { expectation.expectLine }
        let steps = scenario.steps.map { step in
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
        self.init(file: scenario.file, opening: scenario.openingExpectations.map(expect), steps: steps,
                  isTyping: { if case .setQuery = $0 { true } else { false } }, isQuit: { $0 == .quit },
                  describe: { action, engine in Self.describe(action, engine: engine) }, summary: \.summary)
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
        case .control(let control): control.title
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
        case .control(let control): return control.done
        default:
            // the case's name only: its values may hold a secret
            return "did " + String(String(describing: action).prefix { $0 != "(" })
        }
    }
}
