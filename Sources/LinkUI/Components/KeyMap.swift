import LinkKit

/// KeyBinding: a named key binding; footers and the help overlay are generated from these, and a
/// pane whose binding names its action handles the key from here (``KeyMap/action(for:)``).
public struct KeyBinding: Hashable, Sendable {
    /// The keys as a person reads them, e.g. `Enter` or `↑/↓`.
    var keys: String
    /// What they do, short, e.g. `continue`.
    var action: String
    /// The keys the binding stands for (a test presses each and checks the pane uses it).
    var matches: [Key]
    /// The engine action the keys send, where the binding is that simple.
    var sends: UserAction?

    /// Creates a binding shown as `keys` for `action`, matching `matches`, sending `sends`.
    init(_ keys: String, _ action: String, matches: [Key] = [], sends: UserAction? = nil) {
        self.keys = keys
        self.action = action
        self.matches = matches
        self.sends = sends
    }
}

/// KeyMap: the bindings of one pane, in the order the footer shows them.
public struct KeyMap: Hashable, Sendable {
    /// The bindings.
    var bindings: [KeyBinding]

    /// Creates a key map.
    init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action of the binding that matches `key` and names one, if any.
    func action(for key: Key) -> UserAction? {
        bindings.first { $0.sends != nil && $0.matches.contains(key) }?.sends
    }

    /// Keys every pane shares, shown last in the footer.
    static let global = KeyMap([
        KeyBinding("F1", "help", matches: [.function(1)]), KeyBinding("F2", "log", matches: [.function(2)]),
        KeyBinding("Ctrl-C", "quit", matches: [.ctrl("c")]),
    ])
}
