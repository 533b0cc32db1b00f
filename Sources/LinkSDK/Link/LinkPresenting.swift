/// LinkPresenting: what a host provides so `LinkHandler.present(in:)` can show Link over it (on
/// iOS, the presenting view controller). LinkUI's `TerminalLinkHost` is the terminal's.
public protocol LinkPresenting {
    /// Shows Link for `handler`: runs a session from `handler.create()` until the user exits, then
    /// closes it after the app's `onExit` has run.
    func present(_ handler: LinkHandler)
}
