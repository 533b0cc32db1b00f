import Foundation
import LinkKit
import LinkSDK
import Testing

/// `linkterm --flavor mesh` in tmux, typed into as a person would.
@Suite("Mesh Connect in tmux", .serialized)
struct MeshInteractiveTests {
    /// The record names of a Mesh events file (an event's type, or the callback's record type).
    func names(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            if let event = object["event"] as? [String: Any] { return event["type"] as? String ?? "?" }
            return object["type"] as? String ?? "?"
        }
    }

    /// From the catalog: Kraken, Mesh / Pass123, the code 123456, up to the connected pane.
    func connectKraken(_ tmux: TmuxSession) throws {
        try tmux.waitFor("Kraken  (exchange)")
        tmux.type("kraken")
        try tmux.waitUntil { !$0.contains("Coinbase") }
        tmux.send("Enter")
        try tmux.waitFor("Sign in to Kraken")
        tmux.type("Mesh")
        tmux.send("Tab")
        tmux.type("Pass123")
        tmux.send("Enter")
        try tmux.waitFor("Enter the code Kraken sent you")
        tmux.type("123456")
        tmux.send("Enter")
        try tmux.waitFor("Your Kraken account is connected.")
    }

    @Test("connect at 80x24: Binance, Mesh / Pass123, a wrong code then 123456, connected, Done: the events, the callback line, exit 0")
    func connect() throws {
        let events = try temporaryFile("", name: "mesh.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--flavor", "mesh", "--latency", "50", "--events", events, "--seed", "1"])
        defer { tmux.kill() }
        try tmux.waitFor("Coinbase  (exchange)")
        tmux.type("bin")
        try tmux.waitUntil { $0.contains("› Binance") && !$0.contains("Coinbase") }
        tmux.send("Enter")
        try tmux.waitFor("Sign in to Binance")
        tmux.type("Mesh")
        tmux.send("Tab")
        tmux.type("Pass123")
        let typed = try tmux.waitFor("•••••••")
        let passwordLine = typed.split(separator: "\n").first { $0.contains("Password") } ?? ""
        #expect(passwordLine.contains("•••••••") && !passwordLine.contains("Pass123"), "the password is masked: \(passwordLine)")
        tmux.send("Enter")
        try tmux.waitFor("Enter the code Binance sent you")
        tmux.type("000000")
        tmux.send("Enter")
        try tmux.waitFor("Invalid verification code")
        tmux.type("123456")
        tmux.send("Enter")
        // the pane and the log panel are one frame, but the terminal may be read while it is written
        let connected = try tmux.waitUntil { $0.contains("Your Binance account is connected.") && $0.contains("◆ onIntegrationConnected Binance") }
        #expect(!connected.contains("mesh-at-"), "no token on screen")
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 0)
        let flags = try tmux.tmux("display-message", "-p", "-t", tmux.target,
                                  "#{alternate_on} #{keypad_flag} #{keypad_cursor_flag} #{mouse_any_flag} #{mouse_button_flag} #{mouse_standard_flag}")
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0 0 0 0 0", "the terminal is restored")
        // the line is longer than 80 columns: the terminal wraps it
        #expect(tmux.capture().replacingOccurrences(of: "\n", with: "").contains(
            "onIntegrationConnected accessToken brokerType=binanceInternationalDirect accounts=1"))
        #expect(try names(events) == ["loaded", "integrationSelected", "credentialsEntered", "integrationMfaRequired", "integrationMfaEntered",
                                      "integrationConnectionError", "integrationMfaEntered", "integration_connected", "done", "exit"])
        let text = try String(contentsOfFile: events, encoding: .utf8)
        #expect(!text.contains("Pass123") && !text.contains("123456"), "no password or code in the events file")
    }

    @Test("a transfer at 160x48: Coinbase, USDC over Solana, 100, the preview with fees, sent, Done")
    func transfer() throws {
        let events = try temporaryFile("", name: "mesh.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--flavor", "mesh", "--transfer", "--latency", "50", "--events", events],
                                   cols: 160, rows: 48)
        defer { tmux.kill() }
        try tmux.waitFor("Coinbase  (exchange)")
        tmux.send("Enter")
        try tmux.waitFor("[ Allow ]")
        tmux.send("Enter")
        try tmux.waitFor("[ Continue to transfer ]")
        tmux.send("Enter")
        try tmux.waitFor("USDC   2,500 held")
        tmux.send("Enter")
        try tmux.waitFor("Send USDC over")
        tmux.send("Down", "Enter")
        try tmux.waitFor("How much USDC to send over Solana?")
        tmux.type("100")
        tmux.send("Enter")
        // what the preview shows (waited for whole: the terminal may be read while a frame is written)
        try tmux.waitUntil { $0.contains("Send 100 USDC (≈ $100.00)") && $0.contains("0.000005 SOL") && $0.contains("0.1 USDC") }
        tmux.send("Enter")
        try tmux.waitFor("✓ 100 USDC sent over Solana")
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 0)
        #expect(tmux.capture().contains("onTransferFinished success symbol=USDC amount=100 networkId=0291810a-5947-424d-9a59-e88bb33e999d"))
        #expect(try names(events).suffix(8) == ["transferAmountEntered", "transferPreviewed", "transferInitiated", "transferExecuted",
                                                 "transferFinished", "transfer_finished", "done", "exit"])
    }

    @Test("--mesh-store: a connection is kept (0600 in 0700), handed back next time, and reconnects without signing in")
    func store() throws {
        let folder = (try temporaryFile("", name: "x")) + "-store"
        let first = try TmuxSession([linktermBinary, "--flavor", "mesh", "--mesh-store", folder, "--latency", "30"])
        defer { first.kill() }
        try connectKraken(first)
        first.send("Enter")
        #expect(try first.waitForExit() == 0)
        let path = folder + "/access-tokens.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(((try FileManager.default.attributesOfItem(atPath: folder))[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]]
        #expect(stored?.count == 1 && stored?.first?["brokerType"] as? String == "kraken")

        let events = try temporaryFile("", name: "mesh.jsonl")
        let second = try TmuxSession([linktermBinary, "--flavor", "mesh", "--mesh-store", folder, "--latency", "30", "--events", events])
        defer { second.kill() }
        try second.waitFor("Kraken  (exchange) · connected")
        second.type("kraken")
        try second.waitUntil { !$0.contains("Coinbase") }
        second.send("Enter")
        try second.waitFor("Your Kraken account is connected.")
        second.send("Enter")
        #expect(try second.waitForExit() == 0)
        #expect(try names(events) == ["loaded", "integrationSelected", "integration_connected", "done", "exit"])
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]]
        #expect(again?.count == 1, "the same integration again replaces its entry")
    }

    @Test("--record: a Mesh session as an asciicast v2 file that asciinema plays back")
    func records() throws {
        let cast = (try temporaryFile("", name: "x")) + ".cast"
        let tmux = try TmuxSession([linktermBinary, "--flavor", "mesh", "--record", cast, "--latency", "30"], cols: 100, rows: 30)
        defer { tmux.kill() }
        try connectKraken(tmux)
        tmux.send("Enter")
        #expect(try tmux.waitForExit() == 0)
        let raw = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(raw.hasPrefix("{\"version\": 2") || raw.hasPrefix("{\"version\":2"), "an asciicast v2 header")
        // (what a field shows while typing is checked by the connect test: dots; a cast only holds what was shown)
        let played = try asciinemaCat(cast)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("Connect an account") && played.stdout.contains("Your Kraken account is connected."))
    }

    @Test("--script: a Mesh scenario played by the autopilot in the real UI writes the events replay prints", arguments: [
        "mesh_transfer", "mesh_wrong_password", "mesh_accounts", "mesh_quit_during_signin",
    ])
    func autopilot(name: String) throws {
        let scenario = packageRoot.appendingPathComponent("Tests/Scenarios/\(name).txt").path
        let events = try temporaryFile("", name: "mesh.jsonl")
        let tmux = try TmuxSession([linktermBinary, "--flavor", "mesh", "--script", scenario, "--typing-delay", "5", "--pace", "0",
                                    "--exit-at-end", "--events", events], cols: 100, rows: 30)
        defer { tmux.kill() }
        #expect(try tmux.waitForExit(timeout: 30) == 0, "\(tmux.capture())")
        let replay = try runLinkterm(["replay", scenario])
        #expect(replay.status == 0)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == replay.stdout.split(separator: "\n").map(String.init))
    }

    @Test("createHandler refuses the token: its message, exit 2, no screen; options Mesh does not take yet are named")
    func refusals() throws {
        let invalid = try runLinkterm(["--flavor", "mesh", "--token", "==="])
        #expect(invalid.status == 2 && invalid.stderr == "linkterm: --token: Invalid linkToken\n")
        let institutions = try runLinkterm(["--flavor", "mesh", "--institutions", "x.txt"])
        #expect(institutions.status == 2 && institutions.stderr.contains("--institutions does not go with --flavor mesh yet"))
        let transfer = try runLinkterm(["--transfer"])
        #expect(transfer.status == 2 && transfer.stderr.contains("--transfer goes with --flavor mesh"))
        let store = try runLinkterm(["--mesh-store", "/tmp"])
        #expect(store.status == 2 && store.stderr.contains("--mesh-store goes with --flavor mesh"))
    }
}
