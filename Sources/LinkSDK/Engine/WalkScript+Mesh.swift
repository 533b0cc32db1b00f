/// WalkScript+Mesh: a Mesh scenario as a guided walk sees it (see ``WalkScript``).

extension WalkScript where Engine == MeshEngine {
    /// A Mesh scenario's walk: each step means the action ``MeshScenarioRunner`` sends for it.
    public init(_ scenario: MeshScenario) {
        func expect(_ expectation: MeshExpectation) -> Expect { expectation.expectLine }
        let steps = scenario.steps.map { step in
            let action: MeshAction? = if case .action(let action) = step.command { action } else { nil }
            return Step(line: step.line, verb: step.command.verb, title: Self.title(of: step.command), isWait: action == nil,
                        expectations: step.expectations.map(expect), action: { engine in action.map { Self.asSent($0, engine: engine) } })
        }
        self.init(file: scenario.file, opening: scenario.openingExpectations.map(expect), steps: steps,
                  isTyping: { if case .setQuery = $0 { true } else { false } }, isQuit: { $0 == .quit },
                  describe: { action, _ in Self.describe(action) }, summary: \.name)
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
        case .control(let control): control.title
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
        case .control(let control): control.done
        }
    }
}
