import Foundation
import Testing
@testable import LinkKit
@testable import LinkSDK

/// Every scenario of the library replays to the same bytes as before the engine's and the JSON
/// writer's speed work: what `linkterm replay FILE` prints (one JSON line per record), compared
/// with what it printed then (Tests/Fixtures/replay_bytes.txt: each scenario's byte count and
/// FNV-1a hash; Tests/Fixtures/replay_pass_good.jsonl: pass_good's lines in full, to show a
/// difference line by line).
@Suite("Replays are byte for byte what they were")
struct ReplayBytesTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = tests.appendingPathComponent("Scenarios")

    /// What `linkterm replay` prints for the scenario file `name` (a Plaid or a Mesh scenario).
    static func replay(_ name: String) throws -> [UInt8] {
        let path = scenarios.appendingPathComponent(name).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var writer = JSONWriter(capacity: 1 << 16)
        if MeshScenario.namesMesh(text) {
            try MeshScenarioRunner(scenario: try MeshScenario(text: text, file: path)).run { record in
                record.write(to: &writer)
                writer.raw("\n")
            }
            return writer.bytes
        }
        let scenario = try Scenario(text: text, file: path)
        var configuration = SessionConfiguration()
        if let file = scenario.apply(to: &configuration) {
            configuration.directory = try InstitutionDirectory.load(path: scenarios.appendingPathComponent(file).path)
        }
        let driver = SessionDriver(configuration: configuration, clock: ManualClock())
        driver.keepsRecords = false
        driver.observe { record in
            record.write(to: &writer)
            writer.raw("\n")
        }
        try ScenarioRunner(scenario: scenario).run(on: driver)
        return writer.bytes
    }

    /// FNV-1a, 64 bits, as 16 hex digits.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The fixture: scenario file name → "bytes hash".
    static func recorded() throws -> [String: String] {
        let text = try String(contentsOf: tests.appendingPathComponent("Fixtures/replay_bytes.txt"), encoding: .utf8)
        var byName: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            byName[String(fields[0])] = fields.dropFirst().joined(separator: " ")
        }
        return byName
    }

    static let names: [String] = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path))?
        .filter { $0.hasSuffix(".txt") }.sorted() ?? []

    @Test("the fixture names scenarios of the library (117 of them); a scenario added since has no line")
    func fixtureNamesTheLibrary() throws {
        let recorded = try Self.recorded()
        #expect(recorded.count == 117)
        #expect(Set(recorded.keys).subtracting(Self.names).sorted() == [], "a scenario of the fixture is gone")
    }

    @Test("each scenario replays to the bytes recorded", arguments: names)
    func sameBytes(name: String) throws {
        guard let recorded = try Self.recorded()[name] else { return }  // added after the fixture was made
        let bytes = try Self.replay(name)
        #expect("\(bytes.count) \(Self.fnv1a(bytes))" == recorded, "\(name) replays differently")
    }

    @Test("pass_good, line by line")
    func passGoodLines() throws {
        let lines = String(decoding: try Self.replay("pass_good.txt"), as: UTF8.self).split(separator: "\n")
        let recorded = try String(contentsOf: Self.tests.appendingPathComponent("Fixtures/replay_pass_good.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == recorded.count)
        for (index, (line, old)) in zip(lines, recorded).enumerated() {
            #expect(line == old, "line \(index + 1)")
        }
    }
}
