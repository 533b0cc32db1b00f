/// MeshScenario+Vocabulary: the words of a Mesh scenario file.
extension MeshScenario {
    /// The steps and options of a Mesh scenario file (`option flavor mesh`).
    public static let vocabulary = ScenarioVocabulary(
        steps: [
            .continueStep,
            ScenarioWord("search", "search <text> | search \"\"", "type in the catalog's search (quoted: as written)", example: "search coin"),
            ScenarioWord("integration", "integration <brokerType or name>", "choose an exchange, brokerage or wallet", example: "integration coinbase"),
            ScenarioWord("credentials", "credentials <username> <password>", "sign in", example: "credentials Mesh Pass123"),
            ScenarioWord("oauth", "oauth approve|cancel", "the integration's OAuth page", example: "oauth approve"),
            ScenarioWord("mfa", "mfa <code>", "the verification code", example: "mfa 123456"),
            ScenarioWord("accounts", "accounts <index>…", "choose accounts (0-based)", example: "accounts 0"),
            ScenarioWord("link-another", "link-another", "connect another integration"),
            ScenarioWord("asset", "asset <symbol>", "transfer: the asset", example: "asset USDC"),
            ScenarioWord("network", "network <name or id>", "transfer: the network", example: "network Solana"),
            ScenarioWord("amount", "amount <number>", "transfer: the amount", example: "amount 100"),
            ScenarioWord("execute", "execute", "transfer: send it (the preview's main action)"),
            ScenarioWord("done", "done", "the last pane's main action"),
        ] + ScenarioWord.controlSteps,
        options: [
            ScenarioWord("flavor", "flavor mesh", "this file is a Mesh scenario"),
            ScenarioWord("transfer", "transfer", "a transfer link"),
            ScenarioWord("destination", "destination <asset> <network>", "a transfer link to one destination", example: "destination USDC Solana"),
            ScenarioWord("connected", "connected <integration>", "an integration connected before (stored)", example: "connected coinbase"),
            ScenarioWord("latency", "latency <ms>", "how long the sandbox takes", example: "latency 100"),
            .seedOption,
        ])
}
