import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

extension SessionCommand {
    /// `linkterm --flavor mesh`: the documented LinkSDK v2 path into a session. A
    /// `LinkConfiguration` with the sandbox token (or `--token`), `createHandler()` (a refused
    /// token or configuration: its message, exit 2, no screen), then `handler.present(in:)` the
    /// terminal. At the end one line per callback the app received goes to standard output.
    func runMesh(theme: Theme, walk: WalkRun? = nil) throws {
        // --script: a Mesh scenario played through the UI (its options shape the session)
        var scenario: MeshScenario?
        if let script {
            do {
                scenario = try MeshScenario(text: try readScenarioText(script), file: script)
            } catch {
                throw fail("\(error)")
            }
        } else if let walk {
            scenario = walk.meshScenario
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
        host.keepsSignalHandlers = true
        host.recording = record.flatMap { path in recordDescriptor.map { (path, $0) } }
        host.savesScenario = saveScenario != nil
        if let scenario {
            if script != nil {
                let autopilot = MeshAutopilot(scenario: scenario, typingDelayMillis: typingDelay)
                autopilot.paceMillis = pace
                host.autopilot = autopilot
                host.exitAtEnd = exitAtEnd
            }
            host.scenarioConfiguration = scenario.configuration
            if let walk { host.walk = walk.panel(for: scenario) }
        }
        handler.present(in: host)
        if let problem = host.problem { throw fail(problem) }
        var outputFailed = finishSessionOutputs(
            recorder: host.recorder, record: record, sink: sink, events: events, saveScenario: saveScenario,
            scenarioDescriptor: scenarioDescriptor, writeScenario: host.scenarioRecorder.map { $0.write(to:) })
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
