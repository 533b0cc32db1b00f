/// TerminalApp: what ``TerminalRunner`` drives: a flavor's UI over its session (either flavor's
/// ``FlavorApp``). The runner turns the terminal into
/// ``AppMessage``s, does the ``AppEffects`` answered, and draws what `render` returns; it knows
/// nothing of panes, engines or records (docs/ARCHITECTURE.md §4a).
public protocol TerminalApp: AnyObject {
    /// Starts the session.
    func start()
    /// The one entry of the loop: applies `message`, says what the terminal's owner must do.
    func update(_ message: AppMessage) -> AppEffects
    /// Draws the whole screen; the cursor where a field has focus.
    func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?)
    /// Draws the whole screen at another size (a watcher's, see ``Audience``) and leaves the app
    /// as the last ``render(rows:cols:)`` left it: its layout (for clicks), its panes' scrolling.
    func renderCopy(rows: Int, cols: Int) -> CellBuffer
    /// When the loop next has something to do by itself, on the session clock.
    var nextDeadline: Int64? { get }
    /// The session clock, in milliseconds.
    var now: Int64 { get }
    /// How the loop ended, once ``AppEffects/leave`` was asked.
    var end: SessionEnd { get }
    /// Whether the last frame was the "terminal too small" note.
    var isTooSmall: Bool { get }
    /// Text the person asked to copy (the inspector's `y`), taken once: the runner sends it to
    /// the terminal's clipboard.
    func takeClipboard() -> String?
}

extension TerminalApp {
    /// Nothing to copy.
    public func takeClipboard() -> String? { nil }

    /// ``render(rows:cols:)``'s buffer, for an app that keeps nothing of the size it last drew at.
    public func renderCopy(rows: Int, cols: Int) -> CellBuffer { render(rows: rows, cols: cols).buffer }
}
