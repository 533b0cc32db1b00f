import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

/// The `linkterm` command: the Link flow in a terminal, and its tools.
@main
struct LinkTerm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkterm",
        abstract: "The Plaid Link flow in a terminal, against an embedded sandbox.",
        discussion: """
            With no subcommand, runs the whole flow full screen: consent, institution search, \
            credentials, MFA, account select, success. Every event shows in the log panel (F2) and, \
            with --events, in a JSON Lines file.

            Sandbox sign-in: username user_good; password \(SandboxCredentials.documentedSummary); \
            anything else is INVALID_CREDENTIALS. F1 shows them too.

            Examples:
              linkterm
              linkterm --theme light --events events.jsonl --seed 42
              linkterm --update-mode --institution ins_109508 --log-panel right
              linkterm --script Tests/Scenarios/mfa_device.txt --exit-at-end

            Exit status: 0 onSuccess, 1 onExit, 2 bad arguments or a terminal that cannot show the UI, \
            128 + N after signal N (130 Ctrl-C or SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT, 138 SIGUSR1 …: \
            the terminal is restored and onExit called first), 128 + N killed by a crash signal (139 SIGSEGV, \
            134 SIGABRT …) after the terminal is restored, 74 when --events or --record could not be written \
            in full (a full disk, a reader gone or stalled: also with --script). With --script: 0 when every \
            step played and every expectation held, 1 otherwise.
            """,
        version: LinkKitVersion.string,
        subcommands: [Replay.self, Walk.self, Search.self, Token.self, Serve.self]
    )

    @OptionGroup var session: SessionFlags

    @OptionGroup var look: LookOptions
    /// `--theme`.
    var theme: String {
        get { look.theme }
        set { look.theme = newValue }
    }

    @Option(help: ArgumentHelp("Write every record to this file as JSON Lines, each line as it happens.",
                               discussion: "Example: --events events.jsonl", valueName: "file"))
    var events: String?

    /// `--log-panel`.
    var logPanel: LogPlacement {
        get { look.logPanel }
        set { look.logPanel = newValue }
    }

    @Option(help: ArgumentHelp(
        "Autopilot: play this scenario through the UI, keys typed at a human pace, checking its expectations.",
        discussion: "Example: --script Tests/Scenarios/mfa_device.txt --typing-delay 120 --exit-at-end", valueName: "file"))
    var script: String?

    @Option(help: ArgumentHelp("Autopilot: milliseconds between two keys.", valueName: "ms"))
    var typingDelay: Int64 = 80

    @Option(help: ArgumentHelp(
        "Autopilot: the least time each view stays on screen before the play acts on it, so a demo can be read (0 plays at typing speed).",
        valueName: "ms"))
    var pace: Int64 = 1000

    @Flag(help: "Autopilot: leave when the play ends (the last screen shown 1.5 s, so a recording ends on it) instead of waiting for a key.")
    var exitAtEnd = false

    @Option(help: ArgumentHelp(
        "Record the terminal session as asciicast v2 (play it with asciinema). Output only: nothing typed is stored.",
        discussion: "Example: --record demo.cast", valueName: "file.cast"))
    var record: String?

    @Option(help: ArgumentHelp(
        "Write what you do in the session as a scenario that replay and --script play back to the same events (passwords, codes and answers written as the sandbox's values that do the same, never as typed).",
        discussion: "Example: --save-scenario walkthrough.txt, then linkterm replay walkthrough.txt", valueName: "file"))
    var saveScenario: String?

    @OptionGroup var flavorOption: FlavorOption
    /// `--flavor`.
    var flavor: Flavor {
        get { flavorOption.flavor }
        set { flavorOption.flavor = newValue }
    }

    @Option(help: ArgumentHelp(
        "Plaid: the SDK generation whose callbacks the log panel and --events show: current (LinkKit 4 to 7: onEvent, onSuccess, onExit) or v1 (LinkKit v1's delegate: didHandleEvent, didSucceedWithPublicToken, didExitWithError, metadata under the kPLKMetadata keys).",
        valueName: "current|v1"))
    var sdk: SDKGeneration = .current

    @OptionGroup var transferOptions: TransferOptions
    /// `--transfer`.
    var transfer: Bool {
        get { transferOptions.transfer }
        set { transferOptions.transfer = newValue }
    }
    /// `--transfer-to`.
    var transferTo: String? {
        get { transferOptions.transferTo }
        set { transferOptions.transferTo = newValue }
    }

    @Option(help: ArgumentHelp(
        "Mesh: keep connected integrations in this folder (LinkStore, useSecureOnDeviceStorage) and hand them back as LinkSettings.accessTokens, so a later session reconnects without signing in.",
        valueName: "dir"))
    var meshStore: String?

    func validate() throws {
        if flavor == .mesh {
            // what the Mesh flavor does not take yet, named rather than ignored
            for (given, option) in [(session.institutions != nil, "--institutions"),
                                    (session.updateMode, "--update-mode")] where given {
                throw ValidationError("\(option) does not go with --flavor mesh yet (replay --flavor mesh plays Mesh scenarios)")
            }
            if sdk != .current { throw ValidationError("--sdk \(sdk.rawValue) goes with --flavor plaid (Mesh's LinkSDK has one generation here)") }
        } else if transfer || meshStore != nil || transferTo != nil {
            throw ValidationError("\(transfer ? "--transfer" : meshStore != nil ? "--mesh-store" : "--transfer-to") goes with --flavor mesh")
        }
        if let transferTo, destination(transferTo) == nil {
            throw ValidationError("--transfer-to takes ASSET:NETWORK with a network of the sandbox (\(MeshSandbox.networks.map(\.name).joined(separator: ", "))), e.g. USDC:Solana; got \(UntrustedText.quoted(transferTo))")
        }
        if typingDelay < 0 { throw ValidationError("--typing-delay must be 0 or more milliseconds") }
        if pace < 0 || pace > 600_000 { throw ValidationError("--pace must be 0 to 600000 milliseconds") }
        if script == nil && exitAtEnd { throw ValidationError("--exit-at-end goes with --script FILE") }
    }

    func run() throws { try run(walk: nil) }

    /// Runs the session; with `walk`, a guided QA walk of its scenario (`linkterm walk`): the
    /// scenario's options shape the session and its checklist shows beside the card.
    func run(walk: WalkRun?) throws {
        ensureNonInteractiveBacktraces()
        CrashReports.quitIsNotACrash()
        // a reader that goes away, or a file size limit, is a write error to report, not a death
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        var scenario: Scenario?
        if let script, flavor == .plaid {
            do {
                scenario = try Scenario(commandLineText: try readScenarioText(script), file: script)
            } catch {
                throw fail("\(error)")
            }
        } else if let walk, flavor == .plaid {
            scenario = walk.plaidScenario
        }
        try refuseOverlappingFiles(namedFiles(scenario: scenario))
        let loadedTheme: Theme
        do {
            loadedTheme = try ThemeLoader.load(theme)
        } catch {
            throw fail("\(error)")
        }
        if flavor == .mesh { return try runMesh(theme: loadedTheme, walk: walk) }
        // a directory file loads behind the first frame, unless something needs it before the
        // session starts (update mode looks its institution up; a script may name another file)
        // (and without a terminal there is no frame to show: a bad file is reported first)
        let background = session.directoryOption.institutions.flatMap { path in
            !session.updateMode && scenario == nil && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
                ? DirectoryInBackground(path: path) : nil
        }
        var configuration = try session.configuration(
            defaultSeed: UInt64.random(in: 0...UInt64.max), directory: background.map { _ in .sandbox })
        if let scenario {
            do {
                try applyOptions(of: scenario, to: &configuration)
            } catch {
                throw fail("\(error)")
            }
        }
        do { try configuration.validate() } catch { throw fail("\(error)") }  // what the command line and the script ask, together
        // no terminal for the UI: refused before any output file is created or emptied
        do { try TerminalScreen.checkUsable() } catch { throw noTerminal(error) }
        var sink: JSONLinesSink?
        if let events {
            do {
                sink = try JSONLinesSink(path: events)
            } catch {
                throw fail("--events: \(error)")
            }
        }
        let (scenarioDescriptor, recordDescriptor) = try openScenarioAndRecording()
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen.open(capture: record != nil)
        } catch {
            throw noTerminal(error)
        }
        let presentation = TerminalPresentation(theme: loadedTheme, logPlacement: logPanel)
        presentation.screen = screen
        if let background, let path = session.directoryOption.institutions {
            // the first frame now (the consent pane of a session not started yet), then the directory
            let preview = LinkApp(driver: SessionDriver(configuration: configuration, clock: SystemClock()),
                                  theme: screen.shown(loadedTheme), logPlacement: logPanel)
            let previewRunner = TerminalRunner(app: preview, screen: screen)
            previewRunner.drawPreview()
            switch background.wait(on: screen, typed: &presentation.typeahead, ignoresKeys: { preview.isTooSmall },
                                   redraw: previewRunner.drawPreview) {
            case .ready(.success(let (directory, index))):
                configuration.directory = directory
                presentation.search = index
            case .ready(.failure(let error)):
                screen.close(keepingSignalHandlers: true)
                throw fail("--institutions: \(error)")
            case .stopped(let signal, let cause):
                screen.close(keepingSignalHandlers: true)
                printError("linkterm: \(cause) while loading --institutions \(path); no session was started")
                throw ExitCode(128 + signal)
            }
        }
        if let record, let recordDescriptor {
            do {
                presentation.recorder = try CastRecorder(
                    fileDescriptor: recordDescriptor, path: record, width: screen.size.cols, height: screen.size.rows,
                    term: ProcessInfo.processInfo.environment["TERM"], title: "linkterm")
            } catch {
                screen.close()
                throw fail("--record: \(error)")
            }
        }
        if let walk, let scenario { presentation.walk = walk.panel(for: scenario) }
        if let scenario, script != nil {
            let autopilot = Autopilot(scenario: scenario, typingDelayMillis: typingDelay)
            autopilot.paceMillis = pace
            presentation.autopilot = autopilot
            presentation.exitAtEnd = exitAtEnd
        }
        presentation.eventsSink = sink
        presentation.sdk = sdk
        if saveScenario != nil {
            presentation.scenarioRecorder = ScenarioRecorder(
                configuration: configuration, extraOptions: session.institutions.map { ["option institutions \($0)"] } ?? [])
        }
        // the session is opened through LinkKit's API, as an app opens it: the configuration with
        // its callbacks, createPlaidLinkSession (Link preloads; an onLoad would come as it opens), open;
        // with --sdk v1, v1's PLKConfiguration and PLKPlaidLinkViewController with a delegate
        switch sdk {
        case .current:
            let linkSession: PlaidLinkSession
            do {
                linkSession = try Plaid.createPlaidLinkSession(configuration: linkTokenConfiguration(configuration))
            } catch {
                screen.close()
                throw fail("\(error)")
            }
            linkSession.open(using: presentation)
        case .v1:
            let linkConfiguration = linkTokenConfiguration(configuration)
            let v1Configuration = PLKConfiguration(linkToken: linkConfiguration.token)
            v1Configuration.options = linkConfiguration.options
            let delegate = QuietDelegate()
            let controller = PLKPlaidLinkViewController(linkToken: linkConfiguration.token, configuration: v1Configuration,
                                                        delegate: delegate)
            controller.open(using: presentation)
            if let problem = controller.problem {
                screen.close()
                throw fail(problem)
            }
            withExtendedLifetime(delegate) {}
        }
        // a signal from here on (a Ctrl-C typed as the session ends) must not cut the
        // recording, the outcome line or the events file short: its flag is just never read
        screen.close(keepingSignalHandlers: true)
        guard let driver = presentation.driver, let app = presentation.app, let runner = presentation.runner,
              let end = presentation.end
        else { throw fail(presentation.problem ?? "the session did not open") }
        runner.record()
        var outputFailed = finishSessionOutputs(
            recorder: runner.recorder, record: record, sink: sink, events: events, saveScenario: saveScenario,
            scenarioDescriptor: scenarioDescriptor, writeScenario: presentation.scenarioRecorder.map { $0.write(to:) })
        if let outcome = driver.outcome, let failure = writeToStandardOutput(outcome.summary + "\n"), !isTerminalGone(failure) {
            printError("linkterm: the outcome line: cannot write to standard output: \(String(cString: strerror(failure)))")
            outputFailed = true
        }
        // a refused token ends the session at once (INVALID_LINK_TOKEN); say why, naming no token
        if let token = configuration.token, let problem = LinkToken.problem(with: token) { printError("linkterm: --token: \(problem)") }
        if let path = session.profile, !rememberItem(driver.engine, outcome: driver.outcome, in: path) { outputFailed = true }
        if let autopilot = app.autopilot {
            printError("linkterm: \(autopilot.report)")
        }
        if outputFailed { throw ExitCode(outputFailureStatus) }
        end.dieIfCrashSignal()
        if app.autopilot != nil {
            if end.isSignal { throw ExitCode(end.exitStatus) }
            if let status = app.autopilotStatus, status != 0 { throw ExitCode(status) }
            return
        }
        if end.exitStatus != 0 { throw ExitCode(end.exitStatus) }
    }

    /// The LinkKit configuration of a command-line session: the token (the sandbox's own for the
    /// seed when none is given), linkterm's settings as its options, and no callbacks of its own
    /// (the outcome is read from the session when it ends; the events file observes every record).
    func linkTokenConfiguration(_ configuration: SessionConfiguration) -> LinkTokenConfiguration {
        var linkConfiguration = LinkTokenConfiguration(
            token: configuration.token ?? LinkToken.sandboxToken(seed: configuration.seed), onSuccess: { _ in })
        linkConfiguration.options = SessionOptions(engine: configuration)
        return linkConfiguration
    }

    /// `--transfer-to ASSET:NETWORK` as a destination, if it names a network of the sandbox.
    func destination(_ text: String) -> MeshDestination? { MeshDestination.parse(text) }

    /// The error for a terminal that cannot show the UI, with the way to run without one.
    func noTerminal(_ error: any Error) -> any Error {
        fail("\(error)\nlinkterm: to run a scripted session without a terminal, use `linkterm replay FILE` (see linkterm replay --help)")
    }

    /// Every file the command line names, read or written (the scenario's own directory file too).
    func namedFiles(scenario: Scenario?) -> [NamedFile] {
        var files: [NamedFile] = []
        if let events { files.append(NamedFile(role: "--events", path: events, isOutput: true)) }
        if let record { files.append(NamedFile(role: "--record", path: record, isOutput: true)) }
        if let saveScenario { files.append(NamedFile(role: "--save-scenario", path: saveScenario, isOutput: true)) }
        // read at start and written at the end: an output, so no other option may name it
        if let profile = session.profile { files.append(NamedFile(role: "--profile", path: profile, isOutput: true)) }
        if let meshStore, flavor == .mesh {
            files.append(NamedFile(role: "--mesh-store", path: meshStore, isOutput: false, isFolder: true))
        }
        if let institutions = session.institutions {
            files.append(NamedFile(role: "--institutions", path: institutions, isOutput: false))
        }
        if let script, script != "-" { files.append(NamedFile(role: "--script", path: script, isOutput: false)) }
        if let scenario, let path = directoryPath(of: scenario) {
            files.append(NamedFile(role: "the script's option institutions", path: path, isOutput: false))
        }
        if !ThemeLoader.builtinNames.contains(theme) {
            files.append(NamedFile(role: "--theme", path: theme, isOutput: false))
        }
        return files
    }

    /// Prints `message` to standard error and returns the exit code for bad input (2).
    /// The files of --save-scenario and --record, opened before the session (as --events: 0600,
    /// locked, a device or FIFO written as it is), so that a path that cannot be written is said
    /// before anything is shown; `nil` for one not asked for.
    func openScenarioAndRecording() throws -> (scenario: Int32?, recording: Int32?) {
        var scenario: Int32?
        if let saveScenario {
            do {
                scenario = try OutputFile.open(saveScenario)
            } catch {
                throw fail("--save-scenario: \(error)")
            }
        }
        var recording: Int32?
        if let record {
            do {
                recording = try CastRecorder.open(record)
            } catch {
                if let scenario { close(scenario) }
                throw fail("--record: \(error)")
            }
        }
        return (scenario, recording)
    }

    func fail(_ message: String) -> ExitCode {
        printError("linkterm: \(message)")
        return ExitCode(2)
    }
}

extension LogPlacement: ExpressibleByArgument {}
extension SDKGeneration: ExpressibleByArgument {}

/// QuietDelegate: the command line's v1 delegate: the outcome is read from the session when it
/// ends, the callbacks are shown by the log panel and written by --events.
final class QuietDelegate: PLKPlaidLinkViewDelegate {
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String,
                            metadata: [String: Any]?) {}
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?,
                            metadata: [String: Any]?) {}
}

/// Swift's crash reporter must not wait at an interactive prompt in a raw terminal (docs/ARCHITECTURE.md §5, "Crashes"):
/// the runtime reads `SWIFT_BACKTRACE` at start-up, so when it is unset, run again with it set.
/// (A release build links the Swift libraries statically and sets it before the runtime starts,
/// in CNcurses/early_environment.c: no second exec.)
func ensureNonInteractiveBacktraces() {
    guard !CrashReports.configuredBeforeStart, getenv("SWIFT_BACKTRACE") == nil else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    let arguments = CommandLine.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    execv("/proc/self/exe", &argv)
    // exec failed: go on without it
}
