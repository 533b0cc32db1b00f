import Foundation
import Testing
import LinkKit
import LinkSDK
@testable import LinkUI

/// A LinkApp over a manual-clock session, driven by keys as a person would type them.
final class AppHarness {
    let app: LinkApp
    let clock = ManualClock()

    init(_ configuration: SessionConfiguration = SessionConfiguration(seed: 1), theme: String = "default",
         log: LogPlacement = .auto) throws {
        let driver = SessionDriver(configuration: configuration, clock: clock)
        app = LinkApp(driver: driver, theme: try ThemeLoader.load(theme), logPlacement: log)
        app.start()
    }

    /// Presses keys, then lets timers (debounce, LOADING) pass.
    func press(_ keys: Key...) {
        for key in keys { effects = app.update(.key(key)) }
        settle()
    }

    /// Types text character by character.
    func type(_ text: String) {
        for character in text { effects = app.update(.key(.char(character))) }
        settle()
    }

    /// What the last message asked of the terminal's owner.
    private(set) var effects: AppEffects = []

    /// Lets time pass to each deadline in turn, through the loop's own message (`tick`), until
    /// nothing is due but an animation.
    func settle() {
        while let deadline = app.driver.engine.nextDeadline, !app.driver.engine.isFinished {
            clock.advance(to: deadline)
            effects = app.update(.tick)
        }
        effects = app.update(.tick)
    }

    func render(rows: Int = 24, cols: Int = 80) -> CellBuffer {
        app.render(rows: rows, cols: cols).buffer
    }

    func screen(rows: Int = 24, cols: Int = 80) -> String {
        render(rows: rows, cols: cols).lines().joined(separator: "\n")
    }

    var events: [String] {
        app.driver.records.compactMap { if case .event(let e) = $0 { e.eventName.description } else { nil } }
    }
}

extension LinkApp {
    /// The pane views' state, as tests read it.
    var searchPane: SearchPane { panes.view(SearchPane.self)! }
    var credentials: CredentialsPane { panes.view(CredentialsPane.self)! }
    var mfa: MFAPane { panes.view(MFAPane.self)! }
}

/// Drives `app` as ``TerminalRunner`` does, on a manual clock: its first tick, then a tick at each
/// deadline it names, a frame (`rows` x `cols`) whenever it asks for one, until it leaves. Returns
/// the frames drawn; records an issue when the loop stops with nothing due.
@discardableResult
func runLoop(_ app: any TerminalApp, clock: ManualClock, rows: Int = 30, cols: Int = 100, what: String,
             sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    var frames: [String] = []
    var effects = app.update(.tick)
    var messages = 0
    while !effects.contains(.leave) {
        if effects.contains(.redraw) { frames.append(app.render(rows: rows, cols: cols).buffer.lines().joined(separator: "\n")) }
        guard let next = app.nextDeadline, messages < 100_000 else {
            Issue.record("\(what): the loop stopped with nothing due", sourceLocation: sourceLocation)
            break
        }
        clock.advance(to: Timestamp(millis: next))
        effects = app.update(.tick)
        messages += 1
    }
    return frames
}

/// Finds `text` on screen; returns its row and column.
func locate(_ text: String, in buffer: CellBuffer) -> CellPosition? {
    for (y, line) in buffer.lines().enumerated() {
        if let range = line.range(of: text) {
            return CellPosition(y: y, x: displayWidth(of: String(line[..<range.lowerBound])))
        }
    }
    return nil
}

/// The Mesh app on a manual clock with the autopilot playing `scenario` (5 ms a key) and
/// exit-at-end, started.
func meshAutopilotStarted(_ scenario: MeshScenario) throws -> (MeshApp, MeshDriver, ManualClock, MeshAutopilot) {
    let clock = ManualClock()
    let driver = MeshDriver(configuration: scenario.configuration, clock: clock)
    let app = MeshApp(driver: driver, theme: try ThemeLoader.load("default"))
    let autopilot = MeshAutopilot(scenario: scenario, typingDelayMillis: 5)
    app.autopilot = autopilot
    app.exitAtEnd = true
    app.start()
    return (app, driver, clock, autopilot)
}

/// The records of `scenario` played through the Mesh UI by its autopilot, the loop driven as
/// the terminal runner drives it; the play must finish (`what` names it in a failure).
func meshAutopilotLines(_ scenario: MeshScenario, what: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let (app, driver, clock, autopilot) = try meshAutopilotStarted(scenario)
    runLoop(app, clock: clock, what: "\(what) (\(autopilot.banner))", sourceLocation: sourceLocation)
    #expect(autopilot.state == .finished, "\(what): \(autopilot.report)", sourceLocation: sourceLocation)
    return driver.records.map(\.jsonLine)
}
