import LinkKit
import LinkSDK

/// MeshKeyPlanner: the keys a person presses on the Mesh pane shown to carry out one scenario
/// step: arrows to a row, Enter, typing into a field; read from the panes' own state.
enum MeshKeyPlanner {
    /// The keys for `command`, or why it does not fit (the engine is asked first, on a copy).
    static func keys(for command: MeshScenarioCommand, app: MeshApp) throws(ActionRejected) -> [Key] {
        guard case .action(let action) = command else { return [] }
        let engine = app.driver.engine
        if let refusal = engine.refusal(of: action.copy()) { throw refusal }
        func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }
        func secret(_ value: Secret) -> [Key] { KeyPlanner.keys(typing: value) }
        func pick(_ index: Int?, from cursor: Int, _ what: String) throws(ActionRejected) -> [Key] {
            guard let index else { throw ActionRejected("\(what) is not listed on the \(engine.paneName) pane") }
            return KeyPlanner.moves(from: cursor, to: index) + [.enter]
        }
        switch action {
        case .control(.quit): return [.ctrl("c")]
        case .control(.requestExit): return [.ctrl("x")]
        case .control(.confirmExit): return [.char("y")]
        case .control(.cancelExit): return [.char("n")]
        case .control(.back): return [.escape]
        case .primary:
            if case .exitConfirmation = engine.pane { return [.char("y")] }
            if engine.pane == .connected, app.pane(MeshConnectedPane.self)?.linkAnother == true { return [.left, .enter] }
            return [.enter]
        case .linkAnother:
            return (app.pane(MeshConnectedPane.self)?.linkAnother == true ? [] : [.right]) + [.enter]
        case .setQuery(let text):
            return [.ctrl("u")] + typed(text)
        case .selectIntegration(let name):
            let rows = engine.listedIntegrations
            let target = MeshSandbox.integration(name)
            if let index = rows.firstIndex(where: { $0.brokerType == target?.brokerType }) {
                return try pick(index, from: app.pane(MeshCatalogPane.self)?.list.cursor.index ?? 0, name)
            }
            return [.ctrl("u")] + typed(target?.brokerType ?? name) + [.enter]  // not listed: search for it
        case .submitCredentials(let username, let password):
            let toUsername: [Key] = app.pane(MeshCredentialsPane.self)?.fields.focus == 1 ? [.backTab] : []
            return toUsername + [.ctrl("u")] + typed(username) + [.tab, .ctrl("u")] + secret(password) + [.enter]
        case .oauth(let approve):
            guard approve else { return [.escape] }
            return (app.pane(MeshOAuthPane.self)?.approve == false ? [.left] : []) + [.enter]
        case .submitCode(let code):
            return [.ctrl("u")] + secret(code) + [.enter]
        case .selectAccounts(let indices):
            var keys: [Key] = []
            var at = app.pane(MeshAccountsPane.self)?.list.cursor.index ?? 0
            for index in Set(indices).sorted() {
                keys += KeyPlanner.moves(from: at, to: index) + [.char(" ")]
                at = index
            }
            return keys + [.enter]
        case .selectAsset(let symbol):
            let index = engine.eligibleAssets.firstIndex { $0.symbol.lowercased() == symbol.lowercased() }
            return try pick(index, from: app.pane(MeshAssetPane.self)?.list.cursor.index ?? 0, symbol)
        case .selectNetwork(let idOrName):
            let networks = (engine.asset?.networks ?? []).compactMap { MeshSandbox.network($0) }
            let index = networks.firstIndex { $0.id == MeshSandbox.network(idOrName)?.id }
            return try pick(index, from: app.pane(MeshNetworkPane.self)?.list.cursor.index ?? 0, idOrName)
        case .enterAmount(let value):
            return [.ctrl("u")] + typed(MeshEngine.format(value)) + [.enter]
        }
    }
}
