import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

extension LinkTerm {
    /// `linkterm --flavor mesh`: the documented LinkSDK v2 path into a session. A
    /// `LinkConfiguration` with the sandbox token (or `--token`), `createHandler()` (a refused
    /// token or configuration: its message, exit 2, no screen), then `handler.present(in:)` the
    /// terminal. At the end one line per callback the app received goes to standard output.
    func runMesh(theme: Theme) throws {
        // --script: a Mesh scenario played through the UI (its options shape the session)
        var scenario: MeshScenario?
        if let script {
            do {
                scenario = try MeshScenario(text: try readScenarioText(script), file: script)
            } catch {
                throw fail("\(error)")
            }
        }
        let token = session.token ?? MeshLinkToken.sandbox(
            transfer: transfer || scenario?.configuration.isTransferLink == true,
            destination: transferTo.flatMap(destination) ?? scenario?.configuration.destination)
        let outcome = MeshOutcome()
        // --mesh-store: storage on, and the tokens stored before handed back, as an app would
        // a folder others may open is refused, as ssh refuses a key file others can read
        if let meshStore, let exposure = LinkStore.exposure(of: meshStore) { throw fail("--mesh-store: \(exposure)") }
        let store = meshStore.map { LinkStore(folder: $0) }
        if let problem = store?.problem { printError("linkterm: --mesh-store: \(problem)") }
        let settings = store.map { store in
            LinkSettings(useSecureOnDeviceStorage: true, accessTokens: store.accessTokens.flatMap { payload in
                payload.accountTokens.map { payload.integrationAccessToken(accountToken: $0) }
            })
        }
        let configuration = LinkConfiguration(
            linkToken: token, settings: settings,
            onIntegrationConnected: { outcome.connected($0) },
            onTransferFinished: { outcome.transferred($0) },
            onEvent: nil,
            onExit: { outcome.exited = true })
        let handler: LinkHandler
        switch configuration.createHandler() {
        case .failure(let message): throw fail("--token: \(message)")
        case .success(let made): handler = made
        }
        do { try TerminalScreen.checkUsable() } catch { throw noTerminal(error) }
        let sink: JSONLinesSink?
        do {
            sink = try events.map { path throws(SinkError) in try JSONLinesSink(path: path) }
        } catch {
            throw fail("--events: \(error)")
        }
        let (scenarioDescriptor, recordDescriptor) = try openScenarioAndRecording()
        let host = TerminalLinkHost(theme: theme, logPlacement: logPanel, latencyMillis: session.latency,
                                    seed: session.seed ?? UInt64.random(in: 0...UInt64.max), sink: sink, store: store)
        host.recording = record.flatMap { path in recordDescriptor.map { (path, $0) } }
        host.savesScenario = saveScenario != nil
        if let scenario {
            let autopilot = MeshAutopilot(scenario: scenario, typingDelayMillis: typingDelay)
            autopilot.paceMillis = pace
            host.autopilot = autopilot
            host.exitAtEnd = exitAtEnd
            host.scenarioConfiguration = scenario.configuration
        }
        handler.present(in: host)
        if let problem = host.problem { throw fail(problem) }
        var outputFailed = false
        if let recorder = host.recorder, let record {
            recorder.close()  // waits a bounded time for a slow reader
            outputFailed = reportOutput("--record", path: record, failure: recorder.failure?.outputFailure,
                                        unwritten: recorder.unwrittenLines, unit: "line")
        }
        if let sink, let events {
            let (failure, unwritten) = sink.finish()
            outputFailed = reportOutput("--events", path: events, failure: failure, unwritten: unwritten, unit: "record") || outputFailed
        }
        if let saveScenario, let descriptor = scenarioDescriptor, let scenarioRecorder = host.scenarioRecorder {
            if let problem = scenarioRecorder.write(to: descriptor) {
                printError("linkterm: --save-scenario \(saveScenario): writing failed: \(problem)")
                outputFailed = true
            }
            close(descriptor)
        }
        if !outcome.lines.isEmpty, let failure = writeToStandardOutput(outcome.lines.map { $0 + "\n" }.joined()),
           !isTerminalGone(failure) {
            printError("linkterm: the callbacks' lines: cannot write to standard output: \(String(cString: strerror(failure)))")
            outputFailed = true
        }
        if let problem = store?.problem {
            printError("linkterm: --mesh-store: \(problem)")
            outputFailed = true
        }
        if let autopilot = host.autopilot { printError("linkterm: \(autopilot.report)") }
        if outputFailed { throw ExitCode(outputFailureStatus) }
        let end = host.end ?? .exited
        if end.isSignal { throw ExitCode(end.exitStatus) }
        if let autopilot = host.autopilot {
            if autopilot.state != .finished { throw ExitCode(1) }
            return
        }
        if !outcome.succeeded { throw ExitCode(1) }
    }
}

/// What the app's callbacks received, as the lines printed at the end.
final class MeshOutcome {
    var lines: [String] = []
    var succeeded = false
    var exited = false

    func connected(_ payload: LinkPayload) {
        switch payload {
        case .accessToken(let token):
            lines.append("onIntegrationConnected accessToken brokerType=\(token.brokerType) accounts=\(token.accountTokens.count)")
        case .delayedAuth(let delayed):
            lines.append("onIntegrationConnected delayedAuth brokerType=\(delayed.brokerType)")
        }
        succeeded = true
    }

    func transferred(_ payload: TransferFinishedPayload) {
        switch payload {
        case .success(let done):
            lines.append("onTransferFinished success symbol=\(done.symbol) amount=\(MeshEngine.format(done.amount)) networkId=\(done.networkId ?? "null")")
        case .error(let failed):
            lines.append("onTransferFinished error \(failed.errorMessage)")
            succeeded = false
        }
    }
}

/// TerminalLinkHost: where `LinkHandler.present(in:)` shows Mesh Link: the full-screen terminal
/// UI (``MeshApp``) over a session of the handler's, until the person leaves; the records reach
/// the app's callbacks (through the handler's session) and the events file as they happen.
final class TerminalLinkHost: LinkPresenting {
    let theme: Theme
    let logPlacement: LogPlacement
    let latencyMillis: Int64
    let seed: UInt64
    let sink: JSONLinesSink?
    let store: LinkStore?
    /// `--script`: the autopilot, whether it leaves at the end, and the scenario's session options.
    var autopilot: MeshAutopilot?
    var exitAtEnd = false
    var scenarioConfiguration: MeshConfiguration?
    /// `--record`: the cast's path and its open descriptor, if recording.
    var recording: (path: String, descriptor: Int32)?
    /// `--save-scenario`: whether the steps the person takes are written down.
    var savesScenario = false
    /// The steps written down, once the session is presented (with ``savesScenario``).
    private(set) var scenarioRecorder: MeshScenarioRecorder?
    /// The recorder, once the screen is open.
    private(set) var recorder: CastRecorder?
    /// How the session ended, once it has.
    private(set) var end: SessionEnd?
    /// Why the terminal could not be used, if it could not.
    private(set) var problem: String?

    init(theme: Theme, logPlacement: LogPlacement, latencyMillis: Int64, seed: UInt64, sink: JSONLinesSink?, store: LinkStore?) {
        self.store = store
        self.theme = theme
        self.logPlacement = logPlacement
        self.latencyMillis = latencyMillis
        self.seed = seed
        self.sink = sink
    }

    func present(_ handler: LinkHandler) {
        let session = handler.create()
        session.store = store
        var configuration = session.meshConfiguration(latencyMillis: latencyMillis, seed: seed)
        if let scenarioConfiguration {
            configuration.latencyMillis = scenarioConfiguration.latencyMillis
            configuration.seed = scenarioConfiguration.seed
            configuration.connectedIntegrations += scenarioConfiguration.connectedIntegrations
        }
        let driver = MeshDriver(configuration: configuration, clock: SystemClock())
        if let sink { driver.observe { sink.write($0) } }
        if savesScenario {
            let recorder = MeshScenarioRecorder(configuration: configuration)
            recorder.attach(to: driver)
            scenarioRecorder = recorder
        }
        session.attach(to: driver)
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen.open(capture: recording != nil)
        } catch {
            problem = "\(error)"
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
                return
            }
        }
        let shown = screen.shown(theme)
        let app = MeshApp(driver: driver, theme: shown, logPlacement: logPlacement)
        app.autopilot = autopilot
        app.exitAtEnd = exitAtEnd
        let runner = TerminalRunner(app: app, screen: screen)
        runner.recorder = recorder
        runner.outputWatch = .watching(events: sink, recording: recorder)
        end = runner.run()
        screen.close(keepingSignalHandlers: true)
        runner.record()
    }
}
