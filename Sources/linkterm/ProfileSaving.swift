import LinkKit
import LinkUI

/// After onSuccess with a verified phone, saves the linked institution and the shared accounts to
/// `--profile FILE` for that phone (the returning user experience's memory); says so on standard
/// error. The file is read again under its lock and the Item merged into what it holds then
/// (``SavedProfile/saveMerging(_:accounts:phone:path:)``), so another session's save since this
/// one started is kept. Returns false when the file could not be written (the old file is
/// untouched): its lock held too long, the file no longer a profile, a write failure.
func rememberItem(_ engine: LinkEngine, outcome: SessionOutcome?, in path: String) -> Bool {
    guard case .success(let success)? = outcome, let phone = engine.verifiedPhone,
          let institution = success.metadata.institution else { return true }
    do {
        try SavedProfile.saveMerging(institution, accounts: success.metadata.accounts, phone: phone, path: path)
    } catch {
        printError("linkterm: --profile: \(error); the Item was not saved")
        return false
    }
    printError("linkterm: saved \(sanitizeForTerminal(institution.name)) for \(SavedProfile.masked(phone)) in \(path)")
    return true
}
