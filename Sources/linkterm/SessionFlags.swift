import ArgumentParser
import Foundation
import LinkKit

/// The options that shape a session, shared by the interactive flow and `replay`.
struct SessionFlags: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The link token (link-sandbox-<uuid>). Default: a fresh sandbox token.",
        discussion: "Example: --token link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("Seed for every id the session makes; the same seed gives the same ids.",
                               valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("How long the LOADING pane lasts, in milliseconds.",
                               valueName: "ms"))
    var latency: Int64 = SessionConfiguration.defaultLatencyMillis

    @Flag(help: "Account select allows exactly one account.")
    var singleAccount = false

    @Flag(help: "Skip account select: every account is shared.")
    var noAccountSelect = false

    @Flag(help: "Update mode: start at the sign-in of --institution (OPEN carries is_update_mode).")
    var updateMode = false

    @Option(help: ArgumentHelp("The institution for --update-mode, e.g. ins_109508.", valueName: "id"))
    var institution: String?

    @Option(help: ArgumentHelp(
        "The products the token asks for: transactions (default), auth, assets, layer, income_verification, identity_verification; commas between several.",
        discussion: "auth adds the choice of connecting instantly or with account numbers, Instant Match and automated "
            + "micro-deposits at Houndstooth Bank, instant micro-deposits at Windowpane Bank, and same-day "
            + "micro-deposits (Tab on the search). identity_verification runs Identity Verification (terms, SMS, "
            + "KYC, documents, selfie, risk and watchlist checks) instead of linking an Item. Example: --product auth",
        valueName: "name"))
    var product: [String] = []

    @Option(help: ArgumentHelp(
        "The OAuth redirect URI (https only): the bank page ends by redirecting there, and the session waits until the "
            + "URL is handed back (Enter on the pane, a pasted URL).", valueName: "url"))
    var redirectURI: String?

    @Option(help: ArgumentHelp(
        "Identity Match: the person's legal name as the app gives it; the accounts' owner (the sandbox's is Alberta "
            + "Bobbeth Charleson) must match before CONNECTED.", valueName: "name"))
    var identityMatch: String?

    @Flag(help: "Identity Verification: resume a session left at its KYC step (with --product identity_verification).")
    var resumeIdentity = false

    @Flag(help: ArgumentHelp(
        "A later session for an Item linked by same-day micro-deposits: type the deposit's code (ABC) to verify it."))
    var verifyDeposits = false

    @Flag(help: ArgumentHelp(
        "The returning user experience with the sandbox's saved profile: phone 415-555-0010, code 123456, then "
            + "First Platypus Bank and Tartan Bank saved."))
    var returningUser = false

    @Option(help: ArgumentHelp(
        "The returning user experience, remembered in FILE: the phone and its code after consent; each onSuccess "
            + "saves the institution and accounts for the verified phone (0600, written whole), so the next visit "
            + "offers them.", valueName: "file"))
    var profile: String?

    @OptionGroup var directoryOption: DirectoryOption
    var institutions: String? { directoryOption.institutions }

    /// The options' values, as plain values (see ``SessionSettings``).
    var settings: SessionSettings {
        SessionSettings(
            token: token, seed: seed, latency: latency, singleAccount: singleAccount, noAccountSelect: noAccountSelect,
            updateMode: updateMode, institution: institution, product: product, redirectURI: redirectURI,
            identityMatch: identityMatch, resumeIdentity: resumeIdentity, verifyDeposits: verifyDeposits,
            returningUser: returningUser, profile: profile, institutions: institutions)
    }

    /// The first option given other than `--seed`, by its name, if any (a walk takes `--seed` alone).
    var givenBesidesSeed: String? { settings.givenBesidesSeed }

    func validate() throws { try settings.validate() }

    /// The engine configuration; `defaultSeed` when no `--seed` was given. Loads `--institutions`;
    /// a bad file is reported (naming the line and field) and exits 2.
    func configuration(defaultSeed: UInt64, directory loaded: InstitutionDirectory? = nil) throws -> SessionConfiguration {
        try settings.configuration(defaultSeed: defaultSeed, directory: loaded)
    }
}

/// `--institutions FILE`, shared by every command that searches a directory.
struct DirectoryOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A directory of institutions to use instead of the sandbox's: a JSON array or JSON Lines of objects with institution_id and name (optional oauth, status healthy|degraded|down, supported, popular), or plain text with one name per line.",
        discussion: "Example: --institutions banks.jsonl", valueName: "file"))
    var institutions: String?

    /// The directory named, or the sandbox's; a bad file is reported (line and field) and exits 2.
    func load() throws -> InstitutionDirectory { try Self.load(institutions) }

    /// The directory at `institutions`, or the sandbox's when nil; a bad file is reported (line
    /// and field) and exits 2.
    static func load(_ institutions: String?) throws -> InstitutionDirectory {
        guard let institutions else { return .sandbox }
        do {
            return try InstitutionDirectory.load(path: institutions)
        } catch {
            printError("linkterm: --institutions: \(error)")
            throw ExitCode(2)
        }
    }
}
