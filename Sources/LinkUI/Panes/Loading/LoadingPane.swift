import LinkKit

/// LoadingPane: a simulated request in flight; a spinner, no keys but the global ones.
public struct LoadingPane {
    /// The pane's bindings: none of its own.
    public static let keyMap = KeyMap([])

    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Draws the spinner frame `tick` and what is being waited for.
    public static func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext, tick: Int) {
        let frame = frames[tick % frames.count]
        let y = area.y + max(0, area.height / 2 - 1)
        buffer.centered("\(frame) Connecting to \(context.institutionName)…", y: y, area: area, style: context.styles.accent)
        buffer.centered("This sandbox takes \(context.engine.configuration.latencyMillis) ms to answer.",
                        y: y + 2, area: area, style: context.styles.muted)
    }
}
