import LinkKit

/// TerminalPresentation: shows a Plaid Link session full screen in this process's terminal, the
/// terminal's answer to LinkKit's presentation methods: `session.open(using: .terminal)` and
/// `handler.open(presentUsing: .terminal)` run the session here until it ends (the callbacks
/// fire as it goes), then restore the terminal and return.
public final class TerminalPresentation: LinkPresentation {
    /// The theme drawn with.
    public var theme: Theme
    /// Where the event log goes.
    public var logPlacement: LogPlacement
    /// How the session ended, once it has.
    public private(set) var end: SessionEnd?
    /// Why the terminal could not show the session, if it could not (then no session ran).
    public private(set) var problem: String?

    /// A presentation with `theme` and the log panel at `logPlacement`.
    public init(theme: Theme = ThemeLoader.defaultTheme, logPlacement: LogPlacement = .auto) {
        self.theme = theme
        self.logPlacement = logPlacement
    }

    public func present(_ driver: SessionDriver) {
        let screen: TerminalScreen
        do {
            try TerminalScreen.checkUsable()
            screen = try TerminalScreen.open(capture: false)
        } catch {
            problem = "\(error)"
            return
        }
        let shown = screen.colorCount == 0 ? ((try? ThemeLoader.load("monochrome")) ?? theme) : theme
        let runner = TerminalRunner(app: LinkApp(driver: driver, theme: shown, logPlacement: logPlacement), screen: screen)
        // `continue(from:)` from the app's other threads wakes the loop asleep on input
        driver.mailbox.onPost(TerminalScreen.wakeLoop)
        end = runner.run()
        driver.mailbox.onPost {}
        screen.close()
    }
}

extension LinkPresentation where Self == TerminalPresentation {
    /// The terminal this process runs in (`open(using: .terminal)`), with the default theme.
    public static var terminal: TerminalPresentation { TerminalPresentation() }
}
