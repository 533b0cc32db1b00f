import Foundation
import Testing
@testable import LinkKit
@testable import LinkSDK

/// The library's scenario files.
private func libraryFile(_ name: String) throws -> (path: String, text: String) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")
    let path = folder.appendingPathComponent(name).path
    return (path, try String(contentsOfFile: path, encoding: .utf8))
}

/// A tester at the UI: each action the walk sees before the engine takes it, as FlavorApp shows it.
private func act<Engine: FlowEngine>(_ action: Engine.Action, driver: FlowDriver<Engine>, walk: ScenarioWalk<Engine>) throws
where Engine.Action: Equatable {
    let verdict = walk.willSend(action, engine: driver.engine)
    try driver.send(action)
    walk.sent(verdict, engine: driver.engine, now: driver.clock.now.millis)
}

/// A tester who does each of `actions` and waits for what it started (LOADING, the debounce).
private func actSettling<Engine: FlowEngine>(_ actions: [Engine.Action], driver: FlowDriver<Engine>, walk: ScenarioWalk<Engine>) throws
where Engine.Action: Equatable {
    for action in actions {
        try act(action, driver: driver, walk: walk)
        driver.settle()
    }
}

/// A Plaid session walked by a tester who does `steps` (nil: exactly the scenario's steps, as a
/// person types them: a search's characters one by one).
private func walkPlaid(_ scenario: Scenario, doing perform: ((SessionDriver, ScenarioWalk<LinkEngine>) throws -> Void)? = nil)
    throws -> (ScenarioWalk<LinkEngine>, SessionDriver) {
    var configuration = SessionConfiguration(seed: 0)
    _ = scenario.apply(to: &configuration)
    let driver = SessionDriver(configuration: configuration, clock: ManualClock())
    let walk = ScenarioWalk(script: WalkScript(scenario))
    walk.started(now: driver.clock.now.millis)
    driver.observe { walk.record($0) }
    driver.start()
    if let perform {
        try perform(driver, walk)
        driver.settle()
        return (walk, driver)
    }
    for step in scenario.steps {
        if case .wait(let millis) = step.command {
            driver.wait(millis: millis)
            continue
        }
        driver.settle()
        if case .search(let text) = step.command {
            for length in 1...text.count { try act(.setQuery(String(text.prefix(length))), driver: driver, walk: walk) }
            driver.settle()
            continue
        }
        if case .numbers(_, let account, let type) = step.command {
            try act(try ScenarioRunner.action(for: step.command, engine: driver.engine), driver: driver, walk: walk)
            try act(.submitAccountNumber(account, type), driver: driver, walk: walk)
            continue
        }
        try act(try ScenarioRunner.action(for: step.command, engine: driver.engine), driver: driver, walk: walk)
    }
    driver.settle()
    return (walk, driver)
}

/// A result's steps without their times (a walk's are a person's).
private func untimed(_ result: WalkScenarioResult) -> [WalkStepResult] {
    result.steps.map { WalkStepResult(entry: $0.entry, verdict: $0.verdict) }
}

@Suite("linkterm walk: a tester's actions checked against a scenario, live, for both flavors")
struct ScenarioWalkTests {
    @Test("a tester doing exactly mfa_device's steps: every step passes, as replay says of it")
    func exactWalkEqualsReplay() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let scenario = try Scenario(text: text, file: path)
        let (walk, _) = try walkPlaid(scenario)
        let result = walk.finish()
        let replay = WalkScenarioResult.replay(file: path, outline: WalkScript(scenario).outline, error: nil)
        #expect(untimed(result) == untimed(replay))
        #expect(result.verdict == .passed)
        #expect(result.steps.map(\.entry.title) == [
            "Open the session", "Continue (the pane's main button)", "Search for first platypus",
            "Choose First Platypus Bank (ins_109508)", "Sign in as user_good with mfa_device", "Answer the MFA: 0",
            "Answer the MFA: 1234", "Choose account 0", "Continue (the pane's main button)",
        ])
    }

    @Test("a Mesh tester doing exactly mesh_connect_mfa's steps: every step passes, as replay says of it")
    func exactMeshWalkEqualsReplay() throws {
        let (path, text) = try libraryFile("mesh_connect_mfa.txt")
        let scenario = try MeshScenario(text: text, file: path)
        let driver = MeshDriver(configuration: scenario.configuration, clock: ManualClock())
        let walk = ScenarioWalk(script: WalkScript(scenario))
        walk.started(now: driver.clock.now.millis)
        driver.observe { walk.record($0) }
        driver.start()
        for step in scenario.steps {
            switch step.command {
            case .wait(let millis): driver.wait(millis: millis)
            case .action(let action):
                if action != .quit { driver.settle() }
                // as the panes send it: the integration's broker type, the network's id
                try act(WalkScript<MeshEngine>.asSent(action.copy(), engine: driver.engine), driver: driver, walk: walk)
            }
        }
        driver.settle()
        let result = walk.finish()
        #expect(untimed(result) == untimed(.replay(file: path, outline: WalkScript(scenario).outline, error: nil)))
        #expect(result.steps.contains { $0.entry.title == "Choose Binance" })
    }

    @Test("choosing another bank is off script, named with the step expected; back and the right one ticks the step")
    func offScriptThenBack() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let scenario = try Scenario(text: text, file: path)
        let (walk, _) = try walkPlaid(scenario) { driver, walk in
            try act(.primary, driver: driver, walk: walk)
            driver.settle()
            try act(.setQuery("first platypus"), driver: driver, walk: walk)
            driver.settle()
            #expect(walk.current == 3)
            try act(.selectInstitution(id: "ins_130016"), driver: driver, walk: walk)
            #expect(walk.offScript == "you chose First Platypus Balance Bank (ins_130016); the scenario expects: Choose First Platypus Bank (ins_109508) (line 7)")
            #expect(walk.current == 3)
            driver.settle()
            try act(.back, driver: driver, walk: walk)
            driver.settle()
            try act(.selectInstitution(id: "ins_109508"), driver: driver, walk: walk)
            #expect(walk.offScript == nil)
            #expect(walk.current == 4)
            driver.settle()
            try act(.quit, driver: driver, walk: walk)
        }
        let result = walk.finish()
        #expect(result.steps[3].verdict == .passed)
        #expect(result.steps[3].notes == [
            "off script: you chose First Platypus Balance Bank (ins_130016); the scenario expects: Choose First Platypus Bank (ins_109508) (line 7)",
            "off script: you went back; the scenario expects: Choose First Platypus Bank (ins_109508) (line 7)",
        ])
        #expect(result.steps[4].verdict == .notReached)
    }

    @Test("a walk left off script: the step fails with the off-script words, said once in the report")
    func leftOffScript() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let scenario = try Scenario(text: text, file: path)
        let (walk, _) = try walkPlaid(scenario) { driver, walk in
            try actSettling([.primary, .setQuery("tartan"), .selectInstitution(id: "ins_109511")], driver: driver, walk: walk)
            try act(.quit, driver: driver, walk: walk)
        }
        let result = walk.finish()
        let words = "off script: you chose Tartan Bank (ins_109511); the scenario expects: Search for first platypus (line 5)"
        #expect(result.steps[2].verdict == .failed(words))
        let markdown = WalkReport.markdown([result], date: Date(timeIntervalSince1970: 0), terminal: (80, 24))
        #expect(markdown.components(separatedBy: "you chose Tartan Bank").count == 2, "\(markdown)")
    }

    @Test("a tester quicker than the search's pause: the search reported by the choice meets the search step's expectation")
    func searchReportedByTheChoice() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let scenario = try Scenario(text: text, file: path)
        let (walk, _) = try walkPlaid(scenario) { driver, walk in
            try act(.primary, driver: driver, walk: walk)
            driver.settle()
            for length in 1...14 { try act(.setQuery(String("first platypus".prefix(length))), driver: driver, walk: walk) }
            try act(.selectInstitution(id: "ins_109508"), driver: driver, walk: walk)  // no pause: SEARCH_INSTITUTION comes with it
            driver.settle()
            try act(.quit, driver: driver, walk: walk)
        }
        #expect(walk.finish().steps.map(\.verdict.word) == ["passed", "passed", "passed", "passed"] + Array(repeating: "not reached", count: 5))
    }

    @Test("an unmet expectation fails its step with the closest record, live; the walk goes on")
    func unmetExpectation() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let changed = text.replacing("view_name=MFA mfa_type=device", with: "view_name=MFA mfa_type=code")
        let scenario = try Scenario(text: changed, file: path)
        let (walk, _) = try walkPlaid(scenario)
        let result = walk.finish()
        #expect(result.steps.map(\.verdict.word) == ["passed", "passed", "passed", "passed", "failed", "passed", "passed", "passed", "passed"])
        #expect(result.steps[4].verdict == .failed("""
            expectation not met: expect TRANSITION_VIEW view_name=MFA mfa_type=code (line 13)
              closest: TRANSITION_VIEW view_name=MFA mfa_type=device institution_id=ins_109508: mfa_type is device, not code
            """))
        // replay stops there: the same step failed, the rest not reached
        var problem: ScenarioError?
        do {
            try ScenarioRunner(scenario: scenario).run(on: SessionDriver(configuration: SessionConfiguration(seed: 0), clock: ManualClock()))
        } catch {
            problem = error
        }
        let replay = WalkScenarioResult.replay(file: path, outline: WalkScript(scenario).outline, error: problem)
        #expect(replay.steps.map(\.verdict.word) == ["passed", "passed", "passed", "passed", "failed", "not reached", "not reached", "not reached", "not reached"])
    }

    @Test("a wrong password typed by the tester is off script, and reaches no note, report or JUnit; a blocked step keeps its note")
    func secretsAndBlocked() throws {
        let (path, text) = try libraryFile("mfa_device.txt")
        let scenario = try Scenario(text: text, file: path)
        let (walk, _) = try walkPlaid(scenario) { driver, walk in
            try actSettling([.primary, .setQuery("first platypus"), .selectInstitution(id: "ins_109508")], driver: driver, walk: walk)
            try act(.submitCredentials(username: "user_good", password: Secret("hunter2-canary")), driver: driver, walk: walk)
            driver.settle()
            #expect(walk.offScript == "you signed in as user_good, with other typed values than the scenario's; the scenario expects: Sign in as user_good with mfa_device (line 10)")
            walk.mark(blocked: true, note: "the MFA device list is empty on staging", now: driver.clock.now.millis)
            try act(.quit, driver: driver, walk: walk)
        }
        let result = walk.finish()
        #expect(result.steps[4].verdict == .blocked("the MFA device list is empty on staging"))
        #expect(result.verdict == .blocked("the MFA device list is empty on staging"))
        let markdown = WalkReport.markdown([result], date: Date(timeIntervalSince1970: 0), terminal: (80, 24))
        let junit = WalkReport.junit([result], name: "walk")
        for written in [markdown, junit] + result.steps.flatMap(\.notes) {
            #expect(!written.contains("hunter2"))
        }
        #expect(markdown.contains("- ⊘ line 10: Sign in as user_good with mfa_device: blocked"))
        #expect(junit.contains(#"<skipped message="blocked: the MFA device list is empty on staging"/>"#))
        #expect(junit.contains(#"<testcase classname="\#(path)" name="06 line 14: Answer the MFA: 0">"#))
    }

    @Test("JUnit: counts per suite, failures with their first line as the message, XML escaped, a malformed file an error")
    func junitShape() {
        let entry = { (line: Int, title: String) in WalkOutline.Entry(line: line, title: title, expectations: []) }
        let good = WalkScenarioResult(file: "a<&>.txt", steps: [
            WalkStepResult(entry: entry(1, "Search for \"x\""), verdict: .passed, millis: 1500),
            WalkStepResult(entry: entry(2, "Choose"), verdict: .failed("a.txt:2: no\n  detail"), millis: 10),
            WalkStepResult(entry: entry(3, "Quit"), verdict: .notReached),
        ])
        let bad = WalkScenarioResult.replay(file: "b.txt", outline: [],
                                            error: ScenarioError(file: "b.txt", line: 2, message: "unknown step \u{1B}x", isMalformed: true))
        #expect(WalkReport.junit([good, bad], name: "run") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="run" tests="4" failures="1" errors="1" skipped="1">
              <testsuite name="a&lt;&amp;&gt;.txt" tests="3" failures="1" errors="0" skipped="1" time="1.510">
                <testcase classname="a&lt;&amp;&gt;.txt" name="01 line 1: Search for &quot;x&quot;" time="1.500">
                </testcase>
                <testcase classname="a&lt;&amp;&gt;.txt" name="02 line 2: Choose" time="0.010">
                  <failure message="a.txt:2: no">a.txt:2: no
              detail</failure>
                </testcase>
                <testcase classname="a&lt;&amp;&gt;.txt" name="03 line 3: Quit">
                  <skipped message="not reached"/>
                </testcase>
              </testsuite>
              <testsuite name="b.txt" tests="1" failures="0" errors="1" skipped="0" time="0.000">
                <testcase classname="b.txt" name="the scenario file">
                  <error message="b.txt:2: unknown step x">b.txt:2: unknown step x</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }
}
