import Foundation
import LinkKit
import LinkSDK

/// TerminalLinkHost: the terminal's answer to the view controller Mesh's iOS SDK presents Link
/// over: `handler.present(in: TerminalLinkHost())` shows Mesh Link full screen in this process's
/// terminal (``MeshApp``) over a session of the handler's until the person leaves, then restores
/// the terminal and returns. The records reach the app's callbacks (through the handler's
/// session) as they happen; onExit comes last, after which the host "dismisses" Link (the
/// terminal is restored), as `present(in:)` does on iOS.
///
/// With no terminal to show Link in (standard input or output not a tty, `TERM` unset or
/// `dumb`), the app's onExit is called at once and ``problem`` says why (Mesh v2's onExit takes
/// no argument). The `linkterm --flavor mesh` command presents through it too, with the extras
/// it sets before `present` (the events file, a recording, an autopilot).
public final class TerminalLinkHost: LinkPresenting {
    /// The theme drawn with.
    public var theme: Theme
    /// Where the event log goes.
    public var logPlacement: LogPlacement
    /// How long a request in flight takes, in milliseconds.
    public var latencyMillis: Int64
    /// The seed of the ids the session makes (the same seed, the same session); `nil`: a seed of
    /// the session's own, drawn at random (each session's ids are new).
    public var seed: UInt64?
    /// Where each record is written as JSON Lines as it happens (the events file).
    public var sink: JSONLinesSink?
    /// The store connections are added to when the configuration's storage is on (default:
    /// `LinkStore()`).
    public var store: LinkStore?
    /// Plays a Mesh scenario through the UI (`--script`).
    public var autopilot: MeshAutopilot?
    /// A guided QA walk's checklist (`linkterm walk`).
    public var walk: WalkPanel<MeshEngine>?
    /// With an autopilot: leave once the play ends.
    public var exitAtEnd = false
    /// A scenario's session options (its latency, seed and integrations connected before).
    public var scenarioConfiguration: MeshConfiguration?
    /// `--record`: the cast's path and its open descriptor, if recording.
    public var recording: (path: String, descriptor: Int32)?
    /// `--save-scenario`: whether the steps the person takes are written down.
    public var savesScenario = false
    /// Whether the signal handlers stay installed once the terminal is restored (the command
    /// line's, which ends with the status of a signal that ended the session); an app's are
    /// restored to what they were.
    public var keepsSignalHandlers = false
    /// The steps written down, once the session is presented (with ``savesScenario``).
    public private(set) var scenarioRecorder: MeshScenarioRecorder?
    /// The recorder, once the screen is open.
    public private(set) var recorder: CastRecorder?
    /// How the session ended, once it has run in the terminal.
    public private(set) var end: SessionEnd?
    /// Why the terminal could not show the session, if it could not (then onExit was called and
    /// no session ran).
    public private(set) var problem: String?

    /// A host drawing with `theme`, the log panel at `logPlacement`.
    public init(theme: Theme = ThemeLoader.defaultTheme, logPlacement: LogPlacement = .auto,
                latencyMillis: Int64 = SandboxLatency.defaultMillis, seed: UInt64? = nil,
                sink: JSONLinesSink? = nil, store: LinkStore? = nil) {
        self.theme = theme
        self.logPlacement = logPlacement
        self.latencyMillis = latencyMillis
        self.seed = seed
        self.sink = sink
        self.store = store
    }

    /// Runs a session from `handler.create()` in the terminal until the person leaves (or calls
    /// onExit at once when there is no terminal).
    public func present(_ handler: LinkHandler) {
        let session = handler.create()
        session.store = store
        var configuration = session.meshConfiguration(latencyMillis: latencyMillis, seed: seed ?? UInt64.random(in: 0...UInt64.max))
        if let scenarioConfiguration {
            configuration.latencyMillis = scenarioConfiguration.latencyMillis
            configuration.seed = scenarioConfiguration.seed
            configuration.connectedIntegrations += scenarioConfiguration.connectedIntegrations
        }
        let screen: TerminalScreen
        do {
            try TerminalScreen.checkUsable()
            screen = try TerminalScreen.open(capture: recording != nil)
        } catch {
            problem = "\(error)"
            session.exitUnshown()  // the app hears how the session ended
            return
        }
        if let recording {
            do {
                recorder = try CastRecorder(fileDescriptor: recording.descriptor, path: recording.path, width: screen.size.cols,
                                            height: screen.size.rows, term: ProcessInfo.processInfo.environment["TERM"],
                                            title: "linkterm · Mesh Connect")
            } catch {
                screen.close()
                problem = "--record: \(error)"
                session.exitUnshown()
                return
            }
        }
        let driver = MeshDriver(configuration: configuration, clock: SystemClock())
        if let sink { driver.observe { sink.write($0) } }
        if savesScenario {
            let recorder = MeshScenarioRecorder(configuration: configuration)
            recorder.attach(to: driver)
            scenarioRecorder = recorder
        }
        session.attach(to: driver)
        let shown = screen.shown(theme)
        let app = MeshApp(driver: driver, theme: shown, logPlacement: logPlacement, colorCount: screen.colorCount)
        app.autopilot = autopilot
        app.walk = walk
        app.exitAtEnd = exitAtEnd
        let runner = TerminalRunner(app: app, screen: screen)
        runner.recorder = recorder
        runner.outputWatch = .watching(events: sink, recording: recorder)
        end = runner.run()
        screen.close(keepingSignalHandlers: keepsSignalHandlers)
        runner.record()
    }
}
