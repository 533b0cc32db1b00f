import LinkKit
import LinkSDK

/// MeshOAuthPane: the integration's own page: approve or cancel.
struct MeshOAuthPane: PaneView {
    var approve = true

    func title(_ context: MeshPaneContext) -> String? { " \(context.integrationName) " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("←/→", "choose", matches: [.left, .right]), MeshKeyBinding("Enter", "press", matches: [.enter]),
                MeshKeyBinding("Esc", "cancel", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { approve = true }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .left, .right, .tab, .backTab: approve.toggle(); return .handled
        case .enter: return .send(.oauth(approve: approve))
        case .escape: return .send(.oauth(approve: false))
        default: return .ignored
        }
    }

    /// `oauth approve`: to Approve, Enter; `oauth cancel`: Esc.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .oauth(let approving) = action else { return nil }
        guard approving else { return [.escape] }
        return (approve ? [] : [.left]) + [.enter]
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("\(context.integrationName) asks you to allow Mesh to connect your account.", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("In the sandbox the integration's page is simulated here; approving signs you in with the full portfolio.",
                             y: y, area: area, style: s.muted) + 1
        // the focused button alone in the selection style (as the exit dialogs' and Connected's)
        buffer.buttonRow(["Allow", "Cancel"], focused: approve ? 0 : 1, y: min(area.maxY - 1, y), area: area, styles: s)
        return nil
    }
}

/// MeshAccountsPane: a login with several accounts: tick the ones to connect.
struct MeshAccountsPane: PaneView {
    var list = MeshList()
    var checked: Set<Int> = []

    func title(_ context: MeshPaneContext) -> String? { " Choose accounts " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("↑/↓", "move", matches: [.up, .down]), MeshKeyBinding("Space", "tick", matches: [.char(" ")]),
                MeshKeyBinding("Enter", "connect", matches: [.enter]), MeshKeyBinding("Esc", "exit", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) {
        list.cursor.reset()
        checked = []
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        let count = context.engine.integration?.accounts.count ?? 0
        if list.handle(key, count: count) { return .handled }
        switch key {
        case .char(" "):
            if checked.contains(list.cursor.index) { checked.remove(list.cursor.index) } else { checked.insert(list.cursor.index) }
            return .handled
        case .enter:
            return .send(.selectAccounts(checked.isEmpty ? [list.cursor.index] : checked.sorted()))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `accounts`: Space on each row, in order, then Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .selectAccounts(let indices) = action else { return nil }
        var keys: [Key] = []
        var at = list.cursor.index
        for index in Set(indices).sorted() {
            keys += KeyPlanner.moves(from: at, to: index) + [.char(" ")]
            at = index
        }
        return keys + [.enter]
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        let accounts = context.engine.integration?.accounts ?? []
        buffer.text("Choose the accounts to connect", y: area.y, x: area.x, area: area, style: s.title)
        let rows = accounts.enumerated().map { (checked.contains($0.offset) ? "[x] " : "[ ] ") + $0.element }
        list.draw(rows, y: area.y + 2, into: &buffer, area: area, styles: s, button: "Connect")
        return nil
    }
}

/// MeshConnectedPane: the integration is connected: continue (or the transfer), or link another.
struct MeshConnectedPane: PaneView {
    var linkAnother = false

    func title(_ context: MeshPaneContext) -> String? { " Connected " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("←/→", "choose", matches: [.left, .right]), MeshKeyBinding("Enter", "press", matches: [.enter]),
                MeshKeyBinding("Esc", "exit", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { linkAnother = false }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .left, .right, .tab, .backTab: linkAnother.toggle(); return .handled
        case .enter: return .send(linkAnother ? .linkAnother : .primary)
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `done`: Enter on Done; `link-another`: Enter on Link another account.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        switch action {
        case .primary: return linkAnother ? [.left, .enter] : [.enter]
        case .linkAnother: return (linkAnother ? [] : [.right]) + [.enter]
        default: return nil
        }
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("✓ Connected", y: area.y, area: area, style: s.success) + 1
        let connection = context.lastConnection
        let tokens: [JSONValue]
        if case .array(let list)? = connection?[["accessToken", "accountTokens"]] { tokens = list } else { tokens = [] }
        let sentence = tokens.count > 1 ? "Your \(tokens.count) \(context.integrationName) accounts are connected."
            : connection?["delayedAuth"] != nil ? "Your \(context.integrationName) account is connected; Mesh finishes signing in later."
            : "Your \(context.integrationName) account is connected."
        y = buffer.paragraph(sentence, y: y, area: area, style: s.text) + 1
        // each account and its balance, as Mesh's own card lists them (while rows are left for the buttons)
        for token in tokens where y < area.maxY - 2 {
            let name = sanitizeForTerminal(MeshExpectation.text(at: "account.accountName", in: token))
            let balance = Double(MeshExpectation.text(at: "account.fund", in: token)).map(Money.usd) ?? ""
            let used = buffer.text(name, y: y, x: area.x, area: area, style: s.text)
            buffer.text(balance, y: y, x: max(area.x + used + 2, area.maxX - displayWidth(of: balance)), area: area, style: s.title)
            y += 1
        }
        if !tokens.isEmpty { y += 1 }
        let primary = context.engine.configuration.isTransferLink ? "Continue to transfer" : "Done"
        buffer.buttonRow([primary, "Link another account"], focused: linkAnother ? 1 : 0, y: min(area.maxY - 1, y), area: area,
                         styles: s)
        return nil
    }
}
