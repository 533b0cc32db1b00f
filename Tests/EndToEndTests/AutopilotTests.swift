import Foundation
import LinkKit
import Testing

/// `linkterm --script`: scenarios played through the real UI in tmux.
@Suite("Autopilot", .serialized)
struct AutopilotTests {
    func names(_ text: String) throws -> [String] {
        try text.split(separator: "\n").map { try SessionRecord(jsonLine: String($0)).summary.split(separator: " ")[0] }.map(String.init)
    }

    @Test("library scenarios play through the UI; the events file has the replay's event names",
          arguments: ["mfa_device", "mfa_questions_2_2", "mfa_selections_2_2_3", "oauth_fail", "lockout_three_wrong_passwords",
                      "exit_at_requires_code", "pass_good_single_account", "institution_degraded"])
    func plays(name: String) throws {
        let scenario = packageRoot.appendingPathComponent("Tests/Scenarios/\(name).txt").path
        let events = try temporaryFile("", name: "events.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--script", scenario, "--typing-delay", "5", "--latency", "30",
                                    "--events", events, "--exit-at-end", "--seed", "0"], cols: 100, rows: 30)
        defer { tmux.kill() }
        let status = try tmux.waitForExit(timeout: 30)
        #expect(status == 0, "\(tmux.capture())")
        let replay = try runLinkterm(["replay", scenario])
        #expect(replay.status == 0)
        #expect(try names(String(contentsOfFile: events, encoding: .utf8)) == names(replay.stdout))
    }

    @Test("a wrong expectation: shown on screen, exit status 1")
    func wrongExpectation() throws {
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/autopilot_wrong_expectation.txt").path
        let tmux = try TmuxSession([linktermBinary, "--script", fixture, "--typing-delay", "5", "--latency", "30"], cols: 100, rows: 30)
        defer { tmux.kill() }
        let screen = try tmux.waitFor("✗ autopilot: line 6: expectation not met: expect ERROR error_code=NO_ACCOUNTS", timeout: 20)
        #expect(screen.contains("· the session is"))
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
        let exitAtEnd = try TmuxSession([linktermBinary, "--script", fixture, "--typing-delay", "5", "--latency", "30", "--exit-at-end"],
                                        cols: 100, rows: 30)
        defer { exitAtEnd.kill() }
        #expect(try exitAtEnd.waitForExit(timeout: 20) == 1)
    }

    @Test("without --exit-at-end the last screen waits for a key")
    func waitsForKey() throws {
        let scenario = packageRoot.appendingPathComponent("Tests/Scenarios/pass_good.txt").path
        let tmux = try TmuxSession([linktermBinary, "--script", scenario, "--typing-delay", "5", "--latency", "30"], cols: 100, rows: 30)
        defer { tmux.kill() }
        try tmux.waitFor("✓ autopilot: every step played, every expectation met · press any key to leave", timeout: 20)
        #expect(tmux.capture().contains("✓ onSuccess"))
        #expect(tmux.isRunning)
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
