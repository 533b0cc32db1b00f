/// SavedProfile: what the returning user experience remembers about a person: the phone they
/// verified and the institutions and accounts they linked with it. linkterm keeps one in a file
/// (`--profile FILE`), written after each onSuccess, so a QA person sees the second visit; the
/// sandbox also has a built-in one (`--returning-user`, `option returning-user`).
public struct SavedProfile: Hashable, Sendable {
    /// An institution linked before, with the accounts shared then.
    public struct SavedInstitution: Hashable, Sendable {
        /// The institution.
        public var institution: Institution
        /// The accounts shared (their ids are made anew each session).
        public var accounts: [SandboxAccounts.Template]

        /// Creates a saved institution.
        public init(institution: Institution, accounts: [SandboxAccounts.Template]) {
            self.institution = institution
            self.accounts = accounts
        }
    }

    /// The verified phone, 10 digits (a US number without its `+1`).
    public var phone: String
    /// The institutions linked, most recent last.
    public var institutions: [SavedInstitution]

    /// Creates a profile.
    public init(phone: String, institutions: [SavedInstitution] = []) {
        self.phone = phone
        self.institutions = institutions
    }

    /// The phone the sandbox knows (no document gives one: linkterm's choice, shown in F1 help
    /// and the README).
    public static let sandboxPhone = "4155550010"
    /// The one-time code every sandbox phone receives.
    public static let sandboxCode: StaticString = "123456"
    /// Wrong codes before Link stops accepting them ("After three INVALID_OTP errors, Link will
    /// stop accepting OTP inputs").
    public static let codeAttempts = 3

    /// The built-in returning user: First Platypus Bank (Plaid Checking, Plaid Saving) and
    /// Tartan Bank (Plaid Checking), on the sandbox phone.
    public static let sandbox = SavedProfile(phone: sandboxPhone, institutions: [
        SavedInstitution(institution: Institution(id: "ins_109508", name: "First Platypus Bank"),
                         accounts: Array(SandboxAccounts.templates.prefix(2))),
        SavedInstitution(institution: Institution(id: "ins_109511", name: "Tartan Bank"),
                         accounts: Array(SandboxAccounts.templates.prefix(1))),
    ])

    /// The saved institution with this id, if any.
    public func institution(id: String) -> SavedInstitution? {
        institutions.first { $0.institution.id == id }
    }

    /// The profile after linking `accounts` at `institution` (replacing what was saved for it).
    public func remembering(_ institution: Institution, accounts: [Account]) -> SavedProfile {
        var copy = self
        copy.institutions.removeAll { $0.institution.id == institution.id }
        copy.institutions.append(SavedInstitution(institution: institution, accounts: accounts.map {
            SandboxAccounts.Template(name: $0.name, mask: $0.mask ?? "", subtype: $0.subtype, officialName: nil)
        }))
        return copy
    }

    /// The 10 digits of a US phone number typed with or without `+1`, spaces, dashes, dots and
    /// parentheses; `nil` when it is not one.
    public static func normalizedPhone(_ typed: String) -> String? {
        var digits = ""
        for scalar in typed.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
            } else if !" -.()+".unicodeScalars.contains(scalar) {
                return nil
            }
        }
        if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        return digits.count == 10 ? digits : nil
    }

    /// `(•••) •••-0010`: the phone as a screen shows it.
    public static func masked(_ phone: String) -> String { "(•••) •••-" + phone.suffix(4) }
}
