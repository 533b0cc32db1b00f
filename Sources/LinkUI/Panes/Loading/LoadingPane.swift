import LinkKit

/// LoadingPane: a simulated request in flight; a spinner, no keys but the global ones.
struct LoadingPane: PaneView {
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long one frame of the spinner shows, in milliseconds.
    static let frameMillis: Int64 = 80

    /// When the request started (the spinner's first frame).
    var since: Int64 = 0

    func title(_ context: PlaidPaneContext) -> String? { " Loading " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap { PlaidKeyMap([]) }

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        since = context.now
    }

    /// The spinner's frame number at `now` (a new one every ``frameMillis``).
    func frame(at now: Int64) -> Int64 { max(0, now - since) / Self.frameMillis }

    /// The spinner turns: the next frame is due at the next multiple of ``frameMillis``.
    func redrawsAt(_ context: PlaidPaneContext) -> Int64? {
        if context.presentation.noLoadingState { return nil }
        return since + (frame(at: context.now) + 1) * Self.frameMillis
    }

    /// Draws the spinner frame of the moment and what is being waited for; nothing when the app
    /// asked for no loading state (it shows its own).
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        if context.presentation.noLoadingState { return nil }
        let frame = Self.frames[Int(frame(at: context.now) % Int64(Self.frames.count))]
        let y = area.y + max(0, area.height / 2 - 1)
        buffer.centered("\(frame) Connecting to \(context.institutionName)…", y: y, area: area, style: context.styles.accent)
        buffer.centered("This sandbox takes \(context.engine.configuration.latencyMillis) ms to answer.",
                        y: y + 2, area: area, style: context.styles.muted)
        return nil
    }
}
