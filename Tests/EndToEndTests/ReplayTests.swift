import Foundation
import LinkKit
import LinkSDK
import Testing

@Suite("linkterm replay, run as a user would")
struct ReplayTests {
    // issue 29: "`replay --mesh-store DIR` is accepted and does nothing (an option that does nothing
    // must be refused)"; the team guide: "every bad input gets a clear error naming what was wrong
    // (status 2 for usage errors)".
    @Test("replay refuses --mesh-store wherever it is written, with status 2 and why; nothing is created or played")
    func replayRefusesMeshStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-replay-store-\(UUID().uuidString)").path
        let mesh = packageRoot.appendingPathComponent("Tests/Scenarios/mesh_accounts.txt").path
        for arguments in [["replay", "--flavor", "mesh", "--mesh-store", folder, mesh],
                          ["--flavor", "mesh", "replay", "--mesh-store=\(folder)", mesh],
                          ["--flavor", "mesh", "--mesh-store", folder, "replay", mesh]] {
            let result = try runLinkterm(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("--mesh-store does not go with replay: a replay stores no connection and reads none"),
                    "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
        // after `--`, it is a file name like any other (here one that does not exist)
        let named = try runLinkterm(["replay", "--", "--mesh-store"])
        #expect(!named.stderr.contains("does not go with replay"), "\(named.stderr)")
    }

    static let scenarios = ["pass_good", "mfa_device", "mfa_questions_2_2", "wrong_password_twice_then_exit",
                            "error_INSTITUTION_DOWN", "oauth_approve"]

    func scenarioPath(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Scenarios/\(name).txt").path
    }

    /// The invariants every session's output must hold.
    func checkInvariants(_ output: String, file: String) throws -> [SessionRecord] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "output ends with a newline")
        let records = try lines.dropLast().map { try SessionRecord(jsonLine: String($0)) }
        let ends = records.enumerated().filter {
            if case .success = $0.element { return true }
            if case .exit = $0.element { return true }
            return false
        }
        #expect(ends.count == 1, "\(file): exactly one success or exit")
        let events = records.compactMap { if case .event(let e) = $0 { e } else { nil } }
        guard let end = ends.first else { return records }
        switch end.element {
        case .success:
            // HANDOFF follows onSuccess and is the last record
            #expect(end.offset == records.count - 2)
            #expect(events.last?.eventName == .handoff)
            #expect(!events.contains { $0.eventName == .exit })
        default:
            #expect(end.offset == records.count - 1)
            #expect(events.last?.eventName == .exit)
            #expect(!events.contains { $0.eventName == .handoff })
        }
        #expect(Set(events.map(\.metadata.linkSessionID)).count == 1, "\(file): one link_session_id")
        let stamps = events.map(\.metadata.instant)
        #expect(stamps == stamps.sorted(), "\(file): timestamps never go back")
        let raw = try lines.dropLast().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        for object in raw where object["type"] as? String == "event" {
            let metadata = object["metadata"] as! [String: Any]
            #expect(metadata.count == 17)
            let stamp = metadata["timestamp"] as! String
            #expect(stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
        }
        return records
    }

    @Test("each scenario ends properly and keeps its invariants", arguments: scenarios)
    func scenario(name: String) throws {
        let result = try runLinkterm(["replay", scenarioPath(name)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        _ = try checkInvariants(result.stdout, file: name)
        // no password or MFA answer anywhere
        for secret in ["pass_good", "mfa_device", "mfa_questions", "not-my-password", "still-wrong", "1234",
                       "answer_", "error_INSTITUTION_DOWN"] {
            #expect(!result.stdout.contains(secret), "\(name) leaked \(secret)")
        }
    }

    @Test("the scenario library: every file passes --check, one line each and a summary")
    func library() throws {
        let folder = packageRoot.appendingPathComponent("Tests/Scenarios").path
        let count = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".txt") }.count
        #expect(count >= 59)
        let result = try runLinkterm(["replay", "--check", folder])
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == count + 1)
        #expect(lines.last == "\(count) passed, 0 failed")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("ok    ") })
    }

    @Test("--timeline: a wrong password then security questions, from the scenario and from its events file alike")
    func timeline() throws {
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/timeline_wrong_then_mfa.txt").path
        let expected = """
            Timeline · 10 views · 5.3 s · onSuccess
            +0 ms     CONSENT                 0 ms
            +0 ms     SELECT_INSTITUTION    700 ms   searched "first platypus"; chose First Platypus Bank
            +700 ms   CREDENTIAL             2.5 s   sign-in failed
            +3.2 s    LOADING               600 ms   ✗ INVALID_CREDENTIALS
            +3.8 s    CREDENTIAL (again)    100 ms   signed in
            +3.9 s    LOADING               600 ms
            +4.5 s    MFA (questions)       100 ms   answered (questions)
            +4.6 s    LOADING               600 ms
            +5.2 s    SELECT_ACCOUNT        100 ms
            +5.3 s    CONNECTED               0 ms
            end       ◆ onSuccess: First Platypus Bank, 9 accounts

            """
        let played = try runLinkterm(["replay", "--timeline", fixture])
        #expect(played.status == 0 && played.stderr.isEmpty, "\(played.stderr)")
        #expect(played.stdout == expected)
        let records = try runLinkterm(["replay", fixture])
        let events = try temporaryFile(records.stdout, name: "events.jsonl")
        let read = try runLinkterm(["replay", "--timeline", events])
        #expect(read.status == 0 && read.stdout == expected, "\(read.stderr)")
        // a line that is no record: named with its number, exit 2
        let broken = try temporaryFile(records.stdout + "{\"type\":\"nope\"}\n", name: "broken.jsonl")
        let refused = try runLinkterm(["replay", "--timeline", broken])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr == "linkterm: \(broken):\(records.stdout.split(separator: "\n").count + 1): not a record of a Plaid events file: {\"type\":\"nope\"}\n")
        // names a file made up: shown, never acted on by the terminal
        let hostile = records.stdout.replacingOccurrences(of: #""view_name":"CREDENTIAL""#, with: #""view_name":"\u001b[2J\u001b]52;c;eA==\u0007""#)
        #expect(hostile != records.stdout)
        let shown = try runLinkterm(["replay", "--timeline", try temporaryFile(hostile, name: "hostile.jsonl")])
        #expect(shown.status == 0 && !shown.stdout.contains("\u{1b}") && !shown.stdout.contains("\u{07}"))
        #expect(shown.stdout.contains(#"\u001B[2J\u001B]52;c;eA==\u0007"#), "\(shown.stdout)")
        // a scenario that stops short: the timeline so far, its last view open, then why it is no session (exit 1)
        let short = try temporaryFile("continue\nsearch tartan\nwait 300\n", name: "short.txt")
        let cut = try runLinkterm(["replay", "--timeline", short])
        #expect(cut.status == 1 && cut.stderr.contains("the scenario ended on the SELECT_INSTITUTION pane"))
        #expect(cut.stdout.hasPrefix("Timeline · 2 views · 300 ms · in progress\n"))
        #expect(cut.stdout.hasSuffix("end       ◆ the session has not ended\n"))
    }

    @Test("a wrong expectation: exit 1, the line, what was expected and what came instead")
    func wrongExpectation() throws {
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/wrong_expectation.txt").path
        let result = try runLinkterm(["replay", fixture])
        #expect(result.status == 1)
        #expect(result.stderr == """
            linkterm: \(fixture):6: expectation not met: expect TRANSITION_VIEW view_name=MFA mfa_type=code
              after the step on line 4 (credentials), the session emitted:
                TRANSITION_VIEW view_name=LOADING institution_id=ins_109508
                TRANSITION_VIEW view_name=MFA mfa_type=device institution_id=ins_109508   ← closest: mfa_type is device, not code

            """)
        let check = try runLinkterm(["replay", "--check", fixture, scenarioPath("pass_good")])
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("FAIL  \(fixture):6: expectation not met"))
        #expect(check.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test("a wrong Mesh expectation reads as a Plaid one: the records after the step, the closest marked (one checker)")
    func wrongMeshExpectation() throws {
        let text = try String(contentsOfFile: scenarioPath("mesh_quit_during_signin"), encoding: .utf8)
            .replacingOccurrences(of: "expect close page=loadingPage", with: "expect close page=otherPage")
        let file = try temporaryFile(text, name: "mesh_wrong.txt")
        let result = try runLinkterm(["replay", file])
        #expect(result.status == 1)
        #expect(result.stderr == """
            linkterm: \(file):7: expectation not met: expect close page=otherPage
              after the step on line 6 (quit), the session emitted:
                close   ← closest: page is loadingPage, not otherPage
                exit

            """)
    }

    @Test("malformed expect and option lines exit 2 naming the line")
    func malformedExpectations() throws {
        let cases: [(String, String)] = [
            ("continue\nexpect VIEW_CHANGE\n", ":2: expect: \"VIEW_CHANGE\" is not an event name"),
            ("continue\nexpect TRANSITION_VIEW view=MFA\n", ":2: expect TRANSITION_VIEW: unknown key \"view\"; keys are account_number_mask"),
            ("continue\nexpect success status=x\n", ":2: expect success: unknown key \"status\""),
            ("continue\nexpect OPEN view_name\n", ":2: expect: \"view_name\" is not key=value"),
            ("continue\noption seed 3\n", ":2: option lines must come before the first step"),
            ("option colour blue\n", ":1: unknown option line; options are: single-account"),
            ("expect TRANSITION_VIEW \"view_name=MFA\n", ":1: a quote is not closed"),
        ]
        for (text, message) in cases {
            let file = try temporaryFile(text)
            let result = try runLinkterm(["replay", file])
            #expect(result.status == 2, "\(text)")
            #expect(result.stderr.hasPrefix("linkterm: \(file)\(message)"), "\(result.stderr)")
        }
    }

    @Test("the same seed and steps give byte-identical output; another seed other ids")
    func deterministic() throws {
        let a = try runLinkterm(["replay", scenarioPath("mfa_device"), "--seed", "9"])
        let b = try runLinkterm(["replay", scenarioPath("mfa_device"), "--seed", "9"])
        let c = try runLinkterm(["replay", scenarioPath("mfa_device"), "--seed", "10"])
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        #expect(a.stdout.split(separator: "\n").count == c.stdout.split(separator: "\n").count)
    }

    @Test("exit at every pane: one exit record with the pane's status")
    func exitEverywhere() throws {
        let panes: [(String, String)] = [
            ("", "requires_credentials"),
            ("continue", "institution_not_found"),
            ("continue\nselect ins_127287", "requires_oauth"),
            ("continue\nselect ins_133402", "institution_not_supported"),
            ("continue\nselect ins_109508", "requires_credentials"),
            ("continue\nselect ins_109508\ncredentials user_good mfa_device", "choose_device"),
            ("continue\nselect ins_109508\ncredentials user_good mfa_device\nmfa 0", "requires_code"),
            ("continue\nselect ins_109508\ncredentials user_good mfa_questions_1_1", "requires_questions"),
            ("continue\nselect ins_109508\ncredentials user_good mfa_selections", "requires_selections"),
            ("continue\nselect ins_109508\ncredentials user_good pass_good", "requires_account_selection"),
        ]
        for (steps, status) in panes {
            let result = try runLinkterm(["replay", "-"], stdin: steps + "\nexit\nconfirm\n")
            #expect(result.status == 0, "\(result.stderr)")
            let records = try checkInvariants(result.stdout, file: status)
            guard case .exit(let exit) = records.last else { Issue.record("no exit for \(status)"); continue }
            #expect(exit.metadata.status?.description == status)
        }
    }

    @Test("an invalid token: onExit with INVALID_LINK_TOKEN, no OPEN")
    func invalidToken() throws {
        let result = try runLinkterm(["replay", "-", "--token", "link-production-b41e8ed3-0874-4c64-b07d-a77088979d5f"], stdin: "")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains(#""error_code":"INVALID_LINK_TOKEN""#))
        #expect(!result.stdout.contains(#""event_name":"OPEN""#))
    }

    @Test("a step that does not fit names its line and exits 1; the records so far are printed")
    func misfit() throws {
        let file = try temporaryFile("continue\n# a comment\nmfa hunter2-canary\n")
        let result = try runLinkterm(["replay", file])
        #expect(result.status == 1)
        #expect(result.stderr == "linkterm: \(file):3: mfa: an MFA answer does not fit the SELECT_INSTITUTION pane\n")
        #expect(!result.stderr.contains("hunter2"))
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test("a malformed file names its line and exits 2 before running anything")
    func malformed() throws {
        let cases: [(String, String)] = [
            ("continue\nfly away\n", ":2: unknown step \"fly\"; steps are: continue, search"),
            ("credentials user_good\n", ":1: credentials needs a username and a password"),
            ("accounts 1 x\n", ":1: accounts takes 0-based indices or all; \"x\" is neither"),
            ("wait soon\n", ":1: wait takes 0 to 86400000 milliseconds"),
            ("oauth maybe\n", ":1: oauth takes approve, cancel or fail"),
            ("continue now\n", ":1: continue takes no argument"),
        ]
        for (text, message) in cases {
            let file = try temporaryFile(text)
            let result = try runLinkterm(["replay", file])
            #expect(result.status == 2, "\(text)")
            #expect(result.stderr.hasPrefix("linkterm: \(file)\(message)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a scenario that stops mid-flow says so")
    func unfinished() throws {
        let result = try runLinkterm(["replay", "-"], stdin: "continue\nselect ins_109508\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("-:2: the scenario ended on the CREDENTIAL pane before the session did"))
    }

    @Test("bad files and options get a clear message")
    func badInput() throws {
        let missing = try runLinkterm(["replay", "/nonexistent/flow.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "linkterm: no such file: /nonexistent/flow.txt\n")
        let latency = try runLinkterm(["replay", "-", "--latency=-5"], stdin: "")
        #expect(latency.status == 2, "a usage error exits 2, as --help says")
        #expect(latency.stderr.contains("--latency must be 0 to 3600000 milliseconds (got -5)"))
        let update = try runLinkterm(["replay", "-", "--update-mode"], stdin: "")
        #expect(update.stderr.contains("--update-mode needs --institution ID"))
        let unknown = try runLinkterm(["replay", "-", "--update-mode", "--institution", "ins_nope"], stdin: "")
        #expect(unknown.stderr.contains("there is no institution ins_nope"))
    }

    @Test("replay options: single account, no account select, update mode")
    func options() throws {
        let single = try runLinkterm(["replay", scenarioPath("pass_good"), "--single-account"])
        #expect(single.status == 1)
        #expect(single.stderr.contains("single-account mode: choose exactly one account"))
        let none = try runLinkterm(["replay", "-", "--no-account-select"],
                                   stdin: "continue\nselect ins_109508\ncredentials user_good pass_good\ncontinue\n")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(!none.stdout.contains(#""view_name":"SELECT_ACCOUNT""#))
        let update = try runLinkterm(["replay", "-", "--update-mode", "--institution", "ins_109508"],
                                     stdin: "credentials user_good pass_good\naccounts 0\ncontinue\n")
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains(#""is_update_mode":true"#))
    }

    @Test("an update-mode institution that does not exist: exit 2 before any record")
    func unknownUpdateModeInstitution() throws {
        let directory = try temporaryFile(#"[{"institution_id":"ins_1","name":"A Bank"}]"#, name: "banks.json")
        let file = try temporaryFile("option institutions \(directory)\noption update-mode ins_nope\ncredentials user_good pass_good\n")
        let result = try runLinkterm(["replay", file])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing written: \(result.stdout)")
        #expect(result.stderr.contains("there is no institution ins_nope"), "\(result.stderr)")
    }

    @Test("a step's text is bounded: a long query names its line, exit 2, nothing written")
    func longQuery() throws {
        let file = try temporaryFile("continue\nsearch \(String(repeating: "q", count: 100_000))\n")
        let result = try runLinkterm(["replay", file])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "\(result.stdout.count) bytes written")
        #expect(result.stderr == "linkterm: \(file):2: search: the query is 100000 characters long; at most 256\n")
        let fits = try runLinkterm(["replay", "-"], stdin: "continue\nsearch \(String(repeating: "q", count: 256))\nexit\nconfirm\n")
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    @Test("waits that would push the clock past the year 9999: exit 2 naming the line, nothing written")
    func clockBound() throws {
        // 2,950,000 waits of a day: past 9999-12-31 (it printed 0102-10-30T… as time went back)
        let waits = 2_950_000
        let file = try temporaryFile(String(repeating: "wait 86400000\n", count: waits) + "exit\nconfirm\n")
        let started = ContinuousClock.now
        let result = try runLinkterm(["replay", file])
        print("replay of \(waits) waits refused in \(ContinuousClock.now - started)")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "\(result.stdout.suffix(300))")
        #expect(result.stderr.contains("wait: the session's clock would pass the end of the year 9999 here"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("linkterm: \(file):29"), "\(result.stderr)")
    }

    @Test("standard output on a full disk: the failure is printed and the status is 74")
    func fullDisk() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: linktermBinary)
        process.arguments = ["replay", scenarioPath("pass_good")]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message == "linkterm: standard output: writing failed: No space left on device; the output ends with the last complete record\n")
    }

    @Test("standard output appended to the scenario itself: refused, the file untouched")
    func outputIsTheScenario() throws {
        let file = try temporaryFile("continue\nexit\nconfirm\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: linktermBinary)
        process.arguments = ["replay", file]
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        output.seekToEndOfFile()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("standard output is the file of the scenario"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }
}

@Suite("linkterm search")
struct SearchCommandTests {
    @Test("ranked institution_id<TAB>name lines; no match exits 1; a custom directory")
    func search() throws {
        let result = try runLinkterm(["search", "first plat", "--limit", "2"])
        #expect(result.status == 0)
        #expect(result.stdout == "ins_109508\tFirst Platypus Bank\nins_130016\tFirst Platypus Balance Bank\n")
        #expect(try runLinkterm(["search", "fpb", "--limit", "1"]).stdout == "ins_109508\tFirst Platypus Bank\n")
        let none = try runLinkterm(["search", "zzzz"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        let file = try temporaryFile("Ozark Bank\nFirst Ozark\n", name: "banks.txt")
        #expect(try runLinkterm(["search", "ozark", "--institutions", file]).stdout == "ins_custom_1\tOzark Bank\nins_custom_2\tFirst Ozark\n")
    }
}
