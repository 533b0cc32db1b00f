/// PresentationOptions: how the app asked Link to look (LinkKit's `noLoadingState` and
/// `showGradientBackground`), for whatever presents the session.
public struct PresentationOptions: Hashable, Sendable {
    /// Skip Link's loading animation: the LOADING pane is drawn empty (the app shows its own
    /// until `OPEN` or `EXIT`).
    public var noLoadingState = false
    /// `false`: a solid background behind Link instead of the shaded one.
    public var showGradientBackground = true

    /// The defaults: Link's loading animation, the shaded background.
    public init(noLoadingState: Bool = false, showGradientBackground: Bool = true) {
        self.noLoadingState = noLoadingState
        self.showGradientBackground = showGradientBackground
    }
}
