import ArgumentParser
import Foundation
import LinkKit

/// `linkterm replay FILE`: runs a scenario headless and prints the session as JSON Lines.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario file against the sandbox and print the session as JSON Lines.",
        discussion: """
            One step per line (# starts a comment): continue, search <text>, select <institution_id>, \
            credentials <username> <password>, mfa <answer>[ | <answer>…], accounts <index>… | accounts all, \
            oauth approve|cancel|fail, back, exit, confirm, stay, quit, wait <ms>.
            The output is the events-file format: one {"type":"load"|"event"|"success"|"exit",…} object per line.
            Time starts at 2026-01-01T00:00:00.000Z and the seed defaults to 0, so a replay is reproducible.
            Exit status: 0 when the scenario ran, 1 when a step did not fit the session, 2 for a malformed file.

            Example: printf 'continue\\nsearch first platypus\\nselect ins_109508\\ncredentials user_good pass_good\\naccounts all\\ncontinue\\n' > s.txt && linkterm replay s.txt
            """)

    @Argument(help: ArgumentHelp("The scenario file (- for standard input).", valueName: "file"))
    var file: String

    @OptionGroup var session: SessionFlags

    func run() throws {
        let text: String
        do {
            text = try readScenarioText(file)
        } catch {
            FileHandle.standardError.write(Data("linkterm: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let scenario: Scenario
        do {
            scenario = try Scenario(text: text, file: file)
        } catch {
            FileHandle.standardError.write(Data("linkterm: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let driver = SessionDriver(configuration: session.configuration(defaultSeed: 0), clock: ManualClock())
        let sink = JSONLinesSink(fileDescriptor: 1)
        driver.keepsRecords = false
        driver.observe { sink.write($0) }
        do {
            try ScenarioRunner(scenario: scenario).run(on: driver)
        } catch {
            FileHandle.standardError.write(Data("linkterm: \(error)\n".utf8))
            throw ExitCode(error.isMalformed ? 2 : 1)
        }
    }
}

/// A scenario file's text, or standard input for `-`; errors name the file.
func readScenarioText(_ path: String) throws -> String {
    let data: Data
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        guard let contents = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw CLIError(isDirectory.boolValue ? "\(path) is a directory, not a scenario file" : "cannot read \(path)")
            }
            throw CLIError("no such file: \(path)")
        }
        data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw CLIError("\(path) is not UTF-8 text")
    }
    return text
}

/// A command-line error with a message for a person.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
