import Foundation
import Testing
import LinkKit
import LinkSDK
@testable import LinkUI

/// A MeshApp over a manual-clock session, driven by keys as a person would type them.
final class MeshAppHarness {
    let app: MeshApp
    let clock = ManualClock()

    init(_ configuration: MeshConfiguration = MeshConfiguration(latencyMillis: 300, seed: 1)) throws {
        app = MeshApp(driver: MeshDriver(configuration: configuration, clock: clock), theme: try ThemeLoader.load("default"))
        app.start()
    }

    func press(_ keys: Key...) {
        for key in keys { _ = app.update(.key(key)) }
        settle()
    }

    func type(_ text: String) {
        for character in text { _ = app.update(.key(.char(character))) }
        settle()
    }

    func settle() {
        while let due = app.driver.engine.nextDeadline {
            clock.advance(to: due)
            _ = app.update(.tick)
        }
    }

    func render(rows: Int = 24, cols: Int = 80) -> CellBuffer {
        app.render(rows: rows, cols: cols).buffer
    }

    func screen(rows: Int = 24, cols: Int = 80) -> String {
        render(rows: rows, cols: cols).lines().joined(separator: "\n")
    }
}

@Suite("Mesh panes, drawn at 80x24")
struct MeshPaneTests {
    @Test("F4: the Mesh session as a timeline: its views, what happened in each, errors marked, the outcome")
    func timeline() throws {
        let h = try signedIn(at: "binance")
        h.type("Mesh")
        h.press(.tab)
        h.type("wrong")
        h.press(.enter)
        h.settle()
        h.press(.function(4))
        let screen = h.screen()
        #expect(screen.contains("Timeline · ") && screen.contains("in progress · any key closes"), "\(screen)")
        #expect(screen.contains("catalog") && screen.contains("chose Binance"))
        #expect(screen.contains("✗ Invalid username or password") && screen.contains("credentials (again)"))
        h.press(.char("x"))
        #expect(!h.screen().contains("Timeline ·"))
    }

    func signedIn(transfer: Bool = false, at integration: String = "coinbase") throws -> MeshAppHarness {
        let h = try MeshAppHarness(MeshConfiguration(isTransferLink: transfer, latencyMillis: 300, seed: 1))
        h.type(integration)
        h.press(.enter)
        return h
    }

    @Test("catalog, search, sign-in with a wrong password, code, accounts")
    func connectPanes() throws {
        let h = try MeshAppHarness()
        try assertSnapshot(h.render(), "mesh-catalog")
        h.type("kra")
        h.press(.enter)
        h.type("Mesh")
        h.press(.tab)
        h.type("nope")
        h.press(.enter)
        let wrong = h.screen()
        #expect(wrong.contains("✗ Invalid username or password") && !wrong.contains("nope"))
        try assertSnapshot(h.render(), "mesh-credentials-error")
        h.type("Pass123")
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-code")
        let r = try signedIn(at: "robinhood")
        r.type("Mesh")
        r.press(.tab)
        r.type("Pass123")
        r.press(.enter, .down, .char(" "))
        try assertSnapshot(r.render(), "mesh-accounts")
    }

    @Test("a list longer than its pane says so: ▼ while rows lie below, ▲ once some lie above")
    func scrollMarks() throws {
        let h = try MeshAppHarness()
        let top = h.screen()
        #expect(top.contains("▼") && !top.contains("▲"))
        h.press(.end)
        let bottom = h.screen()
        #expect(bottom.contains("▲") && !bottom.contains("▼") && bottom.contains("› Mesh Sandbox"))
    }

    @Test("a transfer: connected, asset, network, amount, preview, sent; the exit dialog; help")
    func transferPanes() throws {
        let h = try signedIn(transfer: true)
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-connected")
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-asset")
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-network")
        h.press(.down, .enter)
        h.type("100")
        try assertSnapshot(h.render(), "mesh-amount")
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-preview")
        h.press(.ctrl("x"))
        try assertSnapshot(h.render(), "mesh-exit-dialog")
        h.press(.enter)  // No, continue (the default)
        h.press(.enter)
        try assertSnapshot(h.render(), "mesh-sent")
        h.press(.function(1))
        try assertSnapshot(h.render(), "mesh-help")
    }

    @Test("random keys: never a crash, the buffer's size, what is typed into a password or code field never on screen, one onExit, nothing after it")
    func randomKeys() throws {
        var rng = IDGenerator(seed: 31)
        let keys: [Key] = [.enter, .escape, .tab, .backTab, .up, .down, .left, .right, .char(" "), .char("y"), .char("n"),
                           .ctrl("x"), .ctrl("u"), .function(1), .function(2), .function(3), .backspace, .char("?"),
                           .char("1"), .char("3"), .char("6"), .char("."), .char("k"), .char("P")]
        for session in 0..<120 {
            let h = try MeshAppHarness(MeshConfiguration(isTransferLink: session % 2 == 0, latencyMillis: 300, seed: UInt64(session)))
            for _ in 0..<Int.random(in: 0...200, using: &rng) where !h.app.driver.engine.isFinished {
                // into a password or code field, a canary; elsewhere random keys
                let pane = h.app.driver.engine.pane
                let secretField = pane == .mfa || pane == .transferMFA
                    || (pane == .credentials && h.app.pane(MeshCredentialsPane.self)?.fields.focus == 1)
                if secretField && Int.random(in: 0..<3, using: &rng) == 0 {
                    h.type("hunter2canary")
                } else if Int.random(in: 0..<15, using: &rng) == 0 {
                    h.type("Pass123")
                } else {
                    h.press(keys.randomElement(using: &rng)!)
                }
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    let rows = Int.random(in: 0...60, using: &rng), cols = Int.random(in: 0...200, using: &rng)
                    let (buffer, cursor) = h.app.render(rows: rows, cols: cols)
                    #expect(buffer.rows == rows && buffer.cols == cols)
                    if let cursor { #expect(cursor.y < rows && cursor.x < cols) }
                    let text = buffer.lines().joined(separator: "\n")
                    #expect(!text.contains("hunter2") && !text.contains("canary"), "session \(session): a typed secret on screen")
                }
            }
            if !h.app.driver.engine.isFinished { h.press(.ctrl("c")) }
            let count = h.app.driver.records.count
            #expect(h.app.driver.records.filter { $0 == .exit }.count == 1 && h.app.driver.records.last == .exit)
            h.press(.enter, .ctrl("c"))
            #expect(h.app.driver.records.count == count, "session \(session): records after the end")
        }
    }
}
