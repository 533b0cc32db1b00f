import ArgumentParser
import Foundation
import LinkKit

/// SessionSettings: the options that shape a session (``SessionFlags``'s), as plain values.
///
/// A plain start (``FastStart``) sets these up without ArgumentParser: its property wrappers are
/// generic types whose first use costs the Swift runtime a search through every protocol
/// conformance of the program (six such searches and ArgumentParser's own set-up: about 3 million
/// instructions, more than the first frame).
struct SessionSettings: Equatable {
    /// `--token`.
    var token: String?
    /// `--seed`.
    var seed: UInt64?
    /// `--latency`.
    var latency: Int64 = SessionConfiguration.defaultLatencyMillis
    /// `--single-account`.
    var singleAccount = false
    /// `--no-account-select`.
    var noAccountSelect = false
    /// `--update-mode`.
    var updateMode = false
    /// `--institution`.
    var institution: String?
    /// `--product`, as given.
    var product: [String] = []
    /// `--redirect-uri`.
    var redirectURI: String?
    /// `--identity-match`.
    var identityMatch: String?
    /// `--resume-identity`.
    var resumeIdentity = false
    /// `--verify-deposits`.
    var verifyDeposits = false
    /// `--returning-user`.
    var returningUser = false
    /// `--profile`.
    var profile: String?
    /// `--institutions`.
    var institutions: String?

    /// The first option given other than `--seed`, by its name, if any (a walk takes `--seed` alone).
    var givenBesidesSeed: String? {
        let given: [(Bool, String)] = [
            (token != nil, "--token"), (latency != SessionConfiguration.defaultLatencyMillis, "--latency"),
            (singleAccount, "--single-account"), (noAccountSelect, "--no-account-select"), (updateMode, "--update-mode"),
            (institution != nil, "--institution"), (!product.isEmpty, "--product"), (redirectURI != nil, "--redirect-uri"),
            (identityMatch != nil, "--identity-match"), (resumeIdentity, "--resume-identity"),
            (verifyDeposits, "--verify-deposits"), (returningUser, "--returning-user"), (profile != nil, "--profile"),
            (institutions != nil, "--institutions"),
        ]
        return given.first { $0.0 }?.1
    }

    /// The saved profile: `--returning-user`'s, or `--profile`'s file (nil when it does not exist yet).
    func savedProfile() throws -> SavedProfile? {
        if returningUser { return .sandbox }
        guard let profile else { return nil }
        do {
            return try SavedProfile.load(path: profile)
        } catch {
            throw ValidationError("--profile \(error)")
        }
    }

    /// The products named by `--product` (transactions when none is).
    func products() throws -> Set<LinkProduct> {
        // (made by generic code, with room for every product: the first Set<LinkProduct> made by
        // specialised code costs a search through every protocol conformance; see PreparedCollections)
        var products = PreparedCollections.set(room: LinkProduct.allCases.count, of: LinkProduct.self)
        for name in product.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            guard let known = LinkProduct(rawValue: String(name)) else {
                throw ValidationError("--product: \(UntrustedText.quoted(String(name))) is not a product; products are \(LinkProduct.names)")
            }
            products.insert(known)
        }
        if products.isEmpty { products.insert(.transactions) }
        return products
    }

    func validate() throws {
        if !SessionConfiguration.latencyRange.contains(latency) {
            throw ValidationError(
                "--latency must be 0 to \(SessionConfiguration.maximumLatencyMillis) milliseconds (got \(latency))")
        }
        if singleAccount && noAccountSelect {
            throw ValidationError("--single-account and --no-account-select cannot be used together")
        }
        if updateMode && institution == nil {
            throw ValidationError("--update-mode needs --institution ID, e.g. --update-mode --institution ins_109508")
        }
        if !updateMode && institution != nil {
            throw ValidationError("--institution goes with --update-mode")
        }
        _ = try products()
        if let identityMatch, identityMatch.split(whereSeparator: \.isWhitespace).count < 2 {
            throw ValidationError("--identity-match takes a first and a last name, e.g. --identity-match \"Alberta Charleson\"")
        }
        if try resumeIdentity && !products().contains(.identityVerification) {
            throw ValidationError("--resume-identity goes with --product identity_verification")
        }
        if let redirectURI, let problem = OAuthRedirect.problem(with: redirectURI) { throw ValidationError("--redirect-uri: \(problem)") }
        if returningUser && profile != nil {
            throw ValidationError("--returning-user and --profile cannot be used together (--profile FILE keeps its own)")
        }
        _ = try savedProfile()
        if institutions == nil, let institution, InstitutionDirectory.sandbox[institution] == nil {
            throw ValidationError("--institution: there is no institution \(institution) in the sandbox directory")
        }
    }

    /// The engine configuration; `defaultSeed` when no `--seed` was given. Loads `--institutions`;
    /// a bad file is reported (naming the line and field) and exits 2.
    func configuration(defaultSeed: UInt64, directory loaded: InstitutionDirectory? = nil) throws -> SessionConfiguration {
        let directory = try loaded ?? DirectoryOption.load(institutions)
        if let institutions {
            if updateMode, let institution, directory[institution] == nil {
                printError("linkterm: --institution: there is no institution \(institution) in \(institutions)")
                throw ExitCode(2)
            }
        }
        let saved = try savedProfile()
        return SessionConfiguration(
            token: token, seed: seed ?? defaultSeed, latencyMillis: latency,
            accountSelection: noAccountSelect ? .disabled : (singleAccount ? .single : .multiple),
            updateModeInstitutionID: updateMode ? institution : nil, directory: directory, products: try products(),
            rememberMe: returningUser || profile != nil, savedProfile: saved).with(\.redirectURI, redirectURI)
            .with(\.phoneKnown, profile != nil && saved != nil).with(\.verifiesDeposits, verifyDeposits)
            .with(\.identityMatchName, identityMatch).with(\.resumesIdentity, resumeIdentity)
    }
}
