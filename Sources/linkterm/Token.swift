import ArgumentParser
import LinkKit
import LinkSDK

/// `linkterm token`: a sandbox link token. Plaid's `/link/token/create`: a fresh link token, or an
/// update-mode one for an Item at an institution; Mesh's `POST /api/v1/linktoken` with `--flavor mesh`:
/// a connect or transfer link token that `--flavor mesh --token` accepts.
struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a sandbox link token, as /link/token/create (Plaid) or /api/v1/linktoken (Mesh) would return it.",
        discussion: """
            Plaid: a fresh link-sandbox-<uuid> token; with --update-item ID, the token opens Link in update \
            mode for an Item at that institution (OPEN carries is_update_mode=true; the flow starts at its \
            sign-in), as a token created with the Item's access_token does.
            Mesh (--flavor mesh): a link token (base64 of the Link page's URL) for connecting an account; with \
            --transfer or --transfer-to ASSET:NETWORK, a transfer link.

            Examples:
              linkterm token
              linkterm --token "$(linkterm token --update-item ins_109508)"
              linkterm --flavor mesh --token "$(linkterm token --flavor mesh --transfer)"
            """)

    @OptionGroup var flavorOption: FlavorOption
    /// `--flavor`.
    var flavor: Flavor { flavorOption.flavor }

    @Option(help: ArgumentHelp("Plaid: an update-mode token for an Item at this institution, e.g. ins_109508.", valueName: "id"))
    var updateItem: String?

    @OptionGroup var transferOptions: TransferOptions
    /// `--transfer`.
    var transfer: Bool { transferOptions.transfer }
    /// `--transfer-to`.
    var transferTo: String? { transferOptions.transferTo }

    func validate() throws {
        switch flavor {
        case .plaid:
            if transfer || transferTo != nil {
                throw ValidationError("\(transfer ? "--transfer" : "--transfer-to") goes with --flavor mesh")
            }
            if let updateItem, LinkToken.updateModeToken(institutionID: updateItem) == nil {
                throw ValidationError("--update-item: an update-mode token holds ins_ and up to 12 digits, not \(UntrustedText.quoted(updateItem))")
            }
        case .mesh:
            if updateItem != nil { throw ValidationError("--update-item goes with --flavor plaid (Mesh has no update mode)") }
            if let transferTo, MeshDestination.parse(transferTo) == nil {
                throw ValidationError("--transfer-to takes ASSET:NETWORK with a network of the sandbox, e.g. USDC:Solana; not \(UntrustedText.quoted(transferTo))")
            }
        }
    }

    func run() throws {
        switch flavor {
        case .mesh:
            let destination = transferTo.flatMap(MeshDestination.parse)
            try writeStandardOutput(MeshLinkToken.sandbox(transfer: transfer, destination: destination) + "\n", what: "token")
        case .plaid:
            if let updateItem, let token = LinkToken.updateModeToken(institutionID: updateItem) {
                try writeStandardOutput(token + "\n", what: "token")
            } else {
                var ids = IDGenerator(seed: UInt64.random(in: 0...UInt64.max))
                try writeStandardOutput(LinkToken.makeSandboxToken(using: &ids) + "\n", what: "token")
            }
        }
    }
}
