/// KeyBinding: a named key binding; footers and the help overlay are generated from these.
public struct KeyBinding: Hashable, Sendable {
    /// The keys as a person reads them, e.g. `Enter` or `↑/↓`.
    public var keys: String
    /// What they do, short, e.g. `continue`.
    public var action: String

    /// Creates a binding.
    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// KeyMap: the bindings of one pane, in the order the footer shows them.
public struct KeyMap: Hashable, Sendable {
    /// The bindings.
    public var bindings: [KeyBinding]

    /// Creates a key map.
    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// Keys every pane shares, shown last in the footer.
    public static let global = KeyMap([
        KeyBinding("F1", "help"), KeyBinding("F2", "log"), KeyBinding("Ctrl-C", "quit"),
    ])
}
