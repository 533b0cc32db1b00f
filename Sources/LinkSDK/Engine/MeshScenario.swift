/// MeshScenarioCommand: one step of a Mesh scenario.
public enum MeshScenarioCommand: Hashable, Sendable {
    /// A person's action on the session.
    case action(MeshAction)
    /// `wait <ms>`: let time pass.
    case wait(Int64)

    /// The step's first word, for messages (never its arguments, which may be secrets).
    public var verb: String {
        switch self {
        case .wait: return "wait"
        case .action(let action):
            switch action {
            case .primary: return "continue"
            case .setQuery: return "search"
            case .selectIntegration: return "integration"
            case .submitCredentials: return "credentials"
            case .oauth: return "oauth"
            case .submitCode: return "mfa"
            case .selectAccounts: return "accounts"
            case .linkAnother: return "link-another"
            case .selectAsset: return "asset"
            case .selectNetwork: return "network"
            case .enterAmount: return "amount"
            case .control(let control): return control.verb
            }
        }
    }
}

/// MeshExpectation: `expect TYPE [path=value …]`: a record whose type (an event's, or
/// `integration_connected`, `transfer_finished`, `exit`) is TYPE and whose payload has each value
/// at each dotted path (`accessToken.accountTokens.0.account.accountName="Main"`; `null` for none).
public struct MeshExpectation: Hashable, Sendable {
    /// The line it came from.
    public var line: Int
    /// The record type.
    public var type: String
    /// The payload paths and the values expected there, as written.
    public var constraints: [Constraint]

    /// One `path=value`.
    public struct Constraint: Hashable, Sendable {
        /// The dotted path.
        public var path: String
        /// The value, as written.
        public var value: String
    }

    /// Reads the words after `expect` on line `line`: a record type, then `path=value` pairs.
    static func parse(_ parts: [String], line: Int) throws(ActionRejected) -> MeshExpectation {
        guard let type = parts.first else { throw ActionRejected("expect needs a record type, e.g. expect integrationSelected") }
        var constraints: [Constraint] = []
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw ActionRejected("expect takes path=value pairs after the type; \(UntrustedText.quoted(part)) is not one")
            }
            constraints.append(.init(path: String(part[..<equals]), value: String(part[part.index(after: equals)...])))
        }
        return MeshExpectation(line: line, type: type, constraints: constraints)
    }

    /// The constraints `record` does not meet (path, expected, actual); nil when its type differs.
    public func mismatches(_ record: MeshRecord) -> [(path: String, expected: String, actual: String)]? {
        guard record.name == type else { return nil }
        return constraints.compactMap { constraint in
            let actual = Self.text(at: constraint.path, in: record.payload)
            return actual == constraint.value ? nil : (constraint.path, constraint.value, actual)
        }
    }

    /// The line as written (`expect integrationConnected accessToken.brokerName=Binance`).
    public var text: String {
        (["expect", type] + constraints.map { "\($0.path)=\($0.value)" }).joined(separator: " ")
    }

    /// The line as the shared checkers read it (``ExpectLine``).
    public var expectLine: ExpectLine<MeshRecord> {
        ExpectLine(line: line, text: text) { record in mismatches(record).map { $0.map { ($0.path, $0.expected, $0.actual) } } }
    }

    /// The value at `path` as an expectation spells it: strings as they are, numbers as written,
    /// `true`/`false`, `null` when absent, containers as compact JSON.
    public static func text(at path: String, in payload: JSONValue?) -> String {
        var value = payload
        for key in path.split(separator: ".") {
            if case .array(let elements)? = value, let index = Int(key) {
                value = elements.indices.contains(index) ? elements[index] : nil
            } else {
                value = value?[String(key)]
            }
        }
        switch value {
        case nil, .null?: return "null"
        case .string(let text)?: return text
        case .number(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case let container?: return container.jsonText
        }
    }
}

/// MeshScenario: a Mesh session written as steps, one per line (`#` starts a comment):
///
/// ```
/// integration <brokerType or name>   choose an integration
/// credentials <username> <password>   sign in
/// oauth approve | oauth cancel        on the integration's page
/// mfa <code>                          the one-time code (sign-in or transfer)
/// accounts <index>…                   choose among a login's accounts (0-based)
/// link-another                        from the connected pane, back to the catalog
/// asset <SYMBOL> | network <name or id> | amount <number> | execute | done
/// continue | search <text> | back | exit | confirm | stay | quit | wait <ms>
/// expect TYPE [path=value …]          after a step: a record it must cause (see ``MeshExpectation``)
/// option flavor mesh | option transfer | option destination <asset> <network> | option connected <integration>
/// option latency <ms> | option seed <n>
/// ```
public struct MeshScenario: Hashable, Sendable {
    /// One step, the line it came from, and its expectations.
    public struct Step: Hashable, Sendable {
        public var line: Int
        public var command: MeshScenarioCommand
        public var expectations: [MeshExpectation] = []
    }

    /// The file's name, for messages.
    public var file: String
    /// The steps.
    public var steps: [Step] = []
    /// The expectations before the first step (met by `loaded`).
    public var openingExpectations: [MeshExpectation] = []
    /// The session the scenario needs (`option transfer`, `latency`, `seed`).
    public var configuration = MeshConfiguration(latencyMillis: 0)
    /// Whether the file says `option flavor mesh`.
    public var namesFlavor = false

    /// The first words a Mesh scenario line understands: the steps of ``vocabulary``, `expect`, `option`.
    public static var verbs: [String] { vocabulary.lineWords }

    /// Whether `text` names the Mesh flavor (`option flavor mesh` before its first step).
    public static func namesMesh(_ text: String) -> Bool {
        // line by line, as the reader splits them (on "\n", a "\r" before it a blank): a Plaid
        // file's first step ends the look, however long the file
        var rest = text.utf8[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = String(decoding: rest[..<end], as: UTF8.self)
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            let words = ScenarioFile.stripComment(line).split(whereSeparator: { $0.isBlank })
            if words.isEmpty { continue }
            if words[0] != "option" { return false }
            if words.count == 3, words[1] == "flavor", words[2] == "mesh" { return true }
        }
        return false
    }

    /// Parses a Mesh scenario; throws at the first malformed line (see ``ScenarioFile``).
    public init(text: String, file: String = "scenario") throws(ScenarioError) {
        self.file = file
        var settings = self
        settings.configuration.latencyMillis = SandboxLatency.defaultMillis
        let read = try ScenarioFile.read(
            text, file: file,
            expectation: { (parts, number) throws(ActionRejected) in try MeshExpectation.parse(parts, line: number) },
            option: { (words) throws(ActionRejected) in try settings.applyOption(words) },
            step: { (line, words, number) throws(ActionRejected) in Step(line: number, command: try Self.parse(verb: words[0], line: line)) },
            attach: { expectation, step in step.expectations.append(expectation) })
        self = settings
        openingExpectations = read.opening
        steps = read.steps
    }

    mutating func applyOption(_ words: [String]) throws(ActionRejected) {
        let names = Self.vocabulary.options.map(\.name)
        guard let name = words.first, names.contains(name) else {
            throw ActionRejected("unknown option \(UntrustedText.quoted(words.first ?? "")); a Mesh scenario has \(Self.vocabulary.options.map(\.usage).joined(separator: ", "))")
        }
        switch name {
        case "flavor":
            guard words == ["flavor", "mesh"] else { throw ActionRejected("option flavor takes mesh here") }
            namesFlavor = true
        case "transfer":
            guard words.count == 1 else { throw ActionRejected("option transfer takes no value") }
            configuration.isTransferLink = true
        case "latency":
            guard words.count == 2, let millis = Int64(words[1]), SandboxLatency.range.contains(millis) else {
                throw ActionRejected("option latency takes 0 to \(SandboxLatency.maximumMillis) milliseconds, e.g. option latency 100")
            }
            configuration.latencyMillis = millis
        case "connected":
            guard words.count == 2, let known = MeshSandbox.integration(words[1]) else {
                throw ActionRejected("option connected takes an integration of the catalog, e.g. option connected coinbase")
            }
            configuration.connectedIntegrations.append(known.brokerType)
        case "destination":
            guard words.count == 3, let network = MeshSandbox.network(words[2]) else {
                throw ActionRejected("option destination takes an asset and a network, e.g. option destination USDC Solana")
            }
            configuration.isTransferLink = true
            configuration.destination = MeshDestination(symbol: words[1].uppercased(), networkId: network.id)
        case "seed":
            guard words.count == 2, let seed = UInt64(words[1]) else { throw ActionRejected("option seed takes a whole number") }
            configuration.seed = seed
        default:
            throw ActionRejected("unknown option \(UntrustedText.quoted(words.first ?? "")); a Mesh scenario has flavor mesh, transfer, destination <asset> <network>, connected <integration>, latency <ms>, seed <n>")
        }
    }

    static func parse(verb: String, line: String) throws(ActionRejected) -> MeshScenarioCommand {
        let (rest, words) = ScenarioFile.arguments(of: line, verb: verb)
        func bare(_ action: MeshAction) throws(ActionRejected) -> MeshScenarioCommand {
            guard words.isEmpty else { throw ActionRejected("\(verb) takes no argument") }
            return .action(action)
        }
        func one(_ example: String) throws(ActionRejected) -> String {
            guard words.count == 1 else { throw ActionRejected("\(verb) takes one value, e.g. \(verb) \(example)") }
            return words[0]
        }
        guard vocabulary.step(verb) != nil else {
            throw ActionRejected("unknown step \(UntrustedText.quoted(verb)); Mesh steps are: \(verbs.joined(separator: ", "))")
        }
        if let control = FlowControl(verb: verb) { return try bare(.control(control)) }
        switch verb {
        case "continue", "execute", "done": return try bare(.primary)
        case "link-another": return try bare(.linkAnother)
        case "search":
            guard !rest.isEmpty else { throw ActionRejected("search needs the text to type, e.g. search coin (search \"\" empties it)") }
            if rest.count >= 2, rest.first == "\"", rest.last == "\"", !rest.dropFirst().dropLast().contains("\"") {
                return .action(.setQuery(String(rest.dropFirst().dropLast())))  // in quotes: as written, spaces or nothing
            }
            return .action(.setQuery(rest))
        case "integration":
            guard !rest.isEmpty else { throw ActionRejected("integration needs a BrokerType or a name, e.g. integration coinbase") }
            return .action(.selectIntegration(rest))
        case "credentials":
            guard words.count >= 2 else { throw ActionRejected("credentials needs a username and a password, e.g. credentials Mesh Pass123") }
            return .action(.submitCredentials(username: words[0], password: Secret(String(rest.dropFirst(words[0].count)).trimmingWhitespace())))
        case "oauth":
            guard words == ["approve"] || words == ["cancel"] else { throw ActionRejected("oauth takes approve or cancel") }
            return .action(.oauth(approve: words[0] == "approve"))
        case "mfa":
            guard words.count == 1 else { throw ActionRejected("mfa takes the code, e.g. mfa 123456") }
            return .action(.submitCode(Secret(words[0])))
        case "accounts":
            guard !words.isEmpty else { throw ActionRejected("accounts needs 0-based indices, e.g. accounts 0 2") }
            return .action(.selectAccounts(try ScenarioFile.indices(words) {
                ActionRejected("accounts takes 0-based indices; \(UntrustedText.quoted($0)) is not one")
            }))
        case "asset": return .action(.selectAsset(try one("USDC")))
        case "network": return .action(.selectNetwork(try one("Solana")))
        case "amount":
            return .action(.enterAmount(try MeshSandbox.amount(try one("100"))))
        case "wait": return .wait(try ScenarioFile.waitMillis(words))
        default:
            throw ActionRejected("unknown step \(UntrustedText.quoted(verb)); Mesh steps are: \(verbs.joined(separator: ", "))")
        }
    }
}
