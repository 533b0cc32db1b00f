import LinkKit

/// PlaidPaneContext: what a pane reads to handle keys and draw: the pane it is asked about, the
/// engine's state, the styles, the search index, the time. Panes never change the engine; they
/// return actions.
struct PlaidPaneContext {
    /// The engine pane being handled or drawn (for a dialog's underlay, the pane underneath).
    var pane: Pane
    /// The session's state.
    let engine: LinkEngine
    /// The styles to draw with.
    let styles: ThemeStyles
    /// The directory's search index.
    let search: InstitutionSearch
    /// The session clock, in milliseconds (animations: the LOADING spinner).
    let now: Int64
    /// How the session ended, once it has.
    let outcome: SessionOutcome?
    /// How the app asked Link to look (`noLoadingState`, `showGradientBackground`).
    var presentation = PresentationOptions()

    /// The selected institution's name, sanitised for the terminal.
    var institutionName: String {
        engine.institution.map { sanitizeForTerminal($0.name) } ?? "your bank"
    }

    /// Whether account select takes exactly one account.
    var singleAccount: Bool { engine.configuration.accountSelection == .single }
}

extension PlaidPaneContext: FlavorPaneContext {
    typealias Action = UserAction
    typealias EnginePane = Pane
    typealias Command = ScenarioCommand
}

/// PaneOutcome: what a key did in a pane of a flavor whose engine takes `Action`.
enum PaneOutcome<Action: Hashable & Sendable>: Hashable {
    /// The pane does not use the key.
    case ignored
    /// The pane's own state changed (redraw).
    case handled
    /// The engine should apply this action.
    case send(Action)
}

/// What a key did in a Plaid pane.
typealias PlaidPaneResult = PaneOutcome<UserAction>
