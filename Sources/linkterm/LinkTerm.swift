import ArgumentParser
import Foundation
import LinkKit
import LinkSDK
import LinkUI

/// The `linkterm` command: the Link flow in a terminal, and its tools.
@main
struct LinkTerm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkterm",
        abstract: "The Plaid Link flow in a terminal, against an embedded sandbox.",
        discussion: """
            With no subcommand, runs the whole flow full screen: consent, institution search, \
            credentials, MFA, account select, success. Every event shows in the log panel (F2) and, \
            with --events, in a JSON Lines file.

            Sandbox sign-in: username user_good; password \(SandboxCredentials.documentedSummary); \
            anything else is INVALID_CREDENTIALS. F1 shows them too.

            Examples:
              linkterm
              linkterm --theme light --events events.jsonl --seed 42
              linkterm --update-mode --institution ins_109508 --log-panel right
              linkterm --script Tests/Scenarios/mfa_device.txt --exit-at-end

            Exit status: 0 onSuccess, 1 onExit, 2 bad arguments or a terminal that cannot show the UI, \
            128 + N after signal N (130 Ctrl-C or SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT, 138 SIGUSR1 …: \
            the terminal is restored and onExit called first), 128 + N killed by a crash signal (139 SIGSEGV, \
            134 SIGABRT …) after the terminal is restored, 74 when --events or --record could not be written \
            in full (a full disk, a reader gone or stalled: also with --script). With --script: 0 when every \
            step played and every expectation held, 1 otherwise.
            """,
        version: LinkKitVersion.string,
        subcommands: [Replay.self, Walk.self, Search.self, Token.self, Serve.self]
    )

    @OptionGroup var session: SessionFlags

    @OptionGroup var look: LookOptions
    /// `--theme`.
    var theme: String {
        get { look.theme }
        set { look.theme = newValue }
    }

    @Option(help: ArgumentHelp("Write every record to this file as JSON Lines, each line as it happens.",
                               discussion: "Example: --events events.jsonl", valueName: "file"))
    var events: String?

    /// `--log-panel`.
    var logPanel: LogPlacement {
        get { look.logPanel }
        set { look.logPanel = newValue }
    }

    @Option(help: ArgumentHelp(
        "Autopilot: play this scenario through the UI, keys typed at a human pace, checking its expectations.",
        discussion: "Example: --script Tests/Scenarios/mfa_device.txt --typing-delay 120 --exit-at-end", valueName: "file"))
    var script: String?

    @Option(help: ArgumentHelp("Autopilot: milliseconds between two keys.", valueName: "ms"))
    var typingDelay: Int64 = SessionCommand.defaultTypingDelay

    @Option(help: ArgumentHelp(
        "Autopilot: the least time each view stays on screen before the play acts on it, so a demo can be read (0 plays at typing speed).",
        valueName: "ms"))
    var pace: Int64 = SessionCommand.defaultPace

    @Flag(help: "Autopilot: leave when the play ends (the last screen shown 1.5 s, so a recording ends on it) instead of waiting for a key.")
    var exitAtEnd = false

    @Option(help: ArgumentHelp(
        "Record the terminal session as asciicast v2 (play it with asciinema). Output only: nothing typed is stored.",
        discussion: "Example: --record demo.cast", valueName: "file.cast"))
    var record: String?

    @Option(help: ArgumentHelp(
        "Write what you do in the session as a scenario that replay and --script play back to the same events (passwords, codes and answers written as the sandbox's values that do the same, never as typed).",
        discussion: "Example: --save-scenario walkthrough.txt, then linkterm replay walkthrough.txt", valueName: "file"))
    var saveScenario: String?

    @OptionGroup var flavorOption: FlavorOption
    /// `--flavor`.
    var flavor: Flavor {
        get { flavorOption.flavor }
        set { flavorOption.flavor = newValue }
    }

    @Option(help: ArgumentHelp(
        "Plaid: the SDK generation whose callbacks the log panel and --events show: current (LinkKit 4 to 7: onEvent, onSuccess, onExit) or v1 (LinkKit v1's delegate: didHandleEvent, didSucceedWithPublicToken, didExitWithError, metadata under the kPLKMetadata keys).",
        valueName: "current|v1"))
    var sdk: SDKGeneration = .current

    @OptionGroup var transferOptions: TransferOptions
    /// `--transfer`.
    var transfer: Bool {
        get { transferOptions.transfer }
        set { transferOptions.transfer = newValue }
    }
    /// `--transfer-to`.
    var transferTo: String? {
        get { transferOptions.transferTo }
        set { transferOptions.transferTo = newValue }
    }

    @Option(help: ArgumentHelp(
        "Mesh: keep connected integrations in this folder (LinkStore, useSecureOnDeviceStorage) and hand them back as LinkSettings.accessTokens, so a later session reconnects without signing in.",
        valueName: "dir"))
    var meshStore: String?

    /// The options' values, as plain values: the session runs from these (see ``SessionCommand``).
    var command: SessionCommand {
        SessionCommand(
            session: session.settings, theme: theme, logPanel: logPanel, events: events, script: script,
            typingDelay: typingDelay, pace: pace, exitAtEnd: exitAtEnd, record: record, saveScenario: saveScenario,
            flavor: flavor, sdk: sdk, transfer: transfer, transferTo: transferTo, meshStore: meshStore)
    }

    func validate() throws { try command.validate() }

    func run() throws { try command.run(walk: nil) }

    /// Runs the session; with `walk`, a guided QA walk of its scenario (see ``SessionCommand/run(walk:)``).
    func run(walk: WalkRun?) throws { try command.run(walk: walk) }
}

extension LogPlacement: ExpressibleByArgument {}
extension SDKGeneration: ExpressibleByArgument {}

/// QuietDelegate: the command line's v1 delegate: the outcome is read from the session when it
/// ends, the callbacks are shown by the log panel and written by --events.
final class QuietDelegate: PLKPlaidLinkViewDelegate {
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didSucceedWithPublicToken publicToken: String,
                            metadata: [String: Any]?) {}
    func linkViewController(_ linkViewController: PLKPlaidLinkViewController, didExitWithError error: Error?,
                            metadata: [String: Any]?) {}
}

/// Swift's crash reporter must not wait at an interactive prompt in a raw terminal (docs/ARCHITECTURE.md §5, "Crashes"):
/// the runtime reads `SWIFT_BACKTRACE` at start-up, so when it is unset, run again with it set.
/// (A release build links the Swift libraries statically and sets it before the runtime starts,
/// in CNcurses/early_environment.c: no second exec.)
func ensureNonInteractiveBacktraces() {
    guard !CrashReports.configuredBeforeStart, getenv("SWIFT_BACKTRACE") == nil else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    let arguments = CommandLine.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    execv("/proc/self/exe", &argv)
    // exec failed: go on without it
}
