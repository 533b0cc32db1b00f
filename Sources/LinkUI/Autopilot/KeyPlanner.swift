import LinkKit

/// KeyPlanner: the keys a person would press to carry out one scenario step on the current screen.
///
/// It reads the panes' own state (the highlighted row, the focused field) so that the keys typed
/// are exactly what a user would type: arrows to reach a row, Space to tick a box, Enter.
enum KeyPlanner {
    /// The keys for `command`, or why the step does not fit the pane the session is on.
    static func keys(for command: ScenarioCommand, app: LinkApp) throws(ActionRejected) -> [Key] {
        let engine = app.driver.engine
        // does the step fit? asked of the engine, on a copy: the answer replay gets (`wait` is no action)
        if !command.isWait, let refusal = engine.refusal(of: try ScenarioRunner.action(for: command, engine: engine)) {
            throw refusal
        }
        // the keys every pane shares
        switch command {
        case .continue: return [.enter]  // on every pane where the engine takes `continue`, Enter is the primary action
        case .control(.back): return [.escape]
        case .control(.requestExit): return [.ctrl("x")]
        case .control(.quit): return [.ctrl("c")]
        case .wait: return []
        default: break
        }
        // the pane's own: it knows its fields, its rows, its buttons
        let pane = engine.pane
        if let keys = try app.panes.view(for: pane).keys(for: command, context: app.context(for: pane)) { return keys }
        throw ActionRejected("\(command.verb) does not fit the \(pane.viewName?.description ?? "finished") pane")
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
}
