import LinkKit

/// PaneContext: what a pane reads to handle keys and draw: the engine's state, the styles,
/// the search index. Panes never change the engine; they return actions.
public struct PaneContext {
    /// The session's state.
    public let engine: LinkEngine
    /// The styles to draw with.
    public let styles: ThemeStyles
    /// The directory's search index.
    public let search: InstitutionSearch

    /// The selected institution's name, sanitised for the terminal.
    public var institutionName: String {
        engine.institution.map { sanitizeForTerminal($0.name) } ?? "your bank"
    }
}

/// PaneResult: what a key did in a pane.
public enum PaneResult: Equatable {
    /// The pane does not use the key.
    case ignored
    /// The pane's own state changed (redraw).
    case handled
    /// The engine should apply this action.
    case send(UserAction)
}

/// PaneFrame: the area a pane draws in, and where the cursor should be (for a focused field).
public struct PaneFrame {
    /// The content area (inside the pane's border).
    public var area: Rect
    /// The cursor, where a text field has focus.
    public var cursor: CellPosition?
}
