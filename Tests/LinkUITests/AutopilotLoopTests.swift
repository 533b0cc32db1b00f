import Testing
import LinkKit
@testable import LinkUI

@Suite("The autopilot in the loop: what it types is drawn")
struct AutopilotLoopTests {
    /// Drives the loop as the runner does (a tick at each deadline, a frame when asked) and
    /// returns every frame drawn.
    func frames(_ text: String, typingDelay: Int64) throws -> [String] {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: SessionConfiguration(seed: 0), clock: clock)
        let app = LinkApp(driver: driver, theme: try ThemeLoader.load("default"))
        app.autopilot = Autopilot(scenario: try Scenario(text: text), typingDelayMillis: typingDelay)
        app.exitAtEnd = true
        app.start()
        return runLoop(app, clock: clock, rows: 24, cols: 80, what: "the autopilot")
    }

    @Test("each character of a search, a username and the password's dots get a frame of their own")
    func typingIsDrawn() throws {
        let shown = try frames("continue\nsearch first platypus\nselect ins_109508\ncredentials user_good pass_good\nquit\n",
                               typingDelay: 100)
        // what a field shows on a frame: the text after its label, up to the box's edge
        func field(_ label: String, _ frame: String) -> String? {
            for line in frame.split(separator: "\n") {
                guard let range = line.range(of: label + "  ") else { continue }
                return line[range.upperBound...].split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
        let searches = Set(shown.compactMap { field("Search", $0) })
        let usernames = Set(shown.compactMap { field("Username", $0) })
        let passwords = Set(shown.compactMap { field("Password", $0) })
        // the debounce is longer than a key: each character of the query shows before the next
        for prefix in ["f", "fi", "fir", "first pl", "first platypus"] {
            #expect(searches.contains(prefix), "no frame shows the search field holding \"\(prefix)\" (\(searches.sorted()))")
        }
        for prefix in ["u", "user_", "user_good"] {
            #expect(usernames.contains(prefix), "no frame shows the username \"\(prefix)\" (\(usernames.sorted()))")
        }
        for count in 1...9 {
            #expect(passwords.contains(String(repeating: "•", count: count)), "no frame shows \(count) password dots")
        }
        #expect(passwords.allSatisfy { $0.allSatisfy { $0 == "•" } }, "the password field shows only dots")
    }

    /// An app on a manual clock with the autopilot playing `text` (5 ms a key) and exit-at-end, started.
    func started(_ text: String) throws -> (LinkApp, SessionDriver, ManualClock) {
        let clock = ManualClock()
        let driver = SessionDriver(configuration: SessionConfiguration(seed: 0), clock: clock)
        let app = LinkApp(driver: driver, theme: try ThemeLoader.load("default"))
        app.autopilot = Autopilot(scenario: try Scenario(text: text), typingDelayMillis: 5)
        app.exitAtEnd = true
        app.start()
        return (app, driver, clock)
    }

    @Test("the pace: each view is shown at least paceMillis before the step that acts on it; 0 plays at typing speed")
    func paceHoldsEachView() throws {
        for pace in [Int64(0), 700] {
            let (app, driver, clock) = try started("continue\nsearch tartan\nselect ins_109511\nquit\n")
            app.autopilot?.paceMillis = pace
            var shownAt: [String: Int64] = [:]
            var leftAt: [String: Int64] = [:]
            var view = driver.engine.currentView?.description ?? ""
            shownAt[view] = clock.now.millis
            var effects: AppEffects = []
            var first = true
            while !effects.contains(.leave), let next = first ? clock.now.millis : app.nextDeadline {
                first = false
                clock.advance(to: Timestamp(millis: next))
                effects = app.update(.tick)
                let now = driver.engine.currentView?.description ?? "DONE"
                if now != view {
                    leftAt[view] = clock.now.millis
                    shownAt[now] = clock.now.millis
                    view = now
                }
            }
            let consent = try #require(leftAt["CONSENT"]), search = try #require(leftAt["SELECT_INSTITUTION"])
            if pace == 0 {
                #expect(consent - (shownAt["CONSENT"] ?? 0) < 100, "consent left at typing speed")
            } else {
                #expect(consent - (shownAt["CONSENT"] ?? 0) >= pace, "consent held for the pace")
                // the search is typed after its view has been read; its last key comes after that
                #expect(search - (shownAt["SELECT_INSTITUTION"] ?? 0) >= pace)
            }
        }
    }

    @Test("with exit-at-end the last screen (the outcome) stays 1.5 s before the loop leaves")
    func lastScreenHeld() throws {
        let (app, driver, clock) = try started("continue\nquit\n")
        var effects = app.update(.tick)
        var finishedAt: Int64?
        var lastFrame = ""
        while !effects.contains(.leave), let next = app.nextDeadline {
            clock.advance(to: Timestamp(millis: next))
            effects = app.update(.tick)
            if driver.engine.isFinished && finishedAt == nil { finishedAt = clock.now.millis }
            if !effects.contains(.leave) { lastFrame = app.render(rows: 24, cols: 80).buffer.lines().joined(separator: "\n") }
        }
        let ended = try #require(finishedAt)
        #expect(clock.now.millis - ended == LinkApp.finalScreenHoldMillis)
        #expect(lastFrame.contains("onExit") && lastFrame.contains("status institution_not_found"), "\(lastFrame)")
    }

    @Test("a process held up while the autopilot types: the key due first is typed first, no search for part of the query")
    func heldUpWhileTyping() throws {
        let (app, driver, clock) = try started("continue\nsearch first platypus\nquit\n")
        var effects = app.update(.tick)
        var heldUp = false
        while !effects.contains(.leave), let next = app.nextDeadline {
            if !heldUp, driver.engine.query == "fir" {
                clock.advance(by: 2_000)  // the machine was busy: every timer and the next key are overdue
                heldUp = true
            } else {
                clock.advance(to: Timestamp(millis: next))
            }
            effects = app.update(.tick)
        }
        #expect(heldUp)
        let searches = driver.records.compactMap { record -> String? in
            guard case .event(let event) = record, event.eventName == .searchInstitution else { return nil }
            return event.metadata.institutionSearchQuery
        }
        #expect(searches == ["first platypus"])
    }
}
