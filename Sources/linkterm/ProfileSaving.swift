import LinkKit
import LinkUI

/// After onSuccess with a verified phone, saves the linked institution and the shared accounts to
/// `--profile FILE` for that phone (the returning user experience's memory); says so on standard
/// error. Returns false when the file could not be written (the old file is untouched).
func rememberItem(_ engine: LinkEngine, outcome: SessionOutcome?, in path: String) -> Bool {
    guard case .success(let success)? = outcome, let phone = engine.verifiedPhone,
          let institution = success.metadata.institution else { return true }
    let known = engine.configuration.savedProfile.flatMap { $0.phone == phone ? $0 : nil }
    let updated = (known ?? SavedProfile(phone: phone)).remembering(institution, accounts: success.metadata.accounts)
    do {
        try updated.save(path: path)
    } catch {
        printError("linkterm: --profile: \(error); the Item was not saved")
        return false
    }
    printError("linkterm: saved \(sanitizeForTerminal(institution.name)) for \(SavedProfile.masked(phone)) in \(path)")
    return true
}
