import LinkKit

/// KeyPlanner: the keys a person would press to carry out one scenario step on the current
/// screen, for either flavor.
///
/// The engine is asked first, on a copy, whether the step fits (the answer replay gets). The
/// actions every flow has (``FlowControl``) have the same keys on every pane; any other step's
/// keys are asked of the pane shown, which reads its own state (the highlighted row, the focused
/// field) so that the keys typed are exactly what a user would type: arrows to reach a row, Space
/// to tick a box, Enter; a pane with no keys of its own for the main action takes Enter.
enum KeyPlanner {
    /// The keys for `command`, which means `action` on the pane shown (nil: a `wait`, no keys),
    /// or why the step does not fit it.
    static func keys<Flavor: AppFlavor>(for command: Flavor.Command, meaning action: Flavor.Action?, verb: String,
                                        primary: Flavor.Action, app: FlavorApp<Flavor>) throws(ActionRejected) -> [Key] {
        guard let action else { return [] }
        let flavor = app.flavor
        if let refusal = flavor.driver.engine.refusal(of: action) { throw refusal }
        if let control = FlowControl.allCases.first(where: { Flavor.Action.control($0) == action }) { return control.keys }
        if let keys = try flavor.paneKeys(for: command) { return keys }
        if action == primary { return [.enter] }
        throw ActionRejected("\(verb) does not fit the \(flavor.paneName) pane")
    }

    /// The keys that type `secret`: one character key each, decoded from its bytes (never a
    /// `String` of the whole secret).
    static func keys(typing secret: Secret) -> [Key] {
        var keys: [Key] = []
        secret.forEachCharacter { keys.append(.char($0)) }
        return keys
    }

    /// The keys that type `text`, one character each.
    static func keys(typing text: String) -> [Key] { text.map { Key.char($0) } }

    static func moves(from: Int, to: Int) -> [Key] {
        to >= from ? Array(repeating: .down, count: to - from) : Array(repeating: .up, count: from - to)
    }

    /// Arrows from the highlighted row `cursor` to row `index`, then Enter; refused when the row
    /// is not listed.
    static func pick(_ index: Int?, from cursor: Int, _ what: String, pane: String) throws(ActionRejected) -> [Key] {
        guard let index else { throw ActionRejected("\(what) is not listed on the \(pane) pane") }
        return moves(from: cursor, to: index) + [.enter]
    }
}

extension FlowControl {
    /// Its keys, the same on every pane: Esc, Ctrl-X, then the exit dialog's y and n, Ctrl-C.
    var keys: [Key] {
        switch self {
        case .back: [.escape]
        case .requestExit: [.ctrl("x")]
        case .confirmExit: [.char("y")]
        case .cancelExit: [.char("n")]
        case .quit: [.ctrl("c")]
        }
    }
}
