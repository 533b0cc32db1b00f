/// ScenarioCommand: one step of a scenario file (see ``Scenario``).
public enum ScenarioCommand: Hashable, Sendable {
    /// `continue`: the current pane's main action.
    case `continue`
    /// `search <text>`: type a query and let it settle.
    case search(String)
    /// `select <institution_id>`.
    case select(String)
    /// `credentials <username> <password>`.
    case credentials(username: String, password: Secret)
    /// `mfa <answer>[ | <answer>…]`: one MFA submission.
    case mfa([Secret])
    /// `accounts <index>…`: choose accounts (zero-based) and continue.
    case accounts([Int])
    /// `accounts all`.
    case allAccounts
    /// `oauth approve|cancel|fail`.
    case oauth(OAuthResult)
    /// `auth instant|manual`: the auth-type choice; `auth manual` on a search links with
    /// account numbers.
    case auth(AuthTypeSelection)
    /// `numbers <routing> <account> [checking|savings]`: the NUMBERS pane, both fields.
    case numbers(routing: String, account: String, type: DepositAccountType)
    /// `code <code>`: the 3-letter code of a micro-deposit.
    case code(Secret)
    /// `phone <number>`: the returning user's phone.
    case phone(String)
    /// `otp <code>`: the one-time code sent to the phone.
    case otp(Secret)
    /// `skip`: continue without a phone.
    case skip
    /// `connect-new`: link an institution that is not saved.
    case connectNew
    /// `verify phoneotp|password`: how to verify a matched institution.
    case verify(VerifyMethod)
    /// `kyc <first> <last> <YYYY-MM-DD> <ssn>`: the KYC_CHECK form.
    case kyc(IdentityDetails)
    /// `document license|passport|blurry|other`: the document offered.
    case document(IdentityDocument)
    /// `data-types`: "View data types" on the consent pane.
    case dataTypes
    /// `my-plaid`: open my.plaid.com from the consent pane (Assets).
    case myPlaid
    /// `follow`: "Notify me" on a degraded or down institution.
    case follow
    /// `captcha <word>`: solve the reCAPTCHA.
    case captcha(String)
    /// `layer <phone> [<YYYY-MM-DD>]`: the app's `submit(data:)` in a Layer session.
    case layer(phone: String, dateOfBirth: String?)
    /// `documents <file>…`: the bank statements sent from UPLOAD_DOCUMENTS (Document Income).
    case documents([String])
    /// `brand <name>`: a brand row of the search (its portals next; then `select <id>`).
    case brand(String)
    /// `redirect [<url>]`: the app hands the OAuth redirect back (`continue(from:)`); without a
    /// URL, the one the bank redirected to.
    case redirect(String?)
    /// `back`, `exit`, `confirm`, `stay`, `quit`: Esc, the exit dialog, Ctrl-C (``FlowControl``).
    case control(FlowControl)
    /// `wait <ms>`: let time pass.
    case wait(Int64)

    /// Whether the command only lets time pass (`wait MS`): no action for the engine.
    public var isWait: Bool {
        if case .wait = self { true } else { false }
    }

    /// The step's first word, for messages (never its arguments, which may be secrets).
    public var verb: String {
        switch self {
        case .continue: "continue"
        case .search: "search"
        case .select: "select"
        case .credentials: "credentials"
        case .mfa: "mfa"
        case .accounts, .allAccounts: "accounts"
        case .oauth: "oauth"
        case .auth: "auth"
        case .numbers: "numbers"
        case .code: "code"
        case .phone: "phone"
        case .otp: "otp"
        case .skip: "skip"
        case .connectNew: "connect-new"
        case .verify: "verify"
        case .kyc: "kyc"
        case .document: "document"
        case .dataTypes: "data-types"
        case .myPlaid: "my-plaid"
        case .follow: "follow"
        case .captcha: "captcha"
        case .brand: "brand"
        case .documents: "documents"
        case .layer: "layer"
        case .redirect: "redirect"
        case .control(let control): control.verb
        case .wait: "wait"
        }
    }
}

/// ScenarioStep: a command, the line it came from, and the expectations written after it.
public struct ScenarioStep: Hashable, Sendable {
    /// The 1-based line number in the file.
    public var line: Int
    /// The command.
    public var command: ScenarioCommand
    /// The `expect` lines that follow the step, met in order by the records it causes.
    public var expectations: [Expectation] = []

    /// Creates a step.
    public init(line: Int, command: ScenarioCommand, expectations: [Expectation] = []) {
        self.line = line
        self.command = command
        self.expectations = expectations
    }
}

/// ScenarioOption: an `option` line: a session setting the scenario needs (before the first step).
public enum ScenarioOption: Hashable, Sendable {
    /// `option single-account`.
    case singleAccount
    /// `option no-account-select`.
    case noAccountSelect
    /// `option latency <ms>`.
    case latency(Int64)
    /// `option seed <n>`.
    case seed(UInt64)
    /// `option token <link_token>` (may be any text, to test the token rules).
    case token(String)
    /// `option update-mode <institution_id>`.
    case updateMode(String)
    /// `option institutions <file>` (relative to the scenario's folder).
    case institutions(String)
    /// `option product <name>[,<name>…]`: the products the token asks for (e.g. `auth`).
    case products(Set<LinkProduct>)
    /// `option verify-deposits`: a later session for a same-day Item: its deposit's code.
    case verifyDeposits
    /// `option identity-match <First> [<Middle>] <Last>`: the name the accounts' owner must match.
    case identityMatch(String)
    /// `option resume-identity`: an Identity Verification session resumed at its KYC step.
    case resumeIdentity
    /// `option redirect-uri <https URL>`: OAuth sessions redirect there and wait for `redirect`.
    case redirectURI(String)
    /// `option remember-me`: the phone pane after consent, nothing saved yet (a first visit).
    case rememberMe
    /// `option returning-user [auto-submit] [<id>,…]`: the phone pane, and the sandbox's saved
    /// profile for its phone (only the institutions named, if any); `auto-submit`: the phone is
    /// known, its code is sent at once (`AUTO_SUBMIT_PHONE`).
    case returningUser(autoSubmit: Bool, institutions: [String]?)

    /// The option names, from ``Scenario/vocabulary``.
    public static var names: [String] { Scenario.vocabulary.options.map(\.name) }

    static func parse(_ words: [String]) throws(ActionRejected) -> ScenarioOption {
        let name = words.first ?? ""
        let value = words.count == 2 ? words[1] : nil
        guard names.contains(name) else {
            throw ActionRejected("unknown option line; options are: \(names.joined(separator: ", ")) (e.g. option latency 100)")
        }
        switch (name, value) {
        case ("single-account", nil) where words.count == 1: return .singleAccount
        case ("remember-me", nil) where words.count == 1: return .rememberMe
        case ("verify-deposits", nil) where words.count == 1: return .verifyDeposits
        case ("resume-identity", nil) where words.count == 1: return .resumeIdentity
        case ("identity-match", _):
            guard words.count >= 3 else { throw ActionRejected("option identity-match takes a first and a last name, e.g. option identity-match Alberta Charleson") }
            return .identityMatch(words.dropFirst().joined(separator: " "))
        case ("returning-user", _):
            var autoSubmit = false
            var institutions: [String]?
            for word in words.dropFirst() {
                if word == "auto-submit" { autoSubmit = true; continue }
                let ids = word.split(separator: ",").map(String.init)
                guard !ids.isEmpty, ids.allSatisfy({ SavedProfile.sandbox.institution(id: $0) != nil }) else {
                    throw ActionRejected("option returning-user takes auto-submit and saved institutions (ins_109508, ins_109511), e.g. option returning-user auto-submit ins_109508")
                }
                institutions = ids
            }
            return .returningUser(autoSubmit: autoSubmit, institutions: institutions)
        case ("no-account-select", nil) where words.count == 1: return .noAccountSelect
        case ("latency", let value?):
            guard let millis = Int64(value), SessionConfiguration.latencyRange.contains(millis) else {
                throw ActionRejected(
                    "option latency takes 0 to \(SessionConfiguration.maximumLatencyMillis) milliseconds, e.g. option latency 100")
            }
            return .latency(millis)
        case ("seed", let value?):
            guard let seed = UInt64(value) else { throw ActionRejected("option seed takes a whole number, e.g. option seed 7") }
            return .seed(seed)
        case ("token", let value?): return .token(value)
        case ("token", nil) where words.count == 1: return .token("")
        case ("token", nil): throw ActionRejected("option token takes one word (a token has no spaces)")
        case ("latency", nil), ("seed", nil), ("update-mode", nil), ("institutions", nil):
            throw ActionRejected("option \(name) takes one value, e.g. option latency 100")
        case ("single-account", _), ("no-account-select", _), ("remember-me", _), ("verify-deposits", _), ("resume-identity", _):
            throw ActionRejected("option \(name) takes no value")
        case ("update-mode", let value?): return .updateMode(value)
        case ("institutions", let value?): return .institutions(value)
        case ("product", let value?):
            var products: Set<LinkProduct> = []
            for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let product = LinkProduct(rawValue: String(name)) else {
                    throw ActionRejected("option product takes \(LinkProduct.names) (commas between several), e.g. option product auth")
                }
                products.insert(product)
            }
            return .products(products)
        case ("redirect-uri", let value?): return .redirectURI(value)
        case ("redirect-uri", nil): throw ActionRejected("option redirect-uri takes one URL, e.g. option redirect-uri https://example.com/oauth")
        case ("product", nil): throw ActionRejected("option product takes one value, e.g. option product auth")
        default:
            throw ActionRejected("unknown option line; options are: \(names.joined(separator: ", ")) (e.g. option latency 100)")
        }
    }
}

/// Scenario: a Link session written down as steps, one per line (`#` starts a comment).
///
/// ```
/// continue                        the current pane's main action
/// search <text>                   type a query and let it settle
/// select <institution_id>         choose an institution
/// credentials <username> <password>
/// mfa <answer>[ | <answer>…]      device index, code, or one answer per question
/// accounts <index>… | accounts all
/// oauth approve | oauth cancel | oauth fail
/// auth instant | auth manual            the auth-type choice (`option product auth`)
/// numbers <routing> <account> [checking|savings]
/// code <code>                     a micro-deposit's 3-letter code
/// phone <number> | otp <code> | skip   the returning user's phone (`option returning-user`)
/// connect-new | verify phoneotp|password
/// kyc <first> <last> <YYYY-MM-DD> <ssn> | document license|passport|blurry|other   (identity_verification)
/// data-types | my-plaid | follow | captcha <word> | brand <name> | redirect [<url>] | documents <file>…
/// layer <phone> [<YYYY-MM-DD>]   Layer's submit(data:) (option product layer)
/// back | exit | confirm | stay | quit
/// wait <ms>
/// expect NAME [key=value …]       after a step: a record the step must cause (see ``Expectation``)
/// option NAME [value]             before the first step: a session setting (see ``ScenarioOption``)
/// ```
public struct Scenario: Hashable, Sendable {
    /// The longest `wait` step: one day.
    public static let maximumWaitMillis: Int64 = ScenarioFile.maximumWaitMillis

    /// The file's name, for messages.
    public var file: String
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// The `option` lines.
    public var options: [ScenarioOption] = []
    /// The `expect` lines before the first step (met by `load` and `OPEN`).
    public var openingExpectations: [Expectation] = []

    /// The first words a scenario line understands: the steps of ``vocabulary``, `expect`, `option`.
    public static var verbs: [String] { vocabulary.lineWords }

    /// Applies the `option` lines to a configuration; returns the `institutions` file, if one is named.
    public func apply(to configuration: inout SessionConfiguration) -> String? {
        var institutions: String?
        for option in options {
            switch option {
            case .singleAccount: configuration.accountSelection = .single
            case .noAccountSelect: configuration.accountSelection = .disabled
            case .latency(let millis): configuration.latencyMillis = millis
            case .seed(let seed): configuration.seed = seed
            case .token(let token): configuration.token = token
            case .updateMode(let id): configuration.updateModeInstitutionID = id
            case .institutions(let path): institutions = path
            case .products(let products): configuration.products = products
            case .rememberMe: configuration.rememberMe = true
            case .redirectURI(let uri): configuration.redirectURI = uri
            case .verifyDeposits: configuration.verifiesDeposits = true
            case .identityMatch(let name): configuration.identityMatchName = name
            case .resumeIdentity: configuration.resumesIdentity = true
            case .returningUser(let autoSubmit, let institutions):
                var profile = SavedProfile.sandbox
                if let institutions { profile.institutions.removeAll { !institutions.contains($0.institution.id) } }
                configuration.rememberMe = true
                configuration.savedProfile = profile
                configuration.phoneKnown = autoSubmit
            }
        }
        return institutions
    }

    /// Parses a scenario; throws at the first malformed line (see ``ScenarioFile``).
    public init(text: String, file: String = "scenario") throws(ScenarioError) {
        self.file = file
        var options: [ScenarioOption] = []
        let read = try ScenarioFile.read(
            text, file: file,
            expectation: { (words, line) throws(ActionRejected) in try Expectation.parse(words, line: line) },
            option: { (words) throws(ActionRejected) in options.append(try ScenarioOption.parse(words)) },
            step: { (line, words, number) throws(ActionRejected) in ScenarioStep(line: number, command: try Self.parse(line, words: words)) },
            attach: { expectation, step in step.expectations.append(expectation) })
        self.options = options
        openingExpectations = read.opening
        steps = read.steps
    }

    /// The command of a step line (comment and edges cut); `lineWords`, the line's words when the
    /// reader has split them already.
    static func parse(_ line: String, words lineWords: [String]? = nil) throws(ActionRejected) -> ScenarioCommand {
        let verb = lineWords?.first ?? String(line.prefix { !$0.isBlank })
        let (rest, words) = ScenarioFile.arguments(of: line, verb: verb, words: lineWords.map { Array($0.dropFirst()) })
        func noArguments(_ command: ScenarioCommand) throws(ActionRejected) -> ScenarioCommand {
            guard words.isEmpty else { throw ActionRejected("\(verb) takes no argument") }
            return command
        }
        guard vocabulary.step(verb) != nil else {
            throw ActionRejected("unknown step \(UntrustedText.quoted(verb)); steps are: \(verbs.joined(separator: ", "))")
        }
        if let control = FlowControl(verb: verb) { return try noArguments(.control(control)) }
        switch verb {
        case "continue": return try noArguments(.continue)
        case "search":
            guard !rest.isEmpty else { throw ActionRejected("search needs the text to type, e.g. search first platypus") }
            return .search(rest)
        case "select":
            guard words.count == 1 else { throw ActionRejected("select needs one institution id, e.g. select ins_109508") }
            return .select(words[0])
        case "credentials":
            guard words.count >= 2 else {
                throw ActionRejected("credentials needs a username and a password, e.g. credentials user_good pass_good")
            }
            let password = String(rest.dropFirst(words[0].count)).trimmingWhitespace()
            return .credentials(username: words[0], password: Secret(password))
        case "mfa":
            guard !rest.isEmpty else { throw ActionRejected("mfa needs an answer, e.g. mfa 1234 (answers separated by |)") }
            return .mfa(rest.split(separator: "|", omittingEmptySubsequences: false).map {
                Secret(String($0).trimmingWhitespace())
            })
        case "accounts":
            if words == ["all"] { return .allAccounts }
            guard !words.isEmpty else { throw ActionRejected("accounts needs indices (0-based) or all, e.g. accounts 0 1") }
            return .accounts(try ScenarioFile.indices(words) {
                ActionRejected("accounts takes 0-based indices or all; \($0.debugDescription) is neither")
            })
        case "oauth":
            guard words.count == 1, let result = OAuthResult(rawValue: words[0]) else {
                throw ActionRejected("oauth takes approve, cancel or fail")
            }
            return .oauth(result)
        case "auth":
            guard words.count == 1, let choice = AuthTypeSelection(rawValue: words[0]) else {
                throw ActionRejected("auth takes instant or manual")
            }
            return .auth(choice)
        case "numbers":
            guard (2...3).contains(words.count) else {
                throw ActionRejected("numbers needs a routing and an account number, e.g. numbers 110000000 1111222233330000 [checking|savings]")
            }
            var type = DepositAccountType.checking
            if words.count == 3 {
                guard let given = DepositAccountType(rawValue: words[2]) else {
                    throw ActionRejected("numbers: the account type is checking or savings, not \(UntrustedText.quoted(words[2]))")
                }
                type = given
            }
            return .numbers(routing: words[0], account: words[1], type: type)
        case "skip": return try noArguments(.skip)
        case "data-types": return try noArguments(.dataTypes)
        case "my-plaid": return try noArguments(.myPlaid)
        case "follow": return try noArguments(.follow)
        case "layer":
            guard (1...2).contains(words.count) else {
                throw ActionRejected("layer needs the phone the app submits, and maybe a date of birth, e.g. layer 415-555-0010 1975-01-18")
            }
            return .layer(phone: words[0], dateOfBirth: words.count == 2 ? words[1] : nil)
        case "documents":
            guard !words.isEmpty else { throw ActionRejected("documents needs file names, e.g. documents statement-2026-10.pdf") }
            return .documents(words)
        case "redirect":
            guard words.count <= 1 else { throw ActionRejected("redirect takes one URL, or none for the bank's redirect") }
            return .redirect(words.first)
        case "brand":
            guard !rest.isEmpty else { throw ActionRejected("brand needs the brand's name, e.g. brand Flexible Platypus Open Banking") }
            return .brand(rest)
        case "captcha":
            guard words.count == 1 else { throw ActionRejected("captcha needs the word shown, e.g. captcha platypus") }
            return .captcha(words[0])
        case "connect-new": return try noArguments(.connectNew)
        case "phone":
            guard !rest.isEmpty else { throw ActionRejected("phone needs a number, e.g. phone 415-555-0010") }
            return .phone(rest)
        case "otp":
            guard words.count == 1 else { throw ActionRejected("otp needs the code sent to the phone, e.g. otp 123456") }
            return .otp(Secret(words[0]))
        case "kyc":
            guard words.count == 4 else {
                throw ActionRejected("kyc needs a first name, a last name, a date of birth and an SSN, e.g. kyc Leslie Knope 1975-01-18 123-45-6789")
            }
            return .kyc(IdentityDetails(firstName: words[0], lastName: words[1], dateOfBirth: words[2], ssn: Secret(words[3])))
        case "document":
            guard words.count == 1, let document = IdentityDocument(rawValue: words[0]) else {
                throw ActionRejected("document takes license, passport, blurry or other")
            }
            return .document(document)
        case "verify":
            guard words.count == 1, let method = VerifyMethod(rawValue: words[0]) else {
                throw ActionRejected("verify takes phoneotp or password")
            }
            return .verify(method)
        case "code":
            guard words.count == 1 else { throw ActionRejected("code needs the deposit's 3-letter code, e.g. code ABC") }
            return .code(Secret(words[0]))
        case "wait": return .wait(try ScenarioFile.waitMillis(words))
        default:
            throw ActionRejected(
                "unknown step \(UntrustedText.quoted(verb)); steps are: \(verbs.joined(separator: ", "))")
        }
    }
}

/// `.back`, `.requestExit`, `.confirmExit`, `.cancelExit` and `.quit` are its `control` steps.
extension ScenarioCommand: FlowControlling {}
