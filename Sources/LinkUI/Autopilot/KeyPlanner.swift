import LinkKit

/// KeyPlanner: the keys a person would press to carry out one scenario step on the current screen.
///
/// It reads the panes' own state (the highlighted row, the focused field) so that the keys typed
/// are exactly what a user would type: arrows to reach a row, Space to tick a box, Enter.
enum KeyPlanner {
    /// The keys for `command`, or why the step does not fit the pane the session is on.
    static func keys(for command: ScenarioCommand, app: LinkApp) throws(ActionRejected) -> [Key] {
        let engine = app.driver.engine
        let pane = engine.pane
        func misfit() -> ActionRejected {
            ActionRejected("\(command.verb) does not fit the \(pane.viewName?.description ?? "finished") pane")
        }
        func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }
        func typed(_ secret: Secret) -> [Key] { keys(typing: secret) }
        // does the step fit? asked of the engine, on a copy: the answer replay gets (`wait` is no action)
        if !command.isWait, let refusal = engine.refusal(of: try ScenarioRunner.action(for: command, engine: engine)) {
            throw refusal
        }
        switch command {
        case .continue:
            return [.enter]  // on every pane where the engine takes `continue`, Enter is the primary action
        case .search(let text):
            guard pane == .selectInstitution else { throw misfit() }
            return [.ctrl("u")] + typed(text)
        case .select(let id):
            guard pane == .selectInstitution else { throw misfit() }
            guard engine.configuration.directory[id] != nil else {
                throw ActionRejected("there is no institution \(id) in the directory")
            }
            let rows = app.searchPane.rows(app.context)
            if let target = rows.firstIndex(where: { $0.record.id == id }) {
                return moves(from: app.searchPane.cursor.index, to: target) + [.enter]
            }
            // not listed: search for its id, which ranks it first
            return [.ctrl("u")] + typed(id) + [.enter]
        case .credentials(let username, let password):
            guard pane == .credential else { throw misfit() }
            let toUsername: [Key] = app.credentials.focus == 0 ? [] : [.backTab]
            return toUsername + [.ctrl("u")] + typed(username) + [.tab, .ctrl("u")]
                + typed(password) + [.enter]
        case .mfa(let answers):
            guard pane == .mfa, let challenge = engine.currentChallenge else { throw misfit() }
            return try mfaKeys(answers, challenge: challenge, app: app)
        case .accounts(let indices):
            guard pane == .selectAccount else { throw misfit() }
            var keys: [Key] = []
            var at = app.accounts.cursor.index
            var checked = app.accounts.checked
            if engine.configuration.accountSelection == .single { checked = [] }
            for index in indices.sorted() where !checked.contains(index) {
                guard engine.accounts.indices.contains(index) else {
                    throw ActionRejected("there is no account \(index); choose from 0 to \(engine.accounts.count - 1)")
                }
                keys += moves(from: at, to: index) + [.char(" ")]
                at = index
                checked.insert(index)
            }
            for index in checked.subtracting(indices).sorted() {
                keys += moves(from: at, to: index) + [.char(" ")]
                at = index
            }
            return keys + [.enter]
        case .allAccounts:
            guard pane == .selectAccount else { throw misfit() }
            return (app.accounts.checked.count == engine.accounts.count ? [] : [.char("a")]) + [.enter]
        case .oauth(let result):
            guard pane == .oauth(.signIn) else { throw misfit() }
            switch result {
            case .approve: return Array(repeating: Key.tab, count: (2 - app.oauth.focus + 5) % 5) + [.enter]
            case .cancel: return [.escape]
            case .fail: return Array(repeating: Key.tab, count: (4 - app.oauth.focus + 5) % 5) + [.enter]
            }
        case .back:
            return [.escape]
        case .exit:
            if case .exitConfirmation = pane { throw misfit() }
            return [.ctrl("x")]
        case .confirm:
            guard case .exitConfirmation = pane else { throw misfit() }
            return [.char("y")]
        case .stay:
            guard case .exitConfirmation = pane else { throw misfit() }
            return [.char("n")]
        case .quit:
            return [.ctrl("c")]
        case .wait:
            return []
        }
    }

    /// The keys that type `secret`: one character key each, decoded from its bytes (never a
    /// `String` of the whole secret).
    static func keys(typing secret: Secret) -> [Key] {
        var keys: [Key] = []
        secret.forEachCharacter { keys.append(.char($0)) }
        return keys
    }

    static func moves(from: Int, to: Int) -> [Key] {
        to >= from ? Array(repeating: .down, count: to - from) : Array(repeating: .up, count: from - to)
    }

    static func mfaKeys(_ answers: [Secret], challenge: MFAChallenge, app: LinkApp) throws(ActionRejected) -> [Key] {
        // the same response replay sends, checked as the engine will check it; then the keys
        let response = try challenge.response(to: answers)
        defer { response.wipe() }
        if let problem = challenge.problem(with: response) { throw ActionRejected(problem) }
        let toFirstField: [Key] = Array(repeating: .backTab, count: app.mfa.focus)
        switch response {
        case .device(let index):
            return moves(from: app.mfa.highlighted.first ?? 0, to: index) + [.enter]
        case .code(let code):
            return toFirstField + [.ctrl("u")] + Self.keys(typing: code) + [.enter]
        case .answers(let typed):
            var keys = toFirstField
            for (index, answer) in typed.enumerated() {
                if index > 0 { keys.append(.tab) }
                keys.append(.ctrl("u"))
                keys += Self.keys(typing: answer)
            }
            return keys + [.enter]
        case .selections(let picks):
            var keys = toFirstField
            for (number, pick) in picks.enumerated() {
                let from = app.mfa.highlighted.indices.contains(number) ? app.mfa.highlighted[number] : 0
                keys += moves(from: from, to: pick) + [.char(" ")]
            }
            return keys + [.enter]
        }
    }
}
