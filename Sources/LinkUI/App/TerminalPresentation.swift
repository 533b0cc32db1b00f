import LinkKit

/// TerminalPresentation: shows a Plaid Link session full screen in this process's terminal, the
/// terminal's answer to LinkKit's presentation methods: `session.open(using: .terminal)` and
/// `handler.open(presentUsing: .terminal)` run the session here until it ends (the callbacks
/// fire as it goes), then restore the terminal and return.
///
/// The command line opens its sessions through it too, with the extras it sets before `open`
/// (a screen it opened already, the events file, a recording, an autopilot).
public final class TerminalPresentation: LinkPresentation {
    /// The theme drawn with.
    public var theme: Theme
    /// Where the event log goes.
    public var logPlacement: LogPlacement
    /// A screen already open (the command line drew the first frame on it while the directory
    /// loaded): the session is shown there and the screen left open for its owner to close.
    /// `nil`: the presentation opens the terminal and restores it when the session ends.
    public var screen: TerminalScreen?
    /// The directory's search index, when it was built already.
    public var search: InstitutionSearch?
    /// Keys typed before the session started, handled first.
    public var typeahead: [Key] = []
    /// Plays a scenario through the UI.
    public var autopilot: Autopilot?
    /// A guided QA walk's checklist (`linkterm walk`).
    public var walk: WalkPanel<LinkEngine>?
    /// With an autopilot: leave once the play ends (after the last screen's hold).
    public var exitAtEnd = false
    /// Where each record is written as JSON Lines as it happens (the events file).
    public var eventsSink: JSONLinesSink?
    /// Records the screen as an asciicast.
    public var recorder: CastRecorder?
    /// Writes down the steps the person takes, as a scenario (`--save-scenario`).
    public var scenarioRecorder: ScenarioRecorder?
    /// Which SDK's callbacks the log panel and the events file show: LinkKit's (the default) or
    /// LinkKit v1's delegate calls.
    public var sdk: SDKGeneration = .current

    /// The error onExit gets when there is no terminal to show Link in (no tty, `TERM` unset or
    /// `dumb`): type `INTERNAL`, code `NO_TERMINAL`, the reason as its message.
    public static func noTerminalError(_ reason: String) -> ExitError {
        ExitError(errorCode: .internal(noTerminalCode), errorMessage: "Link could not be shown: \(reason)", displayMessage: nil)
    }

    /// The code of ``noTerminalError(_:)`` (type `INTERNAL`).
    public static let noTerminalCode = "NO_TERMINAL"

    /// How the session ended, once it has.
    public private(set) var end: SessionEnd?
    /// Why the terminal could not show the session, if it could not (then the session ended at
    /// once: `EXIT` and onExit with ``noTerminalError(_:)``).
    public private(set) var problem: String?
    /// The session's driver, once presented (its outcome, its engine's last state).
    public private(set) var driver: SessionDriver?
    /// The UI the session was shown in, once presented (the autopilot's report).
    public private(set) var app: LinkApp?
    /// The loop that ran it, once presented (what is left to record).
    public private(set) var runner: TerminalRunner?

    /// A presentation with `theme` and the log panel at `logPlacement`.
    public init(theme: Theme = ThemeLoader.defaultTheme, logPlacement: LogPlacement = .auto) {
        self.theme = theme
        self.logPlacement = logPlacement
    }

    public func present(_ driver: SessionDriver) {
        let screen: TerminalScreen
        let owned = self.screen == nil
        if let given = self.screen {
            screen = given
        } else {
            do {
                try TerminalScreen.checkUsable()
                screen = try TerminalScreen.open(capture: recorder != nil)
            } catch {
                // the app must hear how the session ended: onExit, with an error saying why
                problem = "\(error)"
                self.driver = driver
                driver.endUnshown(Self.noTerminalError(problem ?? ""))
                end = .exited
                return
            }
        }
        let shown = screen.shown(theme)
        self.driver = driver
        if let sink = eventsSink {
            switch sdk {
            case .current: driver.observe { sink.write($0) }
            case .v1: driver.observe { record in V1Callback(record).map(sink.write) }
            }
        }
        scenarioRecorder?.attach(to: driver)
        // (as LinkApp(driver:theme:logPlacement:search:) makes it, by generic code: see appAndRunner)
        let (app, runner) = appAndRunner(
            PlaidFlavor(driver: driver, styles: ThemeStyles(theme: shown, colorCount: screen.colorCount), search: search), logPlacement: logPlacement,
            screen: screen)
        app.autopilot = autopilot
        app.walk = walk
        app.exitAtEnd = exitAtEnd
        app.sdk = sdk
        runner.typeahead = typeahead
        runner.recorder = recorder
        // an output that fails wakes the loop at once: it shows the banner without waiting for a key
        runner.outputWatch = .watching(events: eventsSink, recording: recorder)
        self.app = app
        self.runner = runner
        // `continue(from:)` from the app's other threads wakes the loop asleep on input
        driver.mailbox.onPost(TerminalScreen.wakeLoop)
        end = runner.run()
        driver.mailbox.onPost {}
        if owned { screen.close() }
    }
}

/// The app of `flavor` and the loop that runs it on `screen`, made by generic code the compiler
/// never specialises: specialised code builds `FlavorApp<PlaidFlavor>`'s type from its mangled
/// name, which costs the Swift runtime a search through every protocol conformance of the program
/// on the way to the first frame; generic code builds it from the conformance it is handed.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func appAndRunner<Flavor: AppFlavor>(
    _ flavor: Flavor, logPlacement: LogPlacement, screen: TerminalScreen
) -> (FlavorApp<Flavor>, TerminalRunner) {
    let app = FlavorApp(flavor: flavor, logPlacement: logPlacement)
    return (app, TerminalRunner(app: app, screen: screen))
}

extension LinkPresentation where Self == TerminalPresentation {
    /// The terminal this process runs in (`open(using: .terminal)`), with the default theme.
    public static var terminal: TerminalPresentation { TerminalPresentation() }
}

/// PresentationMethod: the name seeds 000 and 002 give how Link is shown (`let method:
/// PresentationMethod = .viewController(self)`, then `handler.open(presentUsing: method)`): in a
/// terminal, ``TerminalPresentation``: `.terminal`, or `.viewController(self)` from a
/// ``TerminalViewController``.
public typealias PresentationMethod = TerminalPresentation

extension LinkPresentation where Self == TerminalPresentation {
    /// The seeds' `.viewController(self)`: Link shown full screen in this process's terminal,
    /// from the ``TerminalViewController`` that asks (as ``terminal``).
    public static func viewController(_ viewController: some TerminalViewController) -> TerminalPresentation {
        TerminalPresentation()
    }
}
