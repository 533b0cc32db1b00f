import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

/// SessionCommand: `linkterm` with no subcommand, a Link session in the terminal, its options as
/// plain values. ``LinkTerm`` (ArgumentParser's command) hands its options over as one; a plain
/// start (``FastStart``) makes one without ArgumentParser, whose property wrappers are generic
/// types whose first use costs the Swift runtime a search through every protocol conformance of
/// the program (see ``SessionSettings``).
struct SessionCommand: Equatable {
    /// The options that shape the session.
    var session: SessionSettings
    /// `--theme`.
    var theme: String
    /// `--log-panel`.
    var logPanel: LogPlacement
    /// `--events`.
    var events: String?
    /// `--script`.
    var script: String?
    /// `--typing-delay`.
    var typingDelay: Int64
    /// `--pace`.
    var pace: Int64
    /// `--typing-delay`'s default, the option's and a plain start's (``FastStart``) alike.
    static let defaultTypingDelay: Int64 = 80
    /// `--pace`'s default, likewise.
    static let defaultPace: Int64 = 1000
    /// `--exit-at-end`.
    var exitAtEnd: Bool
    /// `--record`.
    var record: String?
    /// `--save-scenario`.
    var saveScenario: String?
    /// `--flavor`.
    var flavor: Flavor
    /// `--sdk`.
    var sdk: SDKGeneration
    /// `--transfer`.
    var transfer: Bool
    /// `--transfer-to`.
    var transferTo: String?
    /// `--mesh-store`.
    var meshStore: String?
}

extension SessionCommand {
    /// Refuses options that do not go together (ArgumentParser calls ``LinkTerm``'s, which asks this).
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
        // a directory file loads behind the first frame, unless something needs it before the
        // session starts (update mode looks its institution up; a script may name another file)
        // (and without a terminal there is no frame to show: a bad file is reported first);
        // started as early as it may be, as it takes longer than the rest before the frame
        let background = session.institutions.flatMap { path in
            flavor == .plaid && !session.updateMode && scenario == nil && isatty(STDIN_FILENO) == 1
                && isatty(STDOUT_FILENO) == 1 ? DirectoryInBackground(path: path) : nil
        }
        let loadedTheme: Theme
        do {
            loadedTheme = try ThemeLoader.load(theme)
        } catch {
            throw fail("\(error)")
        }
        if flavor == .mesh { return try runMesh(theme: loadedTheme, walk: walk) }
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
        if let background, let path = session.institutions {
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
