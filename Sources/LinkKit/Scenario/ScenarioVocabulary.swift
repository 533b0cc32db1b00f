/// ScenarioWord: one word a scenario file understands (a step's verb, or an `option` line's name):
/// how it is written, what it does, and a line that parses. The parsers accept exactly the words of
/// their vocabulary, and `linkterm help replay` prints it, so the two cannot drift.
public struct ScenarioWord: Hashable, Sendable {
    /// The first word of the line (for an option, the word after `option`).
    public let name: String
    /// How the line is written, e.g. `credentials <username> <password>`.
    public let usage: String
    /// What it does, in a few words.
    public let summary: String
    /// A whole line that parses, e.g. `credentials user_good pass_good`.
    public let example: String

    /// A word of a vocabulary.
    public init(_ name: String, _ usage: String, _ summary: String, example: String? = nil) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.example = example ?? usage
    }
}

/// ScenarioVocabulary: the steps and `option` lines a flavor's scenario files understand.
public struct ScenarioVocabulary: Sendable {
    /// The steps, in the order help lists them.
    public let steps: [ScenarioWord]
    /// The `option` lines (before the first step).
    public let options: [ScenarioWord]

    /// The step named `verb`, if the vocabulary has it.
    public func step(_ verb: String) -> ScenarioWord? { steps.first { $0.name == verb } }

    /// Every first word a line may start with: the steps, then `expect` and `option`.
    public var lineWords: [String] { steps.map(\.name) + ["expect", "option"] }

    /// The vocabulary as help lists it: one entry per step, then one per option, each usage in a
    /// column and its summary beside it (under it when the usage is long), no line longer than
    /// `width` (80-column help is not wrapped again).
    public func helpLines(width: Int = 78) -> [String] {
        steps.flatMap { Self.helpEntry($0.usage, $0.summary, width: width) }
            + options.flatMap { Self.helpEntry("option " + $0.usage, $0.summary, width: width) }
    }

    /// One entry of help: `usage` in a column, `summary` beside it (under it when the usage is
    /// long), wrapped at `width`.
    public static func helpEntry(_ usage: String, _ summary: String, width: Int = 78) -> [String] {
        let column = 28
        var lines: [String] = []
        var line = "  " + usage
        if line.count + 2 > column {
            lines.append(line)
            line = ""
        }
        line += String(repeating: " ", count: column - line.count)
        var lineHasWord = false
        for word in summary.split(separator: " ") {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: column)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}

extension Scenario {
    /// The steps and options of a Plaid scenario file.
    public static let vocabulary = ScenarioVocabulary(
        steps: [
            ScenarioWord("continue", "continue", "the current pane's main action (Enter)"),
            ScenarioWord("search", "search <text>", "type a query in the institution search and let it settle", example: "search first platypus"),
            ScenarioWord("select", "select <institution_id>", "choose an institution", example: "select ins_109508"),
            ScenarioWord("credentials", "credentials <username> <password>", "sign in", example: "credentials user_good pass_good"),
            ScenarioWord("mfa", "mfa <answer>[ | <answer>…]", "a device's index, a code, or one answer per question", example: "mfa 1234"),
            ScenarioWord("accounts", "accounts <index>… | accounts all", "choose accounts (0-based) and continue", example: "accounts 0 1"),
            ScenarioWord("oauth", "oauth approve|cancel|fail", "the bank's OAuth page", example: "oauth approve"),
            ScenarioWord("auth", "auth instant|manual", "Auth: connect instantly or with account numbers (option product auth)", example: "auth manual"),
            ScenarioWord("numbers", "numbers <routing> <account> [checking|savings]", "Auth: the account numbers typed",
                         example: "numbers 110000000 1111222233330000"),
            ScenarioWord("code", "code <code>", "a same-day micro-deposit's 3-letter code (option verify-deposits)", example: "code ABC"),
            ScenarioWord("phone", "phone <number>", "the returning user's phone (option returning-user)", example: "phone 415-555-0010"),
            ScenarioWord("otp", "otp <code>", "the code sent to that phone", example: "otp 123456"),
            ScenarioWord("skip", "skip", "continue without a phone"),
            ScenarioWord("connect-new", "connect-new", "link an institution that is not saved"),
            ScenarioWord("verify", "verify phoneotp|password", "how to verify a saved institution", example: "verify phoneotp"),
            ScenarioWord("kyc", "kyc <first> <last> <YYYY-MM-DD> <ssn>", "Identity Verification's details (option product identity_verification)",
                         example: "kyc Leslie Knope 1975-01-18 123-45-6789"),
            ScenarioWord("document", "document license|passport|blurry|other", "Identity Verification's document", example: "document license"),
            ScenarioWord("data-types", "data-types", "\"View data types\" on the consent pane"),
            ScenarioWord("my-plaid", "my-plaid", "open my.plaid.com from the consent pane (Assets)"),
            ScenarioWord("follow", "follow", "\"Notify me\" on a degraded or down institution"),
            ScenarioWord("captcha", "captcha <word>", "answer the reCAPTCHA", example: "captcha platypus"),
            ScenarioWord("brand", "brand <name>", "a brand row of the search (its portals next)", example: "brand Flexible Platypus Open Banking"),
            ScenarioWord("redirect", "redirect [<url>]", "hand the OAuth redirect URI back (option redirect-uri)", example: "redirect"),
            ScenarioWord("documents", "documents <file>…", "the bank statements sent (Document Income)", example: "documents statement-2026-10.pdf"),
            ScenarioWord("layer", "layer <phone> [<YYYY-MM-DD>]", "Layer's submit(data:) (option product layer)", example: "layer 415-555-0010"),
            ScenarioWord("back", "back", "go back a pane (Esc)"),
            ScenarioWord("exit", "exit", "ask to exit (Ctrl-X): the exit dialog"),
            ScenarioWord("confirm", "confirm", "the exit dialog: exit"),
            ScenarioWord("stay", "stay", "the exit dialog: stay"),
            ScenarioWord("quit", "quit", "close Link at once (Ctrl-C)"),
            ScenarioWord("wait", "wait <ms>", "let time pass (at most a day)", example: "wait 500"),
        ],
        options: [
            ScenarioWord("single-account", "single-account", "account select allows one account"),
            ScenarioWord("no-account-select", "no-account-select", "skip account select"),
            ScenarioWord("latency", "latency <ms>", "how long LOADING lasts", example: "latency 100"),
            ScenarioWord("seed", "seed <n>", "the seed of every id", example: "seed 7"),
            ScenarioWord("token", "token <link_token>", "the link token", example: "token link-sandbox-af1a0311-da53-4636-b754-dd15cc058176"),
            ScenarioWord("update-mode", "update-mode <institution_id>", "update mode at that institution", example: "update-mode ins_109508"),
            ScenarioWord("institutions", "institutions <file>", "a directory file (relative to the scenario's folder)", example: "institutions banks.txt"),
            ScenarioWord("product", "product <name>[,<name>…]", "the products the token asks for (auth, identity_verification …)", example: "product auth"),
            ScenarioWord("remember-me", "remember-me", "the phone pane after consent, nothing saved yet"),
            ScenarioWord("returning-user", "returning-user [auto-submit] [<id>,…]", "the sandbox's saved profile for its phone", example: "returning-user auto-submit"),
            ScenarioWord("redirect-uri", "redirect-uri <https URL>", "OAuth waits for the redirect", example: "redirect-uri https://example.com/oauth"),
            ScenarioWord("verify-deposits", "verify-deposits", "a later session for a same-day micro-deposit Item"),
            ScenarioWord("identity-match", "identity-match <first> [<middle>] <last>", "Identity Match's legal name", example: "identity-match Alberta Charleson"),
            ScenarioWord("resume-identity", "resume-identity", "Identity Verification resumed at its KYC step"),
        ])
}

extension MeshScenario {
    /// The steps and options of a Mesh scenario file (`option flavor mesh`).
    public static let vocabulary = ScenarioVocabulary(
        steps: [
            ScenarioWord("continue", "continue", "the current pane's main action (Enter)"),
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
            ScenarioWord("back", "back", "go back a pane (Esc)"),
            ScenarioWord("exit", "exit", "ask to exit (Ctrl-X): the exit dialog"),
            ScenarioWord("confirm", "confirm", "the exit dialog: exit"),
            ScenarioWord("stay", "stay", "the exit dialog: stay"),
            ScenarioWord("quit", "quit", "close Link at once (Ctrl-C)"),
            ScenarioWord("wait", "wait <ms>", "let time pass (at most a day)", example: "wait 500"),
        ],
        options: [
            ScenarioWord("flavor", "flavor mesh", "this file is a Mesh scenario"),
            ScenarioWord("transfer", "transfer", "a transfer link"),
            ScenarioWord("destination", "destination <asset> <network>", "a transfer link to one destination", example: "destination USDC Solana"),
            ScenarioWord("connected", "connected <integration>", "an integration connected before (stored)", example: "connected coinbase"),
            ScenarioWord("latency", "latency <ms>", "how long the sandbox takes", example: "latency 100"),
            ScenarioWord("seed", "seed <n>", "the seed of every id", example: "seed 7"),
        ])
}
