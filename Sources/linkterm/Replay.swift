import ArgumentParser
import Foundation
import LinkKit
import LinkSDK

/// `linkterm replay FILE`: runs a scenario headless and prints the session as JSON Lines;
/// `linkterm replay --check FOLDER…` runs a library of scenarios and reports each.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a scenario file against the sandbox and print the session as JSON Lines.",
        discussion: replayDiscussion)

    /// The help's text: the scenario vocabulary of both flavors, printed from the tables the
    /// parsers read (``Scenario/vocabulary``, ``MeshScenario/vocabulary``).
    static var replayDiscussion: String {
        let plaid = Scenario.vocabulary.helpLines().joined(separator: "\n")
        let mesh = MeshScenario.vocabulary.helpLines().joined(separator: "\n")
        let plaidExpect = ScenarioVocabulary.helpEntry(
            "expect NAME [key=value …]",
            "NAME: an event (TRANSITION_VIEW …), success or exit; keys: wire metadata keys (view_name=MFA "
                + "mfa_type=code error_code=INVALID_MFA exit_status=requires_code), for success institution_id, "
                + "accounts=N, masks, verification_status, for exit institution_id, exit_status, error_type, "
                + "error_code; null: the key is absent").joined(separator: "\n")
        let meshExpect = ScenarioVocabulary.helpEntry(
            "expect TYPE [path=value …]",
            "a Mesh record (integrationSelected, integration_connected, transfer_finished, exit …) whose "
                + "payload holds each dotted path's value").joined(separator: "\n")
        return """
            A scenario file: one line each (# starts a comment); `option` lines before the first step set \
            the session; after a step, `expect` lines name the records it must cause, in order.

            Plaid steps and options:
            \(plaid)
            \(plaidExpect)

            Mesh steps and options (a file that says `option flavor mesh`, or --flavor mesh):
            \(mesh)
            \(meshExpect)

            The output is the events-file format: one {"type":"load"|"event"|"success"|"exit",…} object per \
            line (Mesh: {"type":"event","event":{…}}, integration_connected, transfer_finished, exit).
            Time starts at 2026-01-01T00:00:00.000Z and the seed defaults to 0, so a replay is reproducible.
            Exit status: 0 when the scenario ran and every expectation was met, 1 when a step did not fit \
            the session or an expectation was not met, 2 for a malformed file, 74 when the output could \
            not be written (a full disk).

            Examples:
              linkterm replay Tests/Scenarios/pass_good.txt
              linkterm replay --check Tests/Scenarios
              linkterm replay --timeline Tests/Scenarios/mfa_device.txt
            """
    }

    @Argument(help: ArgumentHelp("The scenario file (- for standard input); with --check, files or folders of *.txt.",
                                 valueName: "file"))
    var files: [String]

    @Flag(help: "Run every scenario given (folders: their *.txt files) and print one line per file and a summary.")
    var check = false

    @Flag(help: ArgumentHelp(
        "Print the session (Plaid or Mesh) as a timeline (each view, when and how long, what happened there, errors, the outcome) instead of JSON Lines. The file may also be a Plaid events file (--events) of a session already run.",
        discussion: "Example: linkterm replay --timeline events.jsonl"))
    var timeline = false

    @Option(help: ArgumentHelp(
        "With --check: also write the results as JUnit XML (one testsuite per scenario, one testcase per step), as CI test reporters read.",
        valueName: "file"))
    var junit: String?

    @OptionGroup var session: SessionFlags

    @OptionGroup var flavorOption: FlavorOption
    /// `--flavor`.
    var flavor: Flavor { flavorOption.flavor }

    func validate() throws {
        if files.isEmpty { throw ValidationError("give a scenario file (or, with --check, files or folders)") }
        if !check && files.count > 1 { throw ValidationError("give one scenario file, or use --check for several") }
        if check && timeline { throw ValidationError("--timeline prints one session: give it one file, without --check") }
        if junit != nil && !check { throw ValidationError("--junit goes with --check (linkterm walk takes --junit too)") }
        // linkterm's own --mesh-store parses anywhere on the line; a replay stores nothing, so it
        // is refused rather than ignored
        if Self.givesMeshStore(CommandLine.arguments.dropFirst()) {
            throw ValidationError("--mesh-store does not go with replay: a replay stores no connection and reads none (its sessions are reproducible); to keep connections, run linkterm --flavor mesh --mesh-store DIR")
        }
    }

    /// Whether `arguments` (before a `--` that ends the options) give `--mesh-store`.
    static func givesMeshStore(_ arguments: ArraySlice<String>) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--mesh-store" || argument.hasPrefix("--mesh-store=") { return true }
        }
        return false
    }

    func run() throws {
        if check { return try runCheck() }
        let text = try readOrExit(files[0])
        if timeline, let records = try eventsFileRecords(text, path: files[0]) {
            return try printTimeline(SessionTimeline(records: records))
        }
        if flavor == .mesh || MeshScenario.namesMesh(text) {
            return try runMesh(text, path: files[0])
        }
        let scenario = try parse(text, path: files[0])
        if timeline { return try runTimeline(scenario) }
        try refuseOverlappingFiles(inputFiles(of: scenario) + directoryFile)
        let base = try session.configuration(defaultSeed: 0)
        let sink = JSONLinesSink(fileDescriptor: 1)
        var status: Int32 = 0
        do {
            try play(scenario, base: base) { driver in driver.observe { sink.write($0) } }
        } catch {
            printError("linkterm: \(error)")
            status = error.isMalformed ? 2 : 1
        }
        if let failure = sink.failure {
            printError("linkterm: standard output: \(failure); the output ends with the last complete record")
            throw ExitCode(outputFailureStatus)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The records of an events file (its first non-blank character is `{`), or `nil` for a
    /// scenario; a line that is no record is reported with its number and exits 2.
    func eventsFileRecords(_ text: String, path: String) throws -> [SessionRecord]? {
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return nil }
        var records: [SessionRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            do {
                records.append(try SessionRecord(jsonLine: String(line)))
            } catch {
                printError("linkterm: \(path):\(index + 1): not a record of a Plaid events file: \(UntrustedText.visible(String(line), limit: 60, quoting: false))")
                throw ExitCode(2)
            }
        }
        return records
    }

    /// Plays `scenario` and prints its timeline; a step that does not fit still prints the
    /// timeline so far, then the problem, and exits 1.
    func runTimeline(_ scenario: Scenario) throws {
        try refuseOverlappingFiles(inputFiles(of: scenario) + directoryFile)
        let base = try session.configuration(defaultSeed: 0)
        var records: [SessionRecord] = []
        var problem: ScenarioError?
        do {
            try play(scenario, base: base) { driver in driver.observe { records.append($0) } }
        } catch {
            problem = error
        }
        try printTimeline(SessionTimeline(records: records))
        if let problem {
            printError("linkterm: \(problem)")
            throw ExitCode(problem.isMalformed ? 2 : 1)
        }
    }

    /// Prints the timeline; exits 74 when standard output cannot take it.
    func printTimeline(_ timeline: SessionTimeline) throws {
        try writeStandardOutput(timeline.lines().joined(separator: "\n") + "\n", what: "replay --timeline")
    }

    /// `--institutions` and `--profile`, as files read.
    var directoryFile: [NamedFile] {
        (session.institutions.map { [NamedFile(role: "--institutions", path: $0, isOutput: false)] } ?? [])
            + (session.profile.map { [NamedFile(role: "--profile", path: $0, isOutput: false)] } ?? [])
    }

    /// Reads a scenario file (or standard input); a problem is reported and exits 2.
    func readOrExit(_ path: String) throws -> String {
        do {
            return try readScenarioText(path)
        } catch {
            printError("linkterm: \(error)")
            throw ExitCode(2)
        }
    }

    /// Parses a scenario; a problem is reported and exits 2.
    func parse(_ text: String, path: String) throws -> Scenario {
        do {
            return try Scenario(commandLineText: text, file: path)
        } catch {
            printError("linkterm: \(error)")
            throw ExitCode(2)
        }
    }

    /// Plays a Mesh scenario and prints its records (the Mesh events-file lines).
    func runMesh(_ text: String, path: String) throws {
        let scenario: MeshScenario
        do {
            scenario = try meshScenario(text, path: path)
        } catch {
            printError("linkterm: \(error)")
            throw ExitCode(2)
        }
        if timeline { return try runMeshTimeline(scenario) }
        let sink = JSONLinesSink(fileDescriptor: 1)
        var status: Int32 = 0
        do {
            try MeshScenarioRunner(scenario: scenario).run { sink.write($0) }
        } catch {
            printError("linkterm: \(error)")
            status = error.isMalformed ? 2 : 1
        }
        let (failure, _) = sink.finish()
        if let failure {
            printError("linkterm: standard output: \(failure); the output ends with the last complete record")
            throw ExitCode(outputFailureStatus)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Plays a Mesh scenario and prints its timeline, the views marked as the engine shows them
    /// (as the UI's F4 does); a step that does not fit still prints the timeline so far, then the
    /// problem, and exits 1.
    func runMeshTimeline(_ scenario: MeshScenario) throws {
        var marks = MeshTimelineMarks()
        var problem: ScenarioError?
        do {
            try MeshScenarioRunner(scenario: scenario).run(observe: { marks.record($0) }, watch: { marks.saw($0, at: $1) })
        } catch {
            problem = error
        }
        try printTimeline(marks.timeline())
        if let problem {
            printError("linkterm: \(problem)")
            throw ExitCode(problem.isMalformed ? 2 : 1)
        }
    }

    /// A Mesh scenario with the command line's `--seed`, if given.
    func meshScenario(_ text: String, path: String) throws(ScenarioError) -> MeshScenario {
        var scenario = try MeshScenario(text: text, file: path)
        if let seed = session.seed { scenario.configuration.seed = seed }
        return scenario
    }

    /// Runs a scenario on a fresh headless session with the command line's and the file's options;
    /// checks everything ``ReplayBounds`` checks before the first record.
    func play(_ scenario: Scenario, base: SessionConfiguration, attach: (SessionDriver) -> Void = { _ in }) throws(ScenarioError) {
        var configuration = base
        try applyOptions(of: scenario, to: &configuration)
        try ReplayBounds.check(scenario, configuration: configuration)
        let driver = SessionDriver(configuration: configuration, clock: ManualClock())
        driver.keepsRecords = false
        attach(driver)
        try ScenarioRunner(scenario: scenario).run(on: driver)
    }

    /// `--check`: every scenario, one line each, then `N passed, N failed`.
    func runCheck() throws {
        var paths: [String] = []
        for path in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                paths += names.filter { $0.hasSuffix(".txt") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                paths.append(path)
            }
        }
        try refuseOverlappingFiles(paths.map { NamedFile(role: "the scenario", path: $0, isOutput: false) } + directoryFile
            + (junit.map { [NamedFile(role: "--junit", path: $0, isOutput: true)] } ?? []))
        guard !paths.isEmpty else {
            printError("linkterm: no scenario (*.txt) in \(files.joined(separator: ", "))")
            throw ExitCode(2)
        }
        let base = try session.configuration(defaultSeed: 0)
        let junitFile = try junit.map { path in (path, try openReport(path, option: "--junit")) }
        var passed = 0
        var failed = 0
        var results: [WalkScenarioResult] = []
        for path in paths {
            var outline: [WalkOutline.Entry] = []
            do {
                let text = try readScenarioText(path)
                if flavor == .mesh || MeshScenario.namesMesh(text) {
                    let scenario = try meshScenario(text, path: path)
                    outline = WalkScript(scenario).outline
                    try MeshScenarioRunner(scenario: scenario).run { _ in }
                    try writeStandardOutput("ok    \(path)\n", what: "replay --check")
                    passed += 1
                    results.append(.replay(file: path, outline: outline, error: nil))
                    continue
                }
                let scenario = try Scenario(commandLineText: text, file: path)
                outline = WalkScript(scenario).outline
                try play(scenario, base: base)
                try writeStandardOutput("ok    \(path)\n", what: "replay --check")
                passed += 1
                results.append(.replay(file: path, outline: outline, error: nil))
            } catch let exit as ExitCode {
                throw exit  // standard output cannot be written: said, status 74
            } catch {
                try writeStandardOutput("FAIL  \(error)\n", what: "replay --check")
                failed += 1
                let problem = (error as? ScenarioError)
                    ?? ScenarioError(file: path, line: nil, message: "\(error)", isMalformed: true)
                results.append(.replay(file: path, outline: outline, error: problem))
            }
        }
        try writeStandardOutput("\(passed) passed, \(failed) failed\n", what: "replay --check")
        if let (path, descriptor) = junitFile {
            try writeReport(WalkReport.junit(results, name: "linkterm replay --check"), to: descriptor, path: path, option: "--junit")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

/// Flavor: which Link system a session re-creates.
enum Flavor: String, ExpressibleByArgument, CaseIterable {
    /// Plaid Link.
    case plaid
    /// Mesh Connect (LinkSDK v2).
    case mesh
}

/// Applies a scenario's `option` lines to a configuration; `option institutions FILE` is read
/// relative to the scenario's folder.
func applyOptions(of scenario: Scenario, to configuration: inout SessionConfiguration) throws(ScenarioError) {
    guard scenario.apply(to: &configuration) != nil, let resolved = directoryPath(of: scenario) else { return }
    do {
        configuration.directory = try InstitutionDirectory.load(path: resolved)
    } catch {
        throw ScenarioError(file: scenario.file, line: nil, message: "option institutions: \(error)", isMalformed: true)
    }
}

/// The path of the scenario's `option institutions` file (relative to the scenario's folder), if any.
func directoryPath(of scenario: Scenario) -> String? {
    var configuration = SessionConfiguration()
    guard let path = scenario.apply(to: &configuration) else { return nil }
    let folder = (scenario.file as NSString).deletingLastPathComponent
    return path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
}

/// The largest scenario file read: 256 MiB (a bound for a pipe that never ends; a scenario is far smaller).
let maximumScenarioBytes = 256 << 20

/// A scenario file's text, or standard input for `-`; errors name the file and the exact reason.
func readScenarioText(_ path: String) throws -> String {
    let data: Data
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        do {
            // a FIFO or process substitution (`<(…)`) is read as a pipe; a device or socket is refused
            data = Data(try FileReading.read(path, limit: maximumScenarioBytes, acceptsPipes: true))
        } catch {
            switch error.kind {
            case .system(ENOENT): throw CLIError("no such file: \(path)")
            case .system(EISDIR): throw CLIError("\(path) is a directory, not a scenario file")
            default: throw CLIError("cannot read \(path): \(error.reason)")
            }
        }
    }
    guard let text = String(data: data, encoding: .utf8) else {
        // name the line of the first byte that is not UTF-8
        let valid = String(decoding: data, as: UTF8.self).unicodeScalars.prefix { $0 != "\u{FFFD}" }
        let line = valid.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        throw CLIError("\(path):\(line): not UTF-8 text")
    }
    return text
}

/// A command-line error with a message for a person.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
