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
                      "exit_at_requires_code", "pass_good_single_account", "institution_degraded", "exit_dialog_continue", "institution_down"])
    func plays(name: String) throws {
        let scenario = packageRoot.appendingPathComponent("Tests/Scenarios/\(name).txt").path
        let events = try temporaryFile("", name: "events.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--script", scenario, "--typing-delay", "5", "--pace", "0", "--latency", "30",
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
        let tmux = try TmuxSession([linktermBinary, "--script", fixture, "--typing-delay", "5", "--pace", "0", "--latency", "30"], cols: 100, rows: 30)
        defer { tmux.kill() }
        let screen = try tmux.waitFor("✗ autopilot: line 6: expectation not met: expect ERROR error_code=NO_ACCOUNTS", timeout: 20)
        #expect(screen.contains("· the session is"))
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
        let exitAtEnd = try TmuxSession([linktermBinary, "--script", fixture, "--typing-delay", "5", "--pace", "0", "--latency", "30", "--exit-at-end"],
                                        cols: 100, rows: 30)
        defer { exitAtEnd.kill() }
        #expect(try exitAtEnd.waitForExit(timeout: 20) == 1)
    }

    @Test("without --exit-at-end the last screen waits for a key")
    func waitsForKey() throws {
        let scenario = packageRoot.appendingPathComponent("Tests/Scenarios/pass_good.txt").path
        let tmux = try TmuxSession([linktermBinary, "--script", scenario, "--typing-delay", "5", "--pace", "0", "--latency", "30"], cols: 100, rows: 30)
        defer { tmux.kill() }
        try tmux.waitFor("✓ autopilot: every step played, every expectation met · press any key to leave", timeout: 20)
        #expect(tmux.capture().contains("✓ onSuccess"))
        #expect(tmux.isRunning)
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}

/// `--record`: asciicast v2 of what the terminal was sent.
@Suite("Recording", .serialized)
struct RecordingEndToEndTests {
    @Test("autopilot with --record at 100x30: a cast asciinema plays, with no secret in it")
    func recordsAutopilot() throws {
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/canary_secrets.txt").path
        let cast = try temporaryFile("", name: "demo.cast")
        let events = try temporaryFile("", name: "events.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--script", fixture, "--typing-delay", "5", "--pace", "0", "--latency", "30",
                                    "--record", cast, "--events", events, "--exit-at-end"], cols: 100, rows: 30)
        defer { tmux.kill() }
        #expect(try tmux.waitForExit(timeout: 30) == 0, "\(tmux.capture())")
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100 && header["height"] as? Int == 30)
        #expect((header["env"] as? [String: String])?["TERM"] != nil)
        var last = -1.0
        for line in lines.dropFirst() {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
            let time = event[0] as! Double
            #expect(time >= last)
            last = time
            #expect(["o", "r"].contains(event[1] as! String), "no input events")
        }
        let eventsText = try String(contentsOfFile: events, encoding: .utf8)
        for secret in ["canary", "answer_0_0", "answer_0_1", "mfa_questions_1_2"] {
            #expect(!text.contains(secret), "\(secret) in the recording")
            #expect(!eventsText.contains(secret), "\(secret) in the events file")
            #expect(!tmux.capture().contains(secret), "\(secret) on the screen")
        }
        let played = try asciinemaCat(cast)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("Enter your First Platypus Bank credentials"))
        // only changed cells are sent, so later frames are fragments; the first frames hold whole lines
        #expect(played.stdout.contains("Select your institution"))
    }

    @Test("a recording keeps resizes as r events")
    func recordsResize() throws {
        let cast = try temporaryFile("", name: "resize.cast")
        let tmux = try TmuxSession([linktermBinary, "--record", cast], cols: 100, rows: 30)
        defer { tmux.kill() }
        try tmux.waitFor("Link your account")
        tmux.resize(cols: 120, rows: 40)
        try tmux.waitUntil { $0.split(separator: "\n").count >= 39 }
        tmux.send("C-c")
        #expect(try tmux.waitForExit() == 130)
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.contains(#", "r", "120x40"]"#) || text.contains(#","r","120x40"]"#), "resize event")
    }
}

/// Plays a recording back with `asciinema cat` on a pseudo-terminal of its own (asciinema opens
/// /dev/tty, and the suite may run with no controlling terminal); the output is what a terminal
/// would be sent, with the pty's "\r\n" line ends.
func asciinemaCat(_ path: String) throws -> RunResult {
    let inPty = packageRoot.appendingPathComponent("Tests/tools/in_pty.py").path
    return try runProgram(["python3", inPty, "python3", "-m", "asciinema", "cat", path])
}

/// Runs any program found on PATH.
func runProgram(_ arguments: [String]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}
