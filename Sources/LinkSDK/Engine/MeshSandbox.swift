/// MeshIntegration: one entry of the Mesh sandbox's catalog (an exchange, a brokerage, a wallet).
public struct MeshIntegration: Hashable, Sendable {
    /// How the integration signs a person in.
    public enum SignIn: Hashable, Sendable {
        /// A username and password form (`credentialsEntered`).
        case credentials
        /// The integration's own page (`integrationOAuthStarted`).
        case oauth
    }

    /// Whether the integration can be connected, and if not why.
    public enum Availability: Hashable, Sendable {
        /// Connects.
        case available
        /// Cannot be used now (`connectionUnavailable {reason}`).
        case unavailable(String)
        /// Refuses this user (`connectionDeclined {reason}`).
        case declined(String)
    }

    /// The `BrokerType` value, e.g. `coinbase`.
    public var brokerType: String
    /// The name shown, e.g. `Coinbase`.
    public var name: String
    /// `exchange`, `brokerage` or `wallet`.
    public var kind: String
    /// How it signs in.
    public var signIn: SignIn
    /// Whether it asks for a one-time code after the password.
    public var needsMFA: Bool
    /// Whether it answers with delayed auth (`DelayedAuthPayload`) instead of access tokens.
    public var delayedAuth: Bool
    /// The accounts a login holds (more than one asks to choose).
    public var accounts: [String]
    /// Whether it can be connected.
    public var availability: Availability
    /// The brand colour.
    public var color: String
}

/// MeshNetwork: a network a transfer can go over (the reference's real Mesh network ids).
public struct MeshNetwork: Hashable, Sendable {
    /// Mesh's id for the network.
    public var id: String
    /// Its name.
    public var name: String
    /// The asset its fees are paid in.
    public var feeSymbol: String
    /// The network fee of one transfer, in `feeSymbol`.
    public var fee: Double
    /// The sandbox's destination address on this network.
    public var toAddress: String
}

/// MeshHolding: an asset the sandbox portfolio holds, and the networks it can leave on.
public struct MeshHolding: Hashable, Sendable {
    /// The asset, e.g. `USDC`.
    public var symbol: String
    /// How much is held.
    public var amount: Double
    /// The price of one unit in US dollars.
    public var price: Double
    /// The ids of the networks it can be sent over.
    public var networks: [String]
}

/// MeshSandbox: Mesh Connect's sandbox as the reference documents it, plus the cases a QA person
/// needs, like Plaid's `error_<CODE>` passwords: password `Pass123`, OTP `123456`, username
/// `Mesh` for the full portfolio (any other username, a small one), integrations that ask for
/// MFA, answer with delayed auth, hold several accounts, are unavailable or decline, and
/// transfer amounts that fail the preview, fail the execution or ask for a transfer MFA.
public enum MeshSandbox {
    /// The password every sandbox integration takes.
    public static let password = "Pass123"
    /// The one-time code every MFA step takes.
    public static let otp = "123456"
    /// The username with the full portfolio.
    public static let fullPortfolioUsername = "Mesh"
    /// A transfer of exactly this amount fails its preview (`transferPreviewError`).
    public static let previewErrorAmount = 13.0
    /// A transfer of exactly this amount fails when executed (`transferExecutionError`).
    public static let executionErrorAmount = 666.0
    /// A transfer worth this many US dollars or more asks for a transfer MFA.
    public static let transferMFAThresholdUSD = 1_000.0

    /// The decimal places the sandbox counts an amount in (what the screens and the events show): 8.
    public static let amountDecimals = 8
    /// The largest amount a transfer may ask for: 1,000,000,000 (above every sandbox holding).
    public static let maximumAmount = 1_000_000_000.0

    /// Why `value` is no amount the sandbox takes (not above 0, not finite, finer than
    /// ``amountDecimals`` places, above ``maximumAmount``), or `nil` for one it takes.
    public static func amountProblem(_ value: Double) -> String? {
        let range = "from 0.00000001 to \(Int64(maximumAmount)), with at most \(amountDecimals) decimal places"
        guard value.isFinite, value > 0, value <= maximumAmount else { return "an amount is a number \(range)" }
        let scaled = value * 100_000_000
        guard scaled >= 1, abs(scaled - scaled.rounded()) <= scaled * 1e-9 else { return "an amount is a number \(range)" }
        return nil
    }

    /// A scenario's `amount` as written: digits with at most one decimal point (as the amount
    /// field takes them: no sign, no exponent), a value ``amountProblem(_:)`` accepts.
    public static func amount(_ text: String) throws(ActionRejected) -> Double {
        let example = "e.g. amount 100 or amount 0.5"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              parts.contains(where: { !$0.isEmpty }), let value = Double(text) else {
            throw ActionRejected("amount takes a decimal number (digits and one point), \(example); got \(UntrustedText.quoted(text))")
        }
        let decimals = parts.count == 2 ? parts[1].reversed().drop { $0 == "0" }.count : 0
        if decimals > amountDecimals {
            throw ActionRejected("amount \(UntrustedText.quoted(text)): the sandbox counts at most \(amountDecimals) decimal places")
        }
        if let problem = amountProblem(value) { throw ActionRejected("amount \(UntrustedText.quoted(text)): \(problem)") }
        return value
    }

    /// The sandbox's cases as a person reads them (F1 help, the README's table: a test keeps them equal).
    public static let documented: [(input: String, outcome: String)] = [
        ("password `Pass123`", "signs in (anything else: `integrationConnectionError`, the form stays)"),
        ("username `Mesh`", "the full portfolio (USDC, ETH, SOL, MATIC, BTC); any other username holds 25 USDC"),
        ("one-time code `123456`", "passes the MFA of Binance and Kraken, and a transfer's MFA"),
        ("Robinhood", "three accounts: choose (`integrationAccountSelectionRequired`)"),
        ("Gemini", "delayed auth: `DelayedAuthPayload` with a refresh token"),
        ("OKX, Bybit", "unavailable (`connectionUnavailable`), declines (`connectionDeclined`)"),
        ("Coinbase, MetaMask", "sign in on the integration's own page (`integrationOAuthStarted`)"),
        ("amount `13`", "the transfer preview fails (`transferPreviewError`)"),
        ("amount `666`", "the execution fails (`transferExecutionError`, `onTransferFinished(.error)`)"),
        ("worth $1,000 or more", "the transfer asks for a one-time code (`transferMfaRequired`)"),
    ]

    /// The catalog, in the order shown before a search.
    public static let integrations: [MeshIntegration] = [
        MeshIntegration(brokerType: "coinbase", name: "Coinbase", kind: "exchange", signIn: .oauth, needsMFA: false,
                        delayedAuth: false, accounts: ["Coinbase Wallet"], availability: .available, color: "#0052FF"),
        MeshIntegration(brokerType: "binanceInternationalDirect", name: "Binance", kind: "exchange", signIn: .credentials,
                        needsMFA: true, delayedAuth: false, accounts: ["Spot"], availability: .available, color: "#F0B90B"),
        MeshIntegration(brokerType: "kraken", name: "Kraken", kind: "exchange", signIn: .credentials, needsMFA: true,
                        delayedAuth: false, accounts: ["Kraken Spot"], availability: .available, color: "#5741D9"),
        MeshIntegration(brokerType: "robinhood", name: "Robinhood", kind: "brokerage", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Individual", "Crypto", "Roth IRA"], availability: .available,
                        color: "#00C805"),
        MeshIntegration(brokerType: "gemini", name: "Gemini", kind: "exchange", signIn: .credentials, needsMFA: false,
                        delayedAuth: true, accounts: ["Gemini Exchange"], availability: .available, color: "#00DCFA"),
        MeshIntegration(brokerType: "cryptoCom", name: "Crypto.com", kind: "exchange", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Crypto.com Exchange"], availability: .available, color: "#002D74"),
        MeshIntegration(brokerType: "alpaca", name: "Alpaca", kind: "brokerage", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Alpaca Paper"], availability: .available, color: "#FCD72B"),
        MeshIntegration(brokerType: "deFiWallet", name: "MetaMask", kind: "wallet", signIn: .oauth, needsMFA: false,
                        delayedAuth: false, accounts: ["MetaMask Wallet"], availability: .available, color: "#F6851B"),
        MeshIntegration(brokerType: "okx", name: "OKX", kind: "exchange", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Trading"], availability: .unavailable("OKX is under maintenance"),
                        color: "#000000"),
        MeshIntegration(brokerType: "bybit", name: "Bybit", kind: "exchange", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Unified Trading"],
                        availability: .declined("Bybit is not available in your region"), color: "#F7A600"),
        MeshIntegration(brokerType: "sandbox", name: "Mesh Sandbox", kind: "exchange", signIn: .credentials, needsMFA: false,
                        delayedAuth: false, accounts: ["Sandbox Account"], availability: .available, color: "#7B61FF"),
    ]

    /// The integration with `brokerType`, or whose name is `name` (any case).
    public static func integration(_ brokerTypeOrName: String) -> MeshIntegration? {
        integrations.first { $0.brokerType == brokerTypeOrName }
            ?? integrations.first { $0.name.lowercased() == brokerTypeOrName.lowercased() }
    }

    /// The networks (the reference's real ids).
    public static let networks: [MeshNetwork] = [
        MeshNetwork(id: "e3c7fdd8-b1fc-4e51-85ae-bb276e075611", name: "Ethereum", feeSymbol: "ETH", fee: 0.0004,
                    toAddress: "0x9Bf6207f8A3f4278E0C989527015deFe10e5D7c6"),
        MeshNetwork(id: "0291810a-5947-424d-9a59-e88bb33e999d", name: "Solana", feeSymbol: "SOL", fee: 0.000005,
                    toAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"),
        MeshNetwork(id: "aa883b03-120d-477c-a588-37c2afd3ca71", name: "Base", feeSymbol: "ETH", fee: 0.00002,
                    toAddress: "0x9Bf6207f8A3f4278E0C989527015deFe10e5D7c6"),
        MeshNetwork(id: "7436e9d0-ba42-4d2b-b4c0-8e4e606b2c12", name: "Polygon", feeSymbol: "MATIC", fee: 0.01,
                    toAddress: "0x9Bf6207f8A3f4278E0C989527015deFe10e5D7c6"),
    ]

    /// The network with `id`, or whose name is `name` (any case).
    public static func network(_ idOrName: String) -> MeshNetwork? {
        networks.first { $0.id == idOrName } ?? networks.first { $0.name.lowercased() == idOrName.lowercased() }
    }

    /// The portfolio a login holds: the full one for `Mesh`, a small one for anyone else.
    public static func portfolio(username: String) -> [MeshHolding] {
        let ethereum = networks[0].id, solana = networks[1].id, base = networks[2].id, polygon = networks[3].id
        if username == fullPortfolioUsername {
            return [
                MeshHolding(symbol: "USDC", amount: 2_500, price: 1, networks: [ethereum, solana, base, polygon]),
                MeshHolding(symbol: "ETH", amount: 3.2, price: 3_000, networks: [ethereum, base]),
                MeshHolding(symbol: "SOL", amount: 40, price: 150, networks: [solana]),
                MeshHolding(symbol: "MATIC", amount: 900, price: 0.5, networks: [polygon]),
                MeshHolding(symbol: "BTC", amount: 0.15, price: 60_000, networks: []),
            ]
        }
        return [MeshHolding(symbol: "USDC", amount: 25, price: 1, networks: [ethereum, base])]
    }
}
