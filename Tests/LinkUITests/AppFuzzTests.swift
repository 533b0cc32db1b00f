// AppFuzzTests.swift: property tests of LinkApp under random keys, pastes, mouse events,
// resizes and render sizes.
//
// Seeded and bounded. Random keys alone rarely get past the credentials pane, so a third of the
// time the generator types what a person would on the current pane (a search, user_good and a
// password, an MFA answer, "a" then Enter on account select). Passwords and MFA answers are
// canaries, typed only into masked fields: they must never show on any rendered line.

import Foundation
import Testing
import LinkKit
@testable import LinkUI

/// SplitMix64 (LinkKit's seeded id generator): every run plays the same sequences.
private typealias SplitMix64 = IDGenerator

extension IDGenerator {
    fileprivate mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    fileprivate mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// Secrets typed into masked fields only; none may appear on screen.
private let canaries = ["cnry_Pw_4f7Q", "cnry_Mfa_9Zk2", "cnry_Code_77310"]

/// Random keys, some of them what a person would type on the app's current pane.
private struct KeyGenerator {
    var rng: SplitMix64

    static let characters: [Character] = [
        "a", "z", "A", "0", " ", "?", "a", "q", "~", "/", "\\", "\"",
        "日", "本", "😀", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{FFFD}",
        "\u{10FFFF}", "ﷺ", "𒐫", "\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "\r\n",
    ]

    mutating func text(maxLength: Int) -> String {
        var out = ""
        for _ in 0..<rng.int(0...maxLength) {
            switch rng.int(0...5) {
            case 0: out.append(rng.pick(Self.characters))
            case 1: out.append(rng.pick(["\n", "\r", "\t", "\u{1B}[201~", "\u{1B}[2J", "\u{1B}]0;t\u{07}", "\u{7}"]))
            default: out.append(Character(Unicode.Scalar(UInt8(rng.int(0x20...0x7E)))))
            }
        }
        return out
    }

    mutating func paste() -> String {
        switch rng.int(0...299) {
        case 0: return String(repeating: "x", count: (1 << 20) - 3) + "\n\u{1B}"  // 1 MiB
        case 1...3: return String(repeating: "日\n", count: 20_000)
        case 2: return ""
        default: return text(maxLength: 80)
        }
    }

    /// Any key at all.
    mutating func randomKey() -> Key {
        switch rng.int(0...39) {
        case 0...11: return .char(rng.pick(Self.characters))
        case 12...13: return .char(Character(Unicode.Scalar(UInt8(rng.int(0x21...0x7E)))))
        case 14: return .enter
        case 15: return .escape
        case 16: return .tab
        case 17: return .backTab
        case 18: return .backspace
        case 19: return .delete
        case 20: return .up
        case 21: return .down
        case 22: return .left
        case 23: return .right
        case 24: return rng.pick([.home, .end, .pageUp, .pageDown])
        case 25: return .function(rng.int(-1...70))
        case 26: return .function(rng.int(1...3))
        case 27:
            // Ctrl-C ends the session at once: rare, so that sessions get somewhere first
            let letter = rng.pick(Array("abdefghijklmnopqrstuvwxyz"))
            return .ctrl(rng.chance(0.05) ? "c" : letter)
        case 28: return .paste(PastedText(paste()))
        case 29:
            let kinds: [MouseEvent.Kind] = [.press, .release, .click, .wheelUp, .wheelDown]
            return .mouse(MouseEvent(y: rng.int(-5...120), x: rng.int(-5...320), kind: rng.pick(kinds)))
        case 30: return .resize
        default: return .char(Character(Unicode.Scalar(UInt8(rng.int(0x61...0x7A)))))
        }
    }

    /// What a person would type on `app`'s pane; secrets only where the focused field is masked.
    mutating func burst(for app: LinkApp) -> [Key] {
        // with the help overlay up or the log focused, keys do not reach the pane as planned
        guard !app.helpVisible, !app.log.isFocused else { return [] }
        let engine = app.driver.engine
        func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }
        switch engine.pane {
        case .selectInstitution:
            let query = rng.pick(["plat", "first platypus", "tartan", "chase", "oauth", "unhealthy", "zzzz"])
            return typed(query) + Array(repeating: Key.down, count: rng.int(0...3)) + [.enter]
        case .credential:
            let passwords = ["pass_good", "mfa_device", "mfa_questions_1_2", "mfa_selections", "mfa_selections_1_2_3",
                             "error_ITEM_LOCKED", "error_INSTITUTION_DOWN", canaries[0]]
            let password = rng.pick(passwords)
            if app.credentials.focus == 0 {
                return [.ctrl("u")] + typed("user_good") + [.tab] + secret(password) + [.enter]
            }
            return secret(password) + [.enter]  // the password field (a SecretField: always masked)
        case .mfa:
            guard let challenge = engine.currentChallenge else { return [] }
            switch challenge.type {
            case .device: return Array(repeating: Key.down, count: rng.int(0...3)) + [.enter]
            case .code:
                let code = rng.chance(0.7) ? "1234" : canaries[2]
                return masked(app) ? secret(code) + [.enter] : []
            case .questions:
                guard app.mfa.focus == 0 else { return [.tab] }
                var keys: [Key] = []
                for index in challenge.prompts.indices {
                    let answer = rng.chance(0.7) ? "answer_\(challenge.round)_\(index)" : canaries[1]
                    keys += secret(answer) + [.tab]
                }
                return keys + [.enter]
            case .selections:
                var keys: [Key] = []
                for _ in challenge.prompts.indices { keys += [.char(" "), .tab] }
                return keys + [.enter]
            }
        case .selectAccount: return [.char("a"), .enter]
        case .oauth(.signIn): return [rng.pick([.enter, .down, .tab]), .enter]
        case .exitConfirmation: return [rng.chance(0.8) ? .escape : .enter]
        default: return [.enter]
        }
    }

    /// A secret as typed keys, or (sometimes) as one paste.
    mutating func secret(_ value: String) -> [Key] {
        rng.chance(0.2) ? [.paste(PastedText(value))] : value.map { Key.char($0) }
    }

    /// Whether an MFA answer field (a SecretField: always masked) has the focus.
    func masked(_ app: LinkApp) -> Bool {
        app.mfa.answers.indices.contains(app.mfa.focus)
    }
}

/// The invariants every finished session's records hold (`SessionInvariants`), and no secret in them.
func checkSessionRecords(_ records: [SessionRecord], context: String) {
    #expect(SessionInvariants.violations(of: records) == [], "\(context)")
    for record in records {
        let line = record.jsonLine
        for canary in canaries where line.contains(canary) { Issue.record("\(context): secret in \(line.prefix(200))") }
    }
}

@Suite("LinkApp property tests (random keys)")
struct AppFuzzTests {
    /// Bounded in the suite; `LINKTERM_FUZZ_SCALE=N` plays N times as many (the long run, README).
    static let sessions = 240 * max(1, ProcessInfo.processInfo.environment["LINKTERM_FUZZ_SCALE"].flatMap { Int($0) } ?? 1)
    static let maxKeys = 250
    static let renderChance = 0.08

    /// One random session through the app; returns whether it reached onSuccess.
    private static func play(_ generator: inout KeyGenerator, index: Int, seed: UInt64) throws -> Bool {
        let context = "seed \(seed) session \(index)"
        var pick = generator.rng
        let configuration = SessionConfiguration(
            seed: pick.next(), latencyMillis: Int64(pick.pick([0, 600, 2_000])),
            accountSelection: pick.pick(AccountSelectionMode.allCases),
            updateModeInstitutionID: pick.chance(0.1) ? pick.pick(["ins_109508", "ins_127287"]) : nil)
        let theme = pick.pick(ThemeLoader.builtinNames)
        let placement = pick.pick(LogPlacement.allCases)
        generator.rng = pick
        let clock = ManualClock()
        let driver = SessionDriver(configuration: configuration, clock: clock)
        let app = LinkApp(driver: driver, theme: try ThemeLoader.load(theme), logPlacement: placement)
        app.start()

        var pending: [Key] = []
        for _ in 0..<generator.rng.int(0...maxKeys) {
            if pending.isEmpty {
                pending = generator.rng.chance(0.3) ? generator.burst(for: app) : [generator.randomKey()]
            }
            guard !pending.isEmpty else { continue }
            _ = app.update(.key(pending.removeFirst()))
            if generator.rng.chance(0.5) {
                clock.advance(by: Int64(generator.rng.pick([0, 10, 300, 700, 2_500])))
                _ = app.update(.tick)
            }
            if generator.rng.chance(renderChance) { try render(app, generator: &generator, context: context) }
        }
        if !driver.engine.isFinished { _ = app.update(.key(.ctrl("c"))) }
        let finished = driver.engine.isFinished
        #expect(finished, "\(context): Ctrl-C ends the session")
        let count = driver.records.count
        _ = app.update(.key(.enter))
        _ = app.update(.key(.ctrl("c")))
        clock.advance(by: 10_000)
        _ = app.update(.tick)
        #expect(driver.records.count == count, "\(context): no record after the end")
        try render(app, generator: &generator, context: context)
        checkSessionRecords(driver.records, context: context)
        return driver.records.contains { if case .success = $0 { true } else { false } }
    }

    /// Renders at a random size: the buffer has that size and shows no secret and no control character.
    private static func render(_ app: LinkApp, generator: inout KeyGenerator, context: String) throws {
        let rows = generator.rng.chance(0.5) ? generator.rng.int(0...100) : generator.rng.pick([0, 1, 23, 24, 40])
        let cols = generator.rng.chance(0.5) ? generator.rng.int(0...300) : generator.rng.pick([0, 1, 79, 80, 120, 300])
        let (buffer, cursor) = app.render(rows: rows, cols: cols)
        #expect(buffer.rows == rows && buffer.cols == cols, "\(context): rendered \(buffer.rows)x\(buffer.cols), asked \(rows)x\(cols)")
        if let cursor {
            #expect(cursor.y >= 0 && cursor.y < rows && cursor.x >= 0 && cursor.x < cols,
                    "\(context): cursor \(cursor) outside \(rows)x\(cols)")
        }
        let lines = buffer.lines()
        #expect(lines.count == rows, "\(context): \(lines.count) lines for \(rows) rows")
        for line in lines {
            for canary in canaries where line.contains(canary) {
                Issue.record("\(context): a secret is on screen: \(line)")
            }
            #expect(displayWidth(of: line) <= cols, "\(context): a line wider than \(cols): \(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(context): a control character on screen: \(line.debugDescription)")
        }
        // keys do nothing behind "terminal too small": mostly the terminal grows back before more keys
        if app.isTooSmall && generator.rng.chance(0.8) { _ = app.render(rows: 40, cols: 120) }
    }

    @Test("random keys, pastes, mouse and resizes keep the app and the session sound",
          arguments: [UInt64(0xA11CE), 0xB0B])
    func randomKeys(seed: UInt64) throws {
        var generator = KeyGenerator(rng: SplitMix64(seed: seed))
        var successes = 0
        for index in 0..<(Self.sessions / 2) {
            if try Self.play(&generator, index: index, seed: seed) { successes += 1 }
        }
        #expect(successes >= Self.sessions / 20, "only \(successes) random sessions reached onSuccess")
    }

    @Test("a 1 MiB paste into each text field is cut to the field, never submitted")
    func hugePaste() throws {
        let harness = try AppHarness()
        let huge = String(repeating: "p", count: 1 << 20) + "\n\u{1B}[201~\r"
        harness.press(.enter)  // consent
        harness.press(.paste(PastedText(huge)))
        #expect(harness.app.driver.engine.pane == .selectInstitution)
        #expect(harness.app.searchPane.field.text.count <= harness.app.searchPane.field.maxLength)
        harness.press(.ctrl("u"))
        harness.type("first platypus")
        harness.press(.enter)
        #expect(harness.app.driver.engine.pane == .credential)
        harness.press(.paste(PastedText(huge)))
        harness.press(.tab, .paste(PastedText(canaries[0] + huge)))
        #expect(harness.app.driver.engine.pane == .credential, "a paste never submits")
        #expect(harness.app.credentials.username.text.count == 128)
        var password = harness.app.credentials.password  // a copy: taking its secret leaves the app's field
        #expect(password.count == 128)
        let typed = password.takeSecret()
        #expect(typed.withUnsafeBytes { $0.starts(with: canaries[0].utf8) })
        #expect(!harness.app.credentials.password.isEmpty, "taking a copy's secret emptied the field")
        for (rows, cols) in [(24, 80), (100, 300), (0, 0), (5, 5)] {
            let lines = harness.render(rows: rows, cols: cols).lines()
            #expect(lines.count == rows)
            #expect(!lines.contains { $0.contains(canaries[0]) })
        }
        checkInProgress(harness.app.driver.records)
    }

    /// README: "Ctrl-C exits at once", the help overlay (F1 or `?`) open or not.
    @Test("Ctrl-C with the help overlay open ends the session")
    func ctrlCWithHelpOpen() throws {
        for opener in [Key.function(1), .char("?")] {
            let harness = try AppHarness()
            harness.press(opener)
            #expect(harness.app.helpVisible)
            harness.press(.ctrl("c"))
            #expect(harness.app.driver.engine.isFinished, "the session goes on after Ctrl-C")
            #expect(!harness.app.helpVisible)
            guard case .exit(let exit)? = harness.app.driver.records.last else {
                Issue.record("no onExit after Ctrl-C")
                continue
            }
            #expect(exit.error == nil)
        }
    }

    /// Records so far (the session is still open): the same invariants minus the end.
    private func checkInProgress(_ records: [SessionRecord]) {
        #expect(!records.contains { if case .success = $0 { true } else if case .exit = $0 { true } else { false } })
        for record in records { #expect((try? SessionRecord(jsonLine: record.jsonLine)) == record) }
    }
}
