#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MeshScenarioRecorder: writes down what a person does in a Mesh session as a Mesh scenario
/// (`--flavor mesh --save-scenario`) that `linkterm replay` and `--flavor mesh --script` play back
/// to the same records.
///
/// Nothing typed that is secret is kept: a password is written as the sandbox's (`Pass123`) when
/// it was right and as `wrong_password` when not, a one-time code as `123456` or `000000`, a
/// username as the sandbox's `Mesh` (the full portfolio) or `someone_else` (the small one).
public final class MeshScenarioRecorder: ScenarioWriter, ActionRecording {
    /// The search text a replay's engine holds after the steps written so far, and the one it
    /// will hold once the action prepared last is taken.
    private var replayQuery = ""
    private var preparedQuery: String?

    /// A recorder for a session with `configuration`: its transfer link, destination, integrations
    /// connected before, latency and seed become the scenario's `option` lines, so that a replay
    /// opens the same session and gives the same ids.
    public init(configuration: MeshConfiguration) {
        var header = ["# saved by linkterm --save-scenario: play it with linkterm replay FILE or linkterm --flavor mesh --script FILE",
                      "option flavor mesh"]
        if let destination = configuration.destination, let network = MeshSandbox.network(destination.networkId),
           let symbol = ScenarioLines.oneWord(destination.symbol) {
            header.append("option destination \(symbol) \(network.name)")
        } else if configuration.isTransferLink {
            header.append("option transfer")
        }
        var connected: [String] = []
        for brokerType in configuration.connectedIntegrations where !connected.contains(brokerType) {
            // only the catalog's integrations reconnect (the engine finds no other to choose)
            if MeshSandbox.integration(brokerType)?.brokerType == brokerType { connected.append(brokerType) }
        }
        header += connected.map { "option connected " + $0 }
        header.append("option latency \(configuration.latencyMillis)")
        header.append("option seed \(configuration.seed)")
        super.init(header: header)
    }

    /// Watches the actions of `driver`.
    public func attach(to driver: MeshDriver) {
        driver.actionRecorder = self
    }

    public func prepare(_ action: MeshAction, engine: MeshEngine, at time: Timestamp) {
        lines.pending = []
        preparedQuery = nil
        lines.preparedAt = time
        if case .control(.quit) = action { lines.waitBeforeQuit(at: time) }
        if case .selectIntegration = action, engine.pane == .catalog, engine.query != replayQuery {
            // the search as it stands when it counts: the choice reports whether there was one
            lines.pending.append(Self.searchStep(engine.query))
            preparedQuery = engine.query
        }
        if let step = step(for: action, engine: engine) { lines.pending.append(step) }
    }

    public func commit() {
        lines.takePending()
        if let preparedQuery { replayQuery = preparedQuery }
        preparedQuery = nil
        lines.lastStepAt = lines.preparedAt
    }

    public func discard() {
        lines.pending = []
        preparedQuery = nil
    }

    /// The step that means `action` on `engine`'s pane, secrets replaced; `nil` for typing a
    /// search (no record shows it: the search is written before the choice it goes with).
    func step(for action: MeshAction, engine: MeshEngine) -> String? {
        switch action {
        case .primary:
            switch engine.pane {
            case .preview: return "execute"
            case .connected where !engine.configuration.isTransferLink: return "done"
            case .transferSuccess, .transferError: return "done"
            case .exitConfirmation: return "confirm"
            default: return "continue"
            }
        case .setQuery: return nil
        case .selectIntegration(let name):
            return "integration " + (MeshSandbox.integration(name)?.brokerType ?? ScenarioLines.oneLine(name) ?? "none")
        case .submitCredentials(let username, let password):
            let user = username == MeshSandbox.fullPortfolioUsername ? username : "someone_else"
            return "credentials \(user) " + (password.matches(MeshSandbox.password) ? MeshSandbox.password : "wrong_password")
        case .oauth(let approve): return approve ? "oauth approve" : "oauth cancel"
        case .submitCode(let code): return "mfa " + (code.matches(MeshSandbox.otp) ? MeshSandbox.otp : "000000")
        case .selectAccounts(let indices): return "accounts " + Set(indices).sorted().map(String.init).joined(separator: " ")
        case .linkAnother: return "link-another"
        case .selectAsset(let symbol):
            let held = engine.eligibleAssets.first { $0.symbol.lowercased() == symbol.lowercased() }?.symbol
            return "asset " + (held ?? ScenarioLines.oneWord(symbol) ?? "none")
        case .selectNetwork(let idOrName):
            return "network " + (MeshSandbox.network(idOrName)?.name ?? ScenarioLines.oneWord(idOrName) ?? "none")
        case .enterAmount(let value): return "amount " + Self.amount(value)
        case .control(let control): return control.verb
        }
    }

    /// The `search` step that leaves a replay's engine with `query`, or one with the same effect:
    /// only whether there is a search shows in the records (`userSearched`), and a search a
    /// choice was made in lists that choice (so it holds no `#` or quote, which a line would not keep).
    static func searchStep(_ query: String) -> String {
        if query.isEmpty { return #"search """# }
        let kept = ScenarioLines.oneLine(String(query.filter { $0 != "#" && $0 != "\"" }))
        return kept.map { "search " + $0 } ?? #"search " ""#
    }

    /// `value` as a scenario's amount: as a person writes it when that reads back the same, else
    /// Swift's shortest text that does.
    static func amount(_ value: Double) -> String {
        let written = MeshEngine.format(value)
        return Double(written) == value ? written : "\(value)"
    }
}
