import ArgumentParser
import Foundation
import LinkKit
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
            option lines apply (option flavor mesh: a Mesh walk).

            When the session ends, on Ctrl-C or on a signal, --report and --junit are written with \
            what was done: each step passed, failed, blocked or not reached, its time, the unmet \
            expectations with the closest record, the notes, and (in the report) the timeline. \
            Nothing typed into the flow (passwords, codes, answers) reaches them.

            Exit status: 0 when every step passed, 1 otherwise, 2 for a bad file or argument, 74 when \
            a report could not be written, 128 + N after signal N (the reports written first).

            Examples:
              linkterm walk Tests/Scenarios/mfa_device.txt --report walk.md --junit walk.xml
              linkterm walk Tests/Scenarios/mesh_connect.txt
            """)

    @Argument(help: ArgumentHelp("The scenario file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Write the walk's report as Markdown here (at the end, or on Ctrl-C or a signal).",
                               valueName: "file.md"))
    var report: String?

    @Option(help: ArgumentHelp("Write the walk as JUnit XML here (one testsuite, one testcase per step).", valueName: "file.xml"))
    var junit: String?

    @Option(help: ArgumentHelp("A built-in theme or a theme file's path.", valueName: "name|file"))
    var theme = "default"

    @Option(help: ArgumentHelp("Where the checklist (and the log, F5) goes: auto, right, bottom.", valueName: "right|bottom|auto"))
    var logPanel: LogPlacement = .auto

    @Option(help: ArgumentHelp("The sandbox's seed.", valueName: "n"))
    var seed: UInt64?

    @OptionGroup var flavorOption: FlavorOption

    func validate() throws {
        if logPanel == .off { throw ValidationError("--log-panel off hides the checklist: use auto, right or bottom") }
        if file == "-" { throw ValidationError("a walk reads the keyboard: give the scenario as a file, not -") }
    }

    func run() throws {
        let text: String
        let walk: WalkRun
        do {
            text = try readScenarioText(file)
            walk = try WalkRun(file: file, text: text, mesh: flavorOption.flavor == .mesh || MeshScenario.namesMesh(text))
        } catch {
            printError("linkterm: \(error)")
            throw ExitCode(2)
        }
        var arguments = ["--flavor", walk.meshScenario == nil ? "plaid" : "mesh", "--theme", theme, "--log-panel", logPanel.rawValue]
        if let seed { arguments += ["--seed", String(seed)] }
        let term = try LinkTerm.parse(arguments)
        try refuseOverlappingFiles([NamedFile(role: "the scenario", path: file, isOutput: false)]
            + (report.map { [NamedFile(role: "--report", path: $0, isOutput: true)] } ?? [])
            + (junit.map { [NamedFile(role: "--junit", path: $0, isOutput: true)] } ?? []))
        // the outputs are opened (locked, emptied) before the session, so a path that cannot be written is said first
        var descriptors: [(option: String, path: String, descriptor: Int32, text: (WalkScenarioResult) -> String)] = []
        let size = { walk.terminalSize }
        for (option, path, text) in [("--report", report, { (result: WalkScenarioResult) in
                                         WalkReport.markdown([result], date: Date(), terminal: size()) }),
                                     ("--junit", junit, { (result: WalkScenarioResult) in
                                         WalkReport.junit([result], name: "linkterm walk") })] {
            guard let path else { continue }
            do {
                descriptors.append((option, path, try OutputFile.open(path), text))
            } catch {
                for opened in descriptors { close(opened.descriptor) }
                printError("linkterm: \(option): \(error)")
                throw ExitCode(2)
            }
        }
        var thrown: (any Error)?
        do {
            try term.run(walk: walk)
        } catch {
            thrown = error
        }
        guard let result = walk.finish() else {
            for opened in descriptors { close(opened.descriptor) }
            throw thrown ?? ExitCode(2)  // the session never opened: said already
        }
        var outputFailed = false
        for opened in descriptors {
            if let problem = WalkReport.write(opened.text(result), to: opened.descriptor) {
                printError("linkterm: \(opened.option) \(opened.path): writing failed: \(problem)")
                outputFailed = true
            }
            close(opened.descriptor)
        }
        let counts = ["passed", "failed", "blocked", "not reached"].map { word in
            "\(result.steps.filter { $0.verdict.word == word }.count) \(word)"
        }
        printError("linkterm: walk \(file): \(result.verdict.word): \(result.steps.count) steps: \(counts.joined(separator: ", "))")
        if outputFailed { throw ExitCode(outputFailureStatus) }
        if let exit = thrown as? ExitCode, exit.rawValue >= 128 || exit.rawValue == 2 || exit.rawValue == outputFailureStatus {
            throw exit
        }
        if let thrown, !(thrown is ExitCode) { throw thrown }
        if result.verdict != .passed { throw ExitCode(1) }
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
            plaidScenario = try Scenario(text: text, file: file)
            meshScenario = nil
        }
    }

    /// No more files than the session's own: the reports are checked by ``Walk``.
    var files: [NamedFile] { [] }

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
