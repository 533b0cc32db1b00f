import ArgumentParser
import LinkKit

/// The `linkterm` command: the Link flow in a terminal, and its tools.
@main
struct LinkTerm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkterm",
        abstract: "The Plaid Link flow in a terminal, against an embedded sandbox.",
        discussion: """
            With no subcommand, runs the whole flow full screen on the embedded sandbox.
            Sandbox sign-in: username user_good, password pass_good (or mfa_device, \
            mfa_questions_<n>_<m>, mfa_selections, error_<CODE>).
            """,
        version: "0.1.0",
        subcommands: [Replay.self]
    )

    func run() throws {
        print("linkterm: the interactive terminal UI is not built yet; try `linkterm replay FILE` (see --help).")
    }
}
