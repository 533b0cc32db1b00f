import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

/// `linkterm walk FILE`: a guided QA walk. The Link UI as usual, with the scenario's checklist
/// beside the card: the tester does the steps by hand, each is ticked when the session did what
/// it says, its expectations checked live; at the end (or on Ctrl-C, or a signal) the Markdown
/// report and the JUnit XML are written with what was done.
struct Walk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Walk a scenario by hand, checked live against it, and write the QA report.",
        discussion: """
            The UI as usual, with the scenario's steps beside the card (where the log panel goes; F5 \
            switches between them, and in a terminal under 80x24 shows the checklist over the card). \
            Each step is ticked when the session did what it says (replay's matching); its expect \
            lines are checked against the records it caused: ✓, or ✗ and the closest record. Another \
            action shows as off script; go back (Esc) or on. F6 marks the current step failed, F7 \
            blocked, with a note typed in place (Enter keeps it, Esc drops it). A scenario's own \
            option lines apply (option flavor mesh: a Mesh walk); --seed N sets the sandbox's seed.

            When the session ends, on Ctrl-C or on a signal, --report and --junit are written with \
            what was done: each step passed, failed, blocked or not reached, its time, the unmet \
            expectations with the closest record, the notes, and (in the report) the timeline. \
            Nothing typed into the flow (passwords, codes, answers) reaches them.

            A folder: its scenarios (*.txt) listed with each one's state in this run (not run, passed, \
            failed, blocked); Enter walks the next not run, a number that one, q stops; Ctrl-C ends the \
            scenario being walked and comes back to the list. One report and one JUnit file for the \
            whole run (one testsuite per scenario walked). --run FILE keeps the run's state after each \
            scenario and reads it back, so a tester can stop and resume another day.

            Exit status: 0 when every step (of every scenario of a folder) passed, 1 otherwise, 2 for a \
            bad file or argument, 74 when a report could not be written, 128 + N after signal N (the \
            reports written first).

            Examples:
              linkterm walk Tests/Scenarios/mfa_device.txt --report w.md --junit w.xml
              linkterm walk Tests/Scenarios/mesh_connect_mfa.txt
              linkterm walk Tests/Scenarios --run run.json --report run.md --junit run.xml
            """)

    @Argument(help: ArgumentHelp("The scenario file, or a folder of them (*.txt): a list to walk them from, one by one.",
                                 valueName: "file|folder"))
    var file: String

    @Option(help: ArgumentHelp("Write the walk's report as Markdown here (at the end, or on Ctrl-C or a signal).",
                               valueName: "file.md"))
    var report: String?

    @Option(help: ArgumentHelp("Write the walk as JUnit XML here (one testsuite, one testcase per step).", valueName: "file.xml"))
    var junit: String?

    @OptionGroup var look: LookOptions
    /// `--theme`.
    var theme: String { look.theme }
    /// `--log-panel`: where the checklist (and the log, F5) goes.
    var logPanel: LogPlacement { look.logPanel }

    /// The session's options, as the session reads them (see ``FlavorOption`` for why a group:
    /// a `--seed` of walk's own was the session's, and the walk's ids were random whatever it
    /// was told); walk takes `--seed` of them, the scenario's `option` lines say the rest.
    @OptionGroup(visibility: .hidden) var session: SessionFlags
    /// `--seed`: the sandbox's seed.
    var seed: UInt64? { session.seed }

    @Option(name: .customLong("run"), help: ArgumentHelp(
        "With a folder: keep the run's state here (each scenario's result), read it back to resume another day.",
        valueName: "file.json"))
    var runFile: String?

    @OptionGroup var flavorOption: FlavorOption

    func validate() throws {
        if let given = session.givenBesidesSeed {
            throw ValidationError("\(given) does not go with walk: a scenario's option lines set its session (walk takes --seed)")
        }
        if logPanel == .off { throw ValidationError("--log-panel off hides the checklist: use auto, right or bottom") }
        if file == "-" { throw ValidationError("a walk reads the keyboard: give the scenario as a file, not -") }
    }

    func run() throws {
        // (the session's own run would start the process again, after the folder's list was answered)
        ensureNonInteractiveBacktraces()
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue
        if runFile != nil && !isFolder {
            printError("linkterm: --run goes with a folder of scenarios (linkterm walk FOLDER --run run.json)")
            throw ExitCode(2)
        }
        let paths = isFolder ? scenarioPaths(in: file) : [file]
        if isFolder && paths.isEmpty {
            printError("linkterm: no scenario (*.txt) in \(file)")
            throw ExitCode(2)
        }
        try refuseOverlappingFiles(paths.map { NamedFile(role: "the scenario", path: $0, isOutput: false) }
            + (report.map { [NamedFile(role: "--report", path: $0, isOutput: true)] } ?? [])
            + (junit.map { [NamedFile(role: "--junit", path: $0, isOutput: true)] } ?? [])
            + (runFile.map { [NamedFile(role: "--run", path: $0, isOutput: true)] } ?? []))
        var state = WalkRunState()
        if let runFile, FileManager.default.fileExists(atPath: runFile) {
            do {
                state = try WalkRunState.load(runFile)
            } catch {
                printError("linkterm: --run \(runFile): \(error)")
                throw ExitCode(2)
            }
        }
        // the outputs are opened (locked, emptied) before the session, so a path that cannot be written is said first
        var descriptors: [(option: String, path: String, descriptor: Int32)] = []
        for (option, path) in [("--report", report), ("--junit", junit)] {
            guard let path else { continue }
            do {
                descriptors.append((option, path, try OutputFile.open(path)))
            } catch {
                for opened in descriptors { close(opened.descriptor) }
                printError("linkterm: \(option): \(error)")
                throw ExitCode(2)
            }
        }
        var thrown: (any Error)?
        var size: (cols: Int, rows: Int)?
        if isFolder {
            while let path = pick(paths, state: state) {
                let walked = try walkOne(path, strict: false)
                size = walked.size ?? size
                if let result = walked.result {
                    state.record(result)
                    if let runFile, let problem = state.save(runFile) { printError("linkterm: --run \(runFile): \(problem)") }
                }
                // Ctrl-C (130) ends this scenario, back to the list; a signal (SIGTERM, SIGHUP) or
                // an output lost ends the run, the reports written
                if let exit = walked.thrown as? ExitCode, exit.rawValue > 130 || exit.rawValue == outputFailureStatus {
                    thrown = exit
                    break
                }
            }
        } else {
            let walked = try walkOne(file, strict: true)
            guard let result = walked.result else {
                for opened in descriptors { close(opened.descriptor) }
                throw walked.thrown ?? ExitCode(2)  // the session never opened: said already
            }
            state.record(result)
            thrown = walked.thrown
            size = walked.size
        }
        let results = paths.compactMap { state.result(of: $0) }
        var outputFailed = false
        for opened in descriptors {
            let text = opened.option == "--junit" ? WalkReport.junit(results, name: "linkterm walk")
                : WalkReport.markdown(results, date: Date(), terminal: size)
            if let problem = WalkReport.write(text, to: opened.descriptor) {
                printError("linkterm: \(opened.option) \(opened.path): writing failed: \(problem)")
                outputFailed = true
            }
            close(opened.descriptor)
        }
        for result in results where !isFolder {
            let counts = ["passed", "failed", "blocked", "not reached"].map { word in
                "\(result.steps.filter { $0.verdict.word == word }.count) \(word)"
            }
            printError("linkterm: walk \(result.file): \(result.verdict.word): \(result.steps.count) steps: \(counts.joined(separator: ", "))")
        }
        if isFolder { printError("linkterm: walk \(file): \(state.summary(paths))") }
        if outputFailed { throw ExitCode(outputFailureStatus) }
        if let exit = thrown as? ExitCode, exit.rawValue >= 128 || exit.rawValue == 2 || exit.rawValue == outputFailureStatus {
            throw exit
        }
        if let thrown, !(thrown is ExitCode) { throw thrown }
        if results.count < paths.count || results.contains(where: { $0.verdict != .passed }) { throw ExitCode(1) }
    }

    /// The *.txt files of a folder, sorted (as `replay --check` reads a folder).
    /// Why the scenarios this walk would read cannot be used, if they cannot: the check
    /// `linkterm serve --walk` makes once, before any visitor comes.
    func filesProblem() -> String? {
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue
        let paths = isFolder ? scenarioPaths(in: file) : [file]
        if paths.isEmpty { return "no scenario (*.txt) in \(file)" }
        for path in paths {
            do {
                let text = try readScenarioText(path)
                _ = try WalkRun(file: path, text: text, mesh: flavorOption.flavor == .mesh || MeshScenario.namesMesh(text))
            } catch {
                return "\(error)"
            }
        }
        return nil
    }

    func scenarioPaths(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Walks one scenario: its result (nil when the session never opened), what the session
    /// threw, and the terminal's size. A file that cannot be read or parsed exits 2 when
    /// `strict`, else is its result's error.
    func walkOne(_ path: String, strict: Bool) throws -> (result: WalkScenarioResult?, thrown: (any Error)?, size: (cols: Int, rows: Int)?) {
        let walk: WalkRun
        do {
            let text = try readScenarioText(path)
            walk = try WalkRun(file: path, text: text, mesh: flavorOption.flavor == .mesh || MeshScenario.namesMesh(text))
        } catch {
            printError("linkterm: \(error)")
            if strict { throw ExitCode(2) }
            return (WalkScenarioResult(file: path, steps: [], error: "\(error)"), nil, nil)
        }
        var arguments = ["--flavor", walk.meshScenario == nil ? "plaid" : "mesh", "--theme", theme, "--log-panel", logPanel.rawValue]
        if let seed { arguments += ["--seed", String(seed)] }
        let term = try LinkTerm.parse(arguments)
        var thrown: (any Error)?
        do {
            try term.run(walk: walk)
        } catch {
            thrown = error
        }
        return (walk.finish(), thrown, walk.terminalSize)
    }

    /// Shows the folder's scenarios with their state in the run and reads the tester's choice
    /// (Enter: the next not run; a number: that one; q or the end of input: stop).
    func pick(_ paths: [String], state: WalkRunState) -> String? {
        // the next not run, or stopped before its end
        let next = paths.firstIndex { (state.result(of: $0)?.verdict ?? .notReached) == .notReached }
        var text = "\nlinkterm walk \(file): \(state.summary(paths))\(runFile.map { "; run state in \($0)" } ?? "")\n"
        for (index, path) in paths.enumerated() {
            let word = state.result(of: path).map(\.verdict.word) ?? "not run"
            let number = String(index + 1)
            text += String(repeating: " ", count: max(1, 4 - number.count)) + number + "  " + word.padding(toLength: 12, withPad: " ", startingAt: 0)
                + UntrustedText.visible((path as NSString).lastPathComponent, limit: 60, quoting: false) + "\n"
        }
        text += next.map { "Enter: walk the next not run (\($0 + 1)) · " } ?? ""
        text += "a number: walk that one · q: stop and write the reports\n> "
        guard writeToStandardOutput(text) == nil else { return nil }
        while let line = readLine(strippingNewline: true) {
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer == "q" { return nil }
            if answer.isEmpty, let next { return paths[next] }
            if let number = Int(answer), paths.indices.contains(number - 1) { return paths[number - 1] }
            guard writeToStandardOutput("Enter, a number from 1 to \(paths.count), or q\n> ") == nil else { return nil }
        }
        return nil
    }
}

/// WalkRunState: a folder walk's results so far (`--run FILE`), kept after each scenario so a
/// tester can stop and resume another day.
struct WalkRunState: Codable {
    /// Each scenario walked, its last result.
    var scenarios: [WalkScenarioResult] = []

    /// The last result of `path`, if it was walked.
    func result(of path: String) -> WalkScenarioResult? { scenarios.last { $0.file == path } }

    /// Keeps `result` as its scenario's.
    mutating func record(_ result: WalkScenarioResult) {
        scenarios.removeAll { $0.file == result.file }
        scenarios.append(result)
    }

    /// `N of M walked (passed, failed, blocked)`.
    func summary(_ paths: [String]) -> String {
        let results = paths.compactMap(result(of:))
        let counts = ["passed", "failed", "blocked"].map { word in "\(results.filter { $0.verdict.word == word }.count) \(word)" }
        return "\(results.count) of \(paths.count) walked (\(counts.joined(separator: ", ")))"
    }

    /// Reads a run file.
    static func load(_ path: String) throws -> WalkRunState {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            return try JSONDecoder().decode(WalkRunState.self, from: data)
        } catch {
            throw CLIError("not a walk's run file (linkterm walk FOLDER --run FILE writes one)")
        }
    }

    /// Writes the run file (whole, replacing the old one); returns why it could not, or nil.
    func save(_ path: String) -> String? {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(error.localizedDescription)"
        }
    }
}

/// WalkRun: the scenario of a walk, of either flavor, and its checklist once the session shows it.
final class WalkRun {
    /// The scenario, when it is a Plaid one.
    let plaidScenario: Scenario?
    /// The scenario, when it is a Mesh one.
    let meshScenario: MeshScenario?
    /// Ends the walk and gives its result, once its checklist was made.
    private var finishing: (() -> WalkScenarioResult)?

    /// Reads the scenario as a Plaid or (`mesh`) a Mesh one.
    init(file: String, text: String, mesh: Bool) throws(ScenarioError) {
        if mesh {
            meshScenario = try MeshScenario(text: text, file: file)
            plaidScenario = nil
        } else {
            plaidScenario = try Scenario(commandLineText: text, file: file)
            meshScenario = nil
        }
    }

    /// The checklist of a Plaid walk.
    func panel(for scenario: Scenario) -> WalkPanel<LinkEngine> {
        let panel = WalkPanel(script: WalkScript(scenario))
        finishing = { panel.finish() }
        sizeOf = { panel.terminalSize }
        return panel
    }

    /// The checklist of a Mesh walk.
    func panel(for scenario: MeshScenario) -> WalkPanel<MeshEngine> {
        let panel = WalkPanel(script: WalkScript(scenario))
        finishing = { panel.finish() }
        sizeOf = { panel.terminalSize }
        return panel
    }

    private var sizeOf: () -> (cols: Int, rows: Int)? = { nil }

    /// The terminal's size when the checklist was last drawn.
    var terminalSize: (cols: Int, rows: Int)? { sizeOf() }

    /// Ends the walk: its result, or nil when no session was shown.
    func finish() -> WalkScenarioResult? { finishing?() }
}

/// Opens a report's file before the run (locked, emptied, 0600), so that a path that cannot be
/// written is said first; a problem is reported and exits 2.
func openReport(_ path: String, option: String) throws -> Int32 {
    do {
        return try OutputFile.open(path)
    } catch {
        printError("linkterm: \(option): \(error)")
        throw ExitCode(2)
    }
}

/// Writes a report to the descriptor ``openReport(_:option:)`` gave, and closes it; a problem
/// is reported and exits 74.
func writeReport(_ text: String, to descriptor: Int32, path: String, option: String) throws {
    defer { close(descriptor) }
    if let problem = WalkReport.write(text, to: descriptor) {
        printError("linkterm: \(option) \(path): writing failed: \(problem)")
        throw ExitCode(outputFailureStatus)
    }
}
