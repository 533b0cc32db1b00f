import ArgumentParser
import LinkKit

/// `linkterm token`: the sandbox's `/link/token/create`: a fresh link token, or an update-mode one
/// for an Item at an institution.
struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a sandbox link token, as /link/token/create would return it.",
        discussion: """
            With --update-item ID, the token opens Link in update mode for an Item at that institution \
            (OPEN carries is_update_mode=true; the flow starts at its sign-in), as a token created with the \
            Item's access_token does.

            Examples:
              linkterm token
              linkterm --token "$(linkterm token --update-item ins_109508)"
            """)

    @Option(help: ArgumentHelp("An update-mode token for an Item at this institution, e.g. ins_109508.", valueName: "id"))
    var updateItem: String?

    func validate() throws {
        if let updateItem, LinkToken.updateModeToken(institutionID: updateItem) == nil {
            throw ValidationError("--update-item: an update-mode token holds ins_ and up to 12 digits, not \(UntrustedText.quoted(updateItem))")
        }
    }

    func run() throws {
        if let updateItem, let token = LinkToken.updateModeToken(institutionID: updateItem) {
            try writeStandardOutput(token + "\n", what: "token")
        } else {
            var ids = IDGenerator(seed: UInt64.random(in: 0...UInt64.max))
            try writeStandardOutput(LinkToken.makeSandboxToken(using: &ids) + "\n", what: "token")
        }
    }
}
