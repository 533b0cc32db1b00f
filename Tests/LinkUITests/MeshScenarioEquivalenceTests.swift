import Foundation
import Testing
import LinkKit
import LinkSDK
@testable import LinkUI

/// Every Mesh scenario of the library, played twice: by replay (the engine headless) and by the
/// Mesh autopilot through the Mesh app's own loop (keys typed into the panes, `update` driven as
/// the terminal runner drives it). The records must be the same, line for line.
@Suite("Mesh scenario library: replay and the autopilot give the same session")
struct MeshScenarioEquivalenceTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    static var meshNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).filter { $0.hasPrefix("mesh_") }.sorted()
    }

    @Test("a loop held up after each tick (a busy machine) still plays Ctrl-C during a minute's LOADING at once")
    func heldUpLoop() throws {
        let text = try String(contentsOfFile: Self.library.appendingPathComponent("mesh_quit_during_signin.txt").path,
                              encoding: .utf8)
        let scenario = try MeshScenario(text: text, file: "mesh_quit_during_signin.txt")
        let (app, driver, clock, autopilot) = try meshAutopilotStarted(scenario)
        let start = clock.now.millis
        var effects = app.update(.tick)
        var ticks = 0
        while !effects.contains(.leave), ticks < 10_000 {
            // the process is held up 20 ms between a tick and asking what is due next: the
            // autopilot's next key (5 ms after the last) is overdue when the loop asks
            clock.advance(to: Timestamp(millis: clock.now.millis + 20))
            guard let next = app.nextDeadline else { break }
            clock.advance(to: Timestamp(millis: max(next, clock.now.millis)))
            effects = app.update(.tick)
            ticks += 1
        }
        #expect(autopilot.state == .finished, "\(autopilot.report)")
        // the sandbox answers the sign-in after 60 s: the quit came long before, not after it
        #expect(clock.now.millis - start < 10_000, "the play ended \(clock.now.millis - start) ms in")
        #expect(driver.records.map(\.name).suffix(2) == ["close", "exit"])
    }

    @Test("the same records through replay and through the Mesh UI", arguments: meshNames)
    func sameSession(name: String) throws {
        let text = try String(contentsOfFile: Self.library.appendingPathComponent(name).path, encoding: .utf8)
        let scenario = try MeshScenario(text: text, file: name)
        var expected: [String] = []
        try MeshScenarioRunner(scenario: scenario).run { expected.append($0.jsonLine) }
        let got = try meshAutopilotLines(scenario, what: scenario.file)
        #expect(got.count == expected.count, "\(name): \(got.count) records through the UI, \(expected.count) through replay")
        for (index, (a, b)) in zip(got, expected).enumerated() where a != b {
            Issue.record("\(name): record \(index) differs\n  UI:     \(a)\n  replay: \(b)")
            break
        }
    }
}
