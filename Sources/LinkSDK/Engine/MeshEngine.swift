/// MeshConfiguration: what a Mesh session starts from.
public struct MeshConfiguration: Hashable, Sendable {
    /// Whether the link token is a transfer link (its URL holds `transfer_token`).
    public var isTransferLink: Bool
    /// How long each simulated request takes, in milliseconds.
    public var latencyMillis: Int64
    /// Seeds every id (access tokens, preview and transaction ids).
    public var seed: UInt64
    /// The integrations the host hands tokens back for (`LinkSettings.accessTokens`), by
    /// `BrokerType`: connected before, they reconnect without signing in again.
    public var connectedIntegrations: [String]
    /// A transfer's single destination (the token names one address): the asset and the network
    /// are fixed, so their selection is skipped.
    public var destination: MeshDestination?

    /// A configuration.
    public init(isTransferLink: Bool = false, latencyMillis: Int64 = SandboxLatency.defaultMillis, seed: UInt64 = 0,
                connectedIntegrations: [String] = [], destination: MeshDestination? = nil) {
        self.destination = destination
        self.isTransferLink = isTransferLink
        self.latencyMillis = latencyMillis
        self.seed = seed
        self.connectedIntegrations = connectedIntegrations
    }
}

/// MeshDestination: one destination a transfer link names: an asset on a network.
public struct MeshDestination: Hashable, Sendable {
    /// The asset, e.g. `USDC`.
    public var symbol: String
    /// The network's id.
    public var networkId: String

    /// A destination.
    public init(symbol: String, networkId: String) {
        self.symbol = symbol
        self.networkId = networkId
    }

    /// Parses `ASSET:NETWORK` as the command line writes a destination (`USDC:Solana`): the asset
    /// upper-cased, the network one of the sandbox's (by name or id); nil otherwise.
    public static func parse(_ text: String) -> MeshDestination? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let network = MeshSandbox.network(parts[1]) else { return nil }
        return MeshDestination(symbol: parts[0].uppercased(), networkId: network.id)
    }
}

/// MeshEngine: the Mesh Connect flow (catalog, sign-in, MFA, accounts, connected, and for a
/// transfer link asset, network, amount, preview, transfer MFA, execution) against the Mesh
/// sandbox, as a value: `send(action, at:)` returns the records it emitted or throws
/// ``ActionRejected`` changing nothing; `advance(to:)` lets a request in flight answer. It never
/// reads a clock, like the Plaid engine.
public struct MeshEngine: Sendable {
    /// The session's settings.
    public let configuration: MeshConfiguration
    /// The pane the person is on.
    public internal(set) var pane: MeshPane = .catalog
    /// The catalog's search text.
    public internal(set) var query = ""
    /// The integration chosen.
    public internal(set) var integration: MeshIntegration?
    /// A message for the pane (a wrong password, a wrong code, an unavailable integration).
    public internal(set) var inlineError: String?
    /// The portfolio of the login (after sign-in).
    public internal(set) var holdings: [MeshHolding] = []
    /// The asset, network and amount chosen for a transfer.
    public internal(set) var asset: MeshHolding?
    /// The network chosen.
    public internal(set) var network: MeshNetwork?
    /// The amount entered, in the asset.
    public internal(set) var amount: Double?
    /// The preview shown (`transferPreviewed`'s payload).
    public internal(set) var preview: JSONValue?
    /// Whether the session has ended (onExit was called).
    public var isFinished: Bool { pane == .finished }

    var ids: IDGenerator
    var username = ""
    /// The integration chosen was connected before (its token handed back).
    var reconnecting = false
    var started = false
    /// The request in flight: when it answers and with what.
    var pending: (due: Timestamp, answer: Answer)?
    var records: [MeshRecord] = []

    /// A request's answer.
    enum Answer: Sendable {
        case signIn(passwordOK: Bool)
        case mfa(codeOK: Bool)
        case oauthApproved
        case preview
        case execute
    }

    /// An engine before its start.
    public init(configuration: MeshConfiguration) {
        self.configuration = configuration
        ids = IDGenerator(seed: configuration.seed)
    }

    /// When the request in flight answers, if one is.
    public var nextDeadline: Timestamp? { pending?.due }

    /// The integrations the catalog lists for the search text (all before typing).
    public var listedIntegrations: [MeshIntegration] {
        let words = query.lowercased().split(separator: " ")
        guard !words.isEmpty else { return MeshSandbox.integrations }
        return MeshSandbox.integrations.filter { integration in
            let text = (integration.name + " " + integration.brokerType + " " + integration.kind).lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    /// The assets a transfer can send (held, with a network to send over).
    public var eligibleAssets: [MeshHolding] { holdings.filter { $0.amount > 0 && !$0.networks.isEmpty } }

    /// Opens the session: `loaded`.
    public mutating func start(at time: Timestamp) -> [MeshRecord] {
        guard !started else { return [] }
        started = true
        emit(.event(type: "loaded", payload: nil))
        return takeRecords()
    }

    /// Lets the request in flight answer if it is due by `time`.
    public mutating func advance(to time: Timestamp) -> [MeshRecord] {
        if let pending, pending.due <= time {
            self.pending = nil
            answer(pending.answer)
        }
        return takeRecords()
    }

    /// Applies `action` at `time`; throws, changing nothing, when it does not fit the pane.
    public mutating func send(_ action: MeshAction, at time: Timestamp) throws(ActionRejected) -> [MeshRecord] {
        var copy = self
        try copy.apply(action, at: time)
        self = copy
        return takeRecords()
    }

    /// Why `action` would be refused now, or nil (asked of a copy; nothing changes but the
    /// secrets in `action`, which are wiped as a real send wipes them: pass copies).
    public func refusal(of action: MeshAction) -> ActionRejected? {
        var copy = self
        do { try copy.apply(action, at: pending?.due ?? Timestamp(millis: 0)) } catch { return error }
        return nil
    }

    mutating func emit(_ record: MeshRecord) { records.append(record) }

    mutating func takeRecords() -> [MeshRecord] {
        defer { records = [] }
        return records
    }

    func misfit(_ what: String) -> ActionRejected {
        ActionRejected("\(what) does not fit the \(paneName) pane")
    }

    /// The pane's name for messages and the session summary's `page`.
    public var paneName: String {
        switch pane {
        case .catalog: "catalog"
        case .credentials: "credentials"
        case .oauth: "oauth"
        case .loading: "loading"
        case .mfa: "mfa"
        case .accounts: "accounts"
        case .connected: "integrationConnected"
        case .asset: "transferAsset"
        case .network: "transferNetwork"
        case .amount: "transferAmount"
        case .preview: "transferPreview"
        case .transferMFA: "transferMfa"
        case .transferSuccess: "transferExecuted"
        case .transferError: "transferError"
        case .exitConfirmation: "exit"
        case .finished: "finished"
        }
    }

    mutating func startRequest(_ answer: Answer, at time: Timestamp) {
        pending = (time.adding(millis: configuration.latencyMillis), answer)
        pane = .loading(from: pane)
        if configuration.latencyMillis == 0, let pending {
            self.pending = nil
            self.answer(pending.answer)
        }
    }

    /// The `SessionSummary` the `close` and `done` events carry.
    func summary(page: String) -> JSONValue {
        var fields: [String: JSONValue] = ["page": .string(page + "Page")]
        if let integration {
            fields["selectedIntegration"] = .object(["integrationType": .string(integration.brokerType),
                                                     "integrationName": .string(integration.name)])
        }
        if let preview, let amount, let asset {
            fields["transfer"] = .object(["previewId": preview["previewId"] ?? .null, "symbol": .string(asset.symbol),
                                          "amount": .number(amount), "networkId": .string(network?.id)])
        }
        if let inlineError { fields["errorMessage"] = .string(inlineError) }
        return .object(fields)
    }

    /// Ends the session: the `close` (left) or `done` (finished) event with the summary, then onExit.
    mutating func finish(event: String) {
        let page: String
        if case .exitConfirmation(let underneath) = pane {
            var under = self
            under.pane = underneath
            page = under.paneName
        } else {
            page = paneName
        }
        emit(.event(type: event, payload: summary(page: page)))
        pending = nil
        emit(.exit)
        pane = .finished
    }
}

/// The engine keeps the contract every Link engine keeps (see ``FlowEngine``).
extension MeshEngine: FlowEngine {}
