import LinkKit
import LinkSDK

/// KeyBindingOf: a named key binding of a flavor whose engine takes `Action`; footers and the
/// help overlay are generated from these, and a pane whose binding names its action handles the
/// key from here (``KeyMapOf/action(for:)``). Plaid's panes write ``PlaidKeyBinding``, Mesh's
/// ``MeshKeyBinding``; the keys every pane shares and the log panel's send nothing (``KeyLabel``).
///
/// `Action` is asked to be `Sendable` only, and the binding is `Hashable` where its action is:
/// a generic type whose parameter must be `Hashable` costs the Swift runtime a search through
/// every protocol conformance of the program the first time it is made (about 250,000
/// instructions, twice on the way to the first frame: Plaid's actions and `Never`).
public struct KeyBindingOf<Action: Sendable>: Sendable {
    /// The keys as a person reads them, e.g. `Enter` or `↑/↓`.
    var keys: String
    /// What they do, short, e.g. `continue`.
    var action: String
    /// The keys the binding stands for (a test presses each and checks the pane uses it).
    var matches: [Key]
    /// The engine action the keys send, where the binding is that simple.
    var sends: Action?

    /// Creates a binding shown as `keys` for `action`, matching `matches`, sending `sends`.
    init(_ keys: String, _ action: String, matches: [Key] = [], sends: Action? = nil) {
        self.keys = keys
        self.action = action
        self.matches = matches
        self.sends = sends
    }

    /// The binding as shown (what it sends left out).
    var label: KeyLabel { KeyLabel(keys, action, matches: matches) }
}

extension KeyBindingOf: Equatable where Action: Equatable {}
extension KeyBindingOf: Hashable where Action: Hashable {}

/// KeyMapOf: the bindings of one pane, in the order the footer shows them (`Hashable` where its
/// actions are: see ``KeyBindingOf``).
public struct KeyMapOf<Action: Sendable>: Sendable {
    /// The bindings.
    var bindings: [KeyBindingOf<Action>]

    /// Creates a key map.
    init(_ bindings: [KeyBindingOf<Action>]) { self.bindings = bindings }

    /// The action of the binding that matches `key` and names one, if any.
    func action(for key: Key) -> Action? {
        bindings.first { $0.sends != nil && $0.matches.contains(key) }?.sends
    }

    /// The bindings as shown.
    var labels: KeyLabels { KeyLabels(bindings.map { $0.label }) }
}

extension KeyMapOf: Equatable where Action: Equatable {}
extension KeyMapOf: Hashable where Action: Hashable {}

/// A Plaid pane's binding.
typealias PlaidKeyBinding = KeyBindingOf<UserAction>
/// A Plaid pane's key map.
typealias PlaidKeyMap = KeyMapOf<UserAction>
/// A Mesh pane's binding.
typealias MeshKeyBinding = KeyBindingOf<MeshAction>
/// A Mesh pane's key map.
typealias MeshKeyMap = KeyMapOf<MeshAction>
/// A binding that sends nothing: the keys every pane shares, the log panel's, any pane's as shown.
public typealias KeyLabel = KeyBindingOf<Never>
/// Bindings that send nothing.
public typealias KeyLabels = KeyMapOf<Never>

extension KeyMapOf where Action == Never {
    /// Keys every pane shares, shown last in the footer.
    static let global = KeyLabels([
        KeyLabel("F1", "help", matches: [.function(1)]), KeyLabel("F2", "log", matches: [.function(2)]),
        KeyLabel("Ctrl-C", "quit", matches: [.ctrl("c")]),
    ])
}
