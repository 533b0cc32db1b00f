import ArgumentParser
import LinkUI

/// FlavorOption: `--flavor`, one option group for the session, `replay` and `token`.
///
/// ArgumentParser lets a parent command's options follow a subcommand's name, and the parent
/// reads them first: an `@Option var flavor` of its own on a subcommand would never see
/// `linkterm replay --flavor mesh` (the session's `--flavor` took it). A group of the same type
/// is read once and handed to every command that has it, so each sees the value given.
struct FlavorOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The Link system: plaid (Plaid Link) or mesh (Mesh Connect, LinkSDK v2); a scenario that says `option flavor mesh` plays Mesh whatever this says.",
        valueName: "plaid|mesh"))
    var flavor: Flavor = .plaid

    /// The group as ArgumentParser's default gives it, for a command set up without it (`FastStart`).
    static var plaid: FlavorOption {
        var option = FlavorOption()
        option.flavor = .plaid
        return option
    }
}

/// TransferOptions: Mesh's `--transfer` and `--transfer-to`, one option group for the session and
/// `token` (see ``FlavorOption`` for why a group).
struct TransferOptions: ParsableArguments {
    @Flag(help: "Mesh: a transfer link (asset, network, amount, preview, execution).")
    var transfer = false

    @Option(help: ArgumentHelp(
        "Mesh: a transfer link to one destination, ASSET:NETWORK (e.g. USDC:Solana): the asset and network are given, so their selection is skipped.",
        valueName: "asset:network"))
    var transferTo: String?

    /// The group as ArgumentParser's default gives it (`FastStart`).
    static var none: TransferOptions {
        var options = TransferOptions()
        options.transfer = false
        options.transferTo = nil
        return options
    }
}

/// LookOptions: `--theme` and `--log-panel`, one option group for the session and `walk` (see
/// ``FlavorOption`` for why a group: `linkterm walk FILE --theme light` was the session's theme,
/// and the walk drew the default one).
struct LookOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A built-in theme (default, light, high-contrast, monochrome) or a theme file's path.",
        discussion: "Example: --theme high-contrast, or --theme ./my-theme.json", valueName: "name|file"))
    var theme = "default"

    @Option(help: ArgumentHelp("Where the event log goes (a walk's checklist too): auto (right when 120+ columns wide), right, bottom, off.",
                               valueName: "right|bottom|off|auto"))
    var logPanel: LogPlacement = .auto
}
