import LinkKit

/// NumbersPane: NUMBERS: the routing number, then the account number and its type, each checked
/// as it is submitted (9 digits and the ABA checksum; 4 to 17 digits; for a signed-in account,
/// its last digits) with the problem shown under the field.
struct NumbersPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Account numbers " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        let esc = PlaidKeyBinding("Esc", "back", matches: [.escape], sends: .back)
        return stage(context) == .routing
            ? PlaidKeyMap([PlaidKeyBinding("Enter", "continue", matches: [.enter]), esc])
            : PlaidKeyMap([PlaidKeyBinding("Tab", "checking/savings", matches: [.tab]), PlaidKeyBinding("Enter", "continue", matches: [.enter]), esc])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The routing number field.
    var routing = TextField(maxLength: 9 + 8)
    /// The account number field.
    var account = TextField(maxLength: 17 + 8)
    /// The account type chosen.
    var accountType = DepositAccountType.checking
    /// What was wrong with the last submission, shown under the field.
    var problem: String?

    private func stage(_ context: PlaidPaneContext) -> NumbersStage {
        if case .numbers(let stage) = context.pane { stage } else { .routing }
    }

    /// A new visit starts empty; back from the account number, the routing number stays.
    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        problem = nil
        guard !returning else { return }
        if stage(context) == .routing {
            if let typed = context.engine.routingNumber { routing.set(typed) } else { routing.clear() }
            account.clear()
            accountType = .checking
        }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        let stage = stage(context)
        switch key {
        case .escape:
            return .send(.back)
        case .tab where stage == .account, .backTab where stage == .account:
            accountType = accountType == .checking ? .savings : .checking
            return .handled
        case .enter where stage == .routing:
            problem = SandboxAuth.routingNumberProblem(routing.text)
            return problem == nil ? .send(.submitRoutingNumber(routing.text)) : .handled
        case .enter:
            problem = context.engine.accountNumberProblem(account.text)
            return problem == nil ? .send(.submitAccountNumber(account.text, accountType)) : .handled
        default:
            let edited = stage == .routing ? routing.handle(key) : account.handle(key)
            guard let edited else { return .ignored }
            if edited { problem = nil }
            return .handled
        }
    }

    /// `numbers R A [type]`: type the routing number, Enter, the account number, the type, Enter
    /// (on the account number already, only that; a routing number whose bank is offered
    /// instead stops there, as replay does).
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .numbers(let routingNumber, let accountNumber, let type) = command else { return nil }
        let toggle: [Key] = type == accountType ? [] : [.tab]
        let account: [Key] = [.ctrl("u")] + accountNumber.map { Key.char($0) } + toggle + [.enter]
        if stage(context) == .account { return account }
        let routing: [Key] = [.ctrl("u")] + routingNumber.map { Key.char($0) } + [.enter]
        let rerouted = context.engine.authFlow == .sameDayMicrodeposits && SandboxAuth.institutionsByRoutingNumber[routingNumber] != nil
        return rerouted ? routing : routing + account
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let stage = stage(context)
        let heading = context.engine.institution.map { "Enter your \(sanitizeForTerminal($0.name)) account details" }
            ?? "Enter your account details"
        var y = buffer.paragraph(heading, y: area.y, area: area, style: s.title) + 1
        if case .instantMatch? = context.engine.authFlow, let mask = context.engine.sharedAccounts.first?.mask {
            y = buffer.paragraph("The numbers of the account ending in \(mask), to match it with your bank.", y: y, area: area, style: s.muted) + 1
        }
        var cursor: CellPosition?
        if stage == .routing {
            cursor = buffer.field(routing, label: "Routing number", y: y, area: area, labelWidth: 18, focused: true, styles: s)
            buffer.text("9 digits, on a check or your bank's site", y: y + 1, x: area.x + 18, area: area, style: s.muted)
            y += 2
        } else {
            buffer.text("  Routing number  \(context.engine.routingNumber ?? "")", y: y, x: area.x, area: area, style: s.muted)
            y += 2
            cursor = buffer.field(account, label: "Account number", y: y, area: area, labelWidth: 18, focused: true, styles: s)
            y += 2
            let checking = accountType == .checking ? "(•) Checking  ( ) Savings" : "( ) Checking  (•) Savings"
            buffer.text("  Account type    " + checking, y: y, x: area.x, area: area, style: s.text)
            y += 1
        }
        if let problem {
            y = buffer.paragraph("✗ " + problem, y: y + 1, area: area, style: s.error)
        }
        buffer.paragraph("Sandbox: routing 110000000 (same-day), 021000021 (Houndstooth), 333333334 (Windowpane); "
                         + "account 1111222233330000", y: max(y + 1, area.maxY - 2), area: area, style: s.muted)
        return cursor
    }
}
