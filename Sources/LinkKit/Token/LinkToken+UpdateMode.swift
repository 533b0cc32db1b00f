/// Update-mode tokens: what `/link/token/create` returns when given an Item's `access_token`
/// (the seeds: "a link_token can be configured to launch Link in update mode"). The embedded
/// sandbox has no server to remember which token it made for which Item, so its update-mode
/// tokens say so themselves: `link-sandbox-0bda7e00-0000-4000-8000-<institution number, 12 digits>`
/// (`0bda7e00` reads "update"), a well-formed sandbox token like any other.
extension LinkToken {
    /// The start of every update-mode token.
    static let updateModePrefix = "link-sandbox-0bda7e00-0000-4000-8000-"

    /// The update-mode token for an Item at `institutionID` (`ins_<digits>`, at most 12 digits),
    /// or `nil` for an id the form cannot hold.
    public static func updateModeToken(institutionID: String) -> String? {
        guard institutionID.hasPrefix("ins_") else { return nil }
        let digits = institutionID.dropFirst(4)
        guard (1...12).contains(digits.count), digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return updateModePrefix + String(repeating: "0", count: 12 - digits.count) + digits
    }

    /// The institution an update-mode token repairs an Item at, or `nil` for a token that is not one.
    public static func updateModeInstitution(in token: String) -> String? {
        guard token.hasPrefix(updateModePrefix), problem(with: token) == nil else { return nil }
        let digits = token.dropFirst(updateModePrefix.count)
        guard digits.count == 12, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let number = digits.drop { $0 == "0" }
        return "ins_" + (number.isEmpty ? "0" : String(number))
    }
}
