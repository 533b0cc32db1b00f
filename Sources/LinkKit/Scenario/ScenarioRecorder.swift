#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ScenarioRecorder: writes down what a person does in a session as a scenario
/// (`--save-scenario`) that `linkterm replay` and `--script` play back to the same events.
///
/// Nothing typed that is secret is kept: a password is written as the sandbox's documented
/// password that does what it did (`pass_good`, `mfa_questions_2_3`, `error_ITEM_LOCKED`, or
/// `wrong_password` for one the sandbox refuses), an MFA answer, a one-time code or a deposit
/// code as the right answer when it was right and a wrong one when it was not, an account number
/// as zeros and its last four digits, an SSN as the sandbox's own or a placeholder.
public final class ScenarioRecorder: ScenarioWriter, ActionRecording {
    private var routing: String?
    private var pendingRouting: String?
    /// A routing number taken whose account number has not come yet.
    private var routingAwaitingAccount: String?
    /// The query a replay's engine holds after the steps written so far.
    private var replayQuery = ""
    /// Whether the person has been typing a search since the last step (the live query then
    /// differs from ``replayQuery`` by what is not a step).
    private var typing = false
    /// A query written as a step just before the choice that reports it: its report is not written again.
    private var reportComing: String?
    /// Whether the action prepared last types the search (no step: typing goes on).
    private var preparedQuery = false

    /// A recorder for a session with `configuration` (its seed, latency and settings become the
    /// scenario's `option` lines, so that replay gives the same ids), `extraOptions` after them
    /// (`option institutions FILE`: the directory's file, which the configuration does not name).
    public init(configuration: SessionConfiguration, extraOptions: [String] = []) {
        var header = ["# saved by linkterm --save-scenario: play it with linkterm replay FILE or linkterm --script FILE"]
        header.append("option seed \(configuration.seed)")
        header.append("option latency \(configuration.latencyMillis)")
        switch configuration.accountSelection {
        case .single: header.append("option single-account")
        case .disabled: header.append("option no-account-select")
        case .multiple: break
        }
        if let id = configuration.updateModeInstitutionID { header.append("option update-mode \(id)") }
        for product in configuration.products.map(\.rawValue).sorted() where configuration.products != [.transactions] {
            header.append("option product \(product)")
        }
        if let profile = configuration.savedProfile {
            var words = ["option returning-user"]
            if configuration.phoneKnown { words.append("auto-submit") }
            let ids = profile.institutions.map(\.institution.id)
            if ids != SavedProfile.sandbox.institutions.map(\.institution.id), !ids.isEmpty { words.append(ids.joined(separator: ",")) }
            header.append(words.joined(separator: " "))
        } else if configuration.rememberMe {
            header.append("option remember-me")
        }
        if let uri = configuration.redirectURI { header.append("option redirect-uri \(uri)") }
        if configuration.verifiesDeposits { header.append("option verify-deposits") }
        if configuration.resumesIdentity { header.append("option resume-identity") }
        if let name = configuration.identityMatchName, let line = ScenarioLines.oneLine(name) { header.append("option identity-match \(line)") }
        if let token = configuration.token { header.append("option token \(token)") }
        super.init(header: header + extraOptions)
    }

    /// Watches `driver`: its actions, and its records (a search is written when it was reported).
    public func attach(to driver: SessionDriver) {
        driver.actionRecorder = self
        driver.observe { [weak self] record in
            guard let self, case .event(let event) = record, event.eventName == .searchInstitution,
                  let query = event.metadata.institutionSearchQuery else { return }
            if reportComing == query {
                reportComing = nil
                return
            }
            // reported by a pause in the typing: a step, which sets a replay's query to it
            if let line = ScenarioLines.oneLine(query) {
                lines.append("search " + line)
                replayQuery = query
            }
        }
    }

    public func prepare(_ action: UserAction, engine: LinkEngine, at time: Timestamp) {
        lines.pending = []
        pendingRouting = nil
        preparedQuery = false
        if case .setQuery = action {
            if !typing { replayQuery = engine.query }
            typing = true
            preparedQuery = true
            return
        }
        if !typing { replayQuery = engine.query }
        if case .control(.quit) = action { lines.waitBeforeQuit(at: engine.now) }
        lines.preparedAt = engine.now
        if let routing = routingAwaitingAccount {
            // the routing number led elsewhere (its bank offered instead): its step, with no account
            routingAwaitingAccount = nil
            if case .submitAccountNumber = action {} else { lines.pending.append("numbers \(ScenarioLines.oneWord(routing) ?? "0") 0 checking") }
        }
        if engine.pane == .selectInstitution, case .control(.back) = action, !engine.query.isBlank,
           replayQuery.isBlank {
            return  // Esc empties a query typed and never reported: no event, and a replay has none to empty
        }
        let chooses = switch action {
        case .selectInstitution, .selectBrand, .chooseAuthType: true
        default: false
        }
        if chooses, engine.pane == .selectInstitution, engine.query != replayQuery {
            let query = engine.query
            if query.isBlank {
                // the search emptied by hand: Esc empties it in a replay too
                if !replayQuery.isBlank { lines.pending.append("back") }
            } else if let line = ScenarioLines.oneLine(query) {
                // the query as typed; a choice reports it when the engine has not
                if query != engine.lastReportedQuery { reportComing = query }
                lines.pending.append("search " + line)
            }
        }
        if let step = step(for: action, engine: engine) { lines.pending.append(step) }
    }

    public func commit() {
        lines.takePending()
        if !preparedQuery {
            typing = false
            lines.lastStepAt = lines.preparedAt
        }
        if let pendingRouting {
            routing = pendingRouting
            routingAwaitingAccount = pendingRouting
        }
        pendingRouting = nil
    }

    public func discard() {
        lines.pending = []
        pendingRouting = nil
        reportComing = nil
    }

    /// The step that means `action` on `engine`'s pane, secrets replaced; `nil` for what is no
    /// step of its own (typing a search: its reported queries are the steps).
    func step(for action: UserAction, engine: LinkEngine) -> String? {
        switch action {
        case .primary: return "continue"
        case .setQuery: return nil
        case .selectInstitution(let id): return "select " + id
        case .submitCredentials(let username, let password):
            let user = username == SandboxCredentials.username ? username : "someone_else"
            return "credentials \(user) " + Self.sandboxPassword(for: SandboxCredentials.login(username: SandboxCredentials.username, password: password))
        case .submitMFA(let response): return mfaStep(response, engine: engine)
        case .submitAccounts(let indices):
            return indices.count == engine.accounts.count ? "accounts all" : "accounts " + indices.map(String.init).joined(separator: " ")
        case .chooseAuthType(let choice): return "auth \(choice.rawValue)"
        case .selectBrand(let name): return ScenarioLines.oneLine(name).map { "brand " + $0 }
        case .submitDocuments(let names): return "documents " + names.compactMap(ScenarioLines.oneWord).joined(separator: " ")
        case .submitLayerData(let phone, let dateOfBirth):
            return "layer " + (ScenarioLines.oneWord(phone) ?? "0") + (dateOfBirth.flatMap(ScenarioLines.oneWord).map { " " + $0 } ?? "")
        case .redirect(let url): return ScenarioLines.oneWord(url).map { "redirect " + $0 } ?? "redirect"
        case .viewDataTypes: return "data-types"
        case .openMyPlaid: return "my-plaid"
        case .followIssue: return "follow"
        case .submitCaptcha(let word): return ScenarioLines.oneWord(word).map { "captcha " + $0 } ?? "captcha none"
        case .submitIdentity(let details):
            let ssn = details.ssn.withUnsafeBytes { SecretReader.equal($0, Self.sandboxSSN) } ? "\(Self.sandboxSSN)" : "000-00-0000"
            return ["kyc", ScenarioLines.oneWord(details.firstName) ?? "-", ScenarioLines.oneWord(details.lastName) ?? "-",
                    ScenarioLines.oneWord(details.dateOfBirth) ?? "-", ssn].joined(separator: " ")
        case .submitDocument(let document): return "document \(document.rawValue)"
        case .submitPhone(let phone): return "phone " + (ScenarioLines.oneWord(phone.filter { !$0.isWhitespace }) ?? "0")
        case .skipPhone: return "skip"
        case .submitOTP(let code):
            // Identity Verification's SMS code (11111) or the returning user's (123456): the right
            // one of the pane the code is typed on, else a wrong one
            if case .identity(.verifySMS) = engine.pane {
                return "otp " + (code.withUnsafeBytes { SecretReader.equal($0, SandboxIdentity.smsCode) } ? "\(SandboxIdentity.smsCode)" : "000000")
            }
            return "otp " + (code.withUnsafeBytes { SecretReader.equal($0, SavedProfile.sandboxCode) } ? "\(SavedProfile.sandboxCode)" : "000000")
        case .connectNewInstitution: return "connect-new"
        case .chooseVerifyMethod(let method): return "verify \(method.rawValue)"
        case .submitRoutingNumber(let number):
            // written with the account number, as one `numbers` step
            pendingRouting = number
            return nil
        case .submitAccountNumber(let number, let type):
            let digits = number.filter(\.isNumber)
            let kept = String(repeating: "0", count: max(0, digits.count - 4)) + String(digits.suffix(4))
            return "numbers \(ScenarioLines.oneWord(routing ?? "") ?? "0") \(kept.isEmpty ? "0" : kept) \(type.rawValue)"
        case .submitDepositCode(let code):
            return "code " + (code.withUnsafeBytes { SecretReader.equalIgnoringCase($0, SandboxAuth.depositCode) } ? "\(SandboxAuth.depositCode)" : "XYZ")
        case .oauth(let result): return "oauth \(result.rawValue)"
        case .control(let control): return control.verb
        }
    }

    /// The MFA step: the device's index, the right answer for each right one, a wrong one otherwise.
    private func mfaStep(_ response: MFAResponse, engine: LinkEngine) -> String {
        guard let challenge = engine.currentChallenge else { return "mfa wrong" }
        switch response {
        case .device(let index): return "mfa \(index)"
        case .selections(let picks): return "mfa " + picks.map(String.init).joined(separator: " | ")
        case .code(let code):
            return "mfa " + (challenge.expected.first?.accepts(code) == true ? "\(SandboxCredentials.deviceCode)" : "0000")
        case .answers(let answers):
            return "mfa " + zip(answers, challenge.expected).map { answer, expected in
                guard expected.accepts(answer), case .answer(let round, let question) = expected else { return "wrong_answer" }
                return "answer_\(round)_\(question)"
            }.joined(separator: " | ")
        }
    }

    /// The documented sandbox password that does what `outcome` says.
    static func sandboxPassword(for outcome: SandboxCredentials.Outcome) -> String {
        switch outcome {
        case .authenticated: return "pass_good"
        case .automatedMicrodeposits: return "\(SandboxAuth.automatedMicrodepositsPassword)"
        case .recaptcha(let good): return good ? #"{"recaptcha":"good"}"# : #"{"recaptcha":"bad"}"#
        case .failed(let error):
            return error == SandboxErrorCatalog.invalidCredentials ? "wrong_password" : "error_" + error.error.errorCode.errorCode
        case .mfa(let challenges):
            guard let first = challenges.first else { return "pass_good" }
            switch first.type {
            case .device, .code: return "mfa_device"
            case .questions: return "mfa_questions_\(first.roundCount)_\(first.prompts.count)"
            case .selections:
                return challenges.count == 1 && first.prompts.count == 1 && first.prompts[0].options == ["Yes", "No"]
                    ? "mfa_selections" : "mfa_selections_\(first.roundCount)_\(first.prompts.count)_\(first.prompts[0].options.count)"
            }
        }
    }

    /// The sandbox's documented SSN (Leslie Knope's).
    static let sandboxSSN: StaticString = "123-45-6789"
}
