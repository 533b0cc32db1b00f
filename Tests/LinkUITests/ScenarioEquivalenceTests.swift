import Foundation
import Testing
import LinkKit
import LinkSDK
@testable import LinkUI

/// Every scenario of the library, played twice: by replay (the engine, headless) and by the
/// autopilot through the UI's own loop (keys typed into the panes, `update` driven as the
/// terminal runner drives it). The two sessions must be the same, record for record.
@Suite("Scenario library: replay and the autopilot give the same session")
struct ScenarioEquivalenceTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The Plaid scenarios of the library (the Mesh ones, `option flavor mesh`, have no Plaid UI yet).
    static var scenarioNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
            .filter { name in
                let text = (try? String(contentsOfFile: library.appendingPathComponent(name).path, encoding: .utf8)) ?? ""
                return !MeshScenario.namesMesh(text)
            }
    }

    /// The configuration replay gives `scenario` (seed 0, its options, its directory file).
    func configuration(of scenario: Scenario) throws -> SessionConfiguration {
        var configuration = SessionConfiguration(seed: 0)
        if let file = scenario.apply(to: &configuration) {
            configuration.directory = try InstitutionDirectory.load(path: Self.library.appendingPathComponent(file).path)
        }
        return configuration
    }

    /// A record as JSON without its time (the autopilot types at a pace; replay does not).
    func timeless(_ record: SessionRecord) -> String {
        record.jsonLine.replacingOccurrences(of: #""timestamp":"[^"]*","#, with: "", options: .regularExpression)
    }

    /// Plays `scenario` with the autopilot through `LinkApp.update`, on a manual clock, drawing
    /// at 100x30 after every message as the runner does; returns the records.
    func autopilotRecords(_ scenario: Scenario) throws -> [SessionRecord] {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: try configuration(of: scenario), clock: clock)
        let app = LinkApp(driver: driver, theme: try ThemeLoader.load("default"))
        let autopilot = Autopilot(scenario: scenario, typingDelayMillis: 5)
        app.autopilot = autopilot
        app.exitAtEnd = true
        app.start()
        runLoop(app, clock: clock, what: "\(scenario.file) (\(autopilot.banner))")
        #expect(autopilot.state == .finished, "\(scenario.file): \(autopilot.report)")
        return driver.records
    }

    @Test("the same records through replay and through the UI", arguments: scenarioNames)
    func sameSession(name: String) throws {
        let path = Self.library.appendingPathComponent(name).path
        let scenario = try Scenario(text: String(contentsOfFile: path, encoding: .utf8), file: name)
        let replay = SessionDriver(configuration: try configuration(of: scenario), clock: ManualClock())
        try ScenarioRunner(scenario: scenario).run(on: replay)
        let played = try autopilotRecords(scenario)
        let expected = replay.records.map(timeless)
        let got = played.map(timeless)
        #expect(got.count == expected.count, "\(name): \(got.count) records through the UI, \(expected.count) through replay")
        for (index, (a, b)) in zip(got, expected).enumerated() where a != b {
            Issue.record("\(name): record \(index) differs\n  UI:     \(a)\n  replay: \(b)")
            break
        }
    }
}
