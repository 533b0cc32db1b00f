// Layer (`--product layer`): the app submits the person's phone before opening; Link answers in
// real time whether Layer can serve them, then shows the profile it found for review.

extension LinkEngine {
    /// The sandbox's eligible phone (linkterm's choice: its saved profile's).
    public static let layerPhone = SavedProfile.sandboxPhone
    /// The phone of the seeds' Layer sample (`PlaidSubmitData(phoneNumber: "14155550015")`),
    /// eligible too: no document names the sandbox's Layer phones, and the documented sample
    /// must reach `LAYER_READY`.
    public static let layerSamplePhone = "4155550015"
    /// Every phone the sandbox finds eligible for Layer (the saved profile is shown for each).
    public static let layerPhones: Set<String> = [layerPhone, layerSamplePhone]
    /// The latest date of birth eligible for Extended Autofill (18 on 2026-01-01; linkterm's choice).
    public static let layerAutofillLatestBirth = "2008-01-01"

    /// `submit(data:)`: `LAYER_READY` for an eligible phone (with `LAYER_AUTOFILL_NOT_AVAILABLE`
    /// first for a date of birth that is not), `LAYER_NOT_AVAILABLE` for any other.
    mutating func submitLayerData(phone: String, dateOfBirth: String?) throws(ActionRejected) {
        guard case .layerWaiting = pane else { throw misfit("Layer's submit(data:)") }
        guard let digits = SavedProfile.normalizedPhone(phone) else {
            throw ActionRejected("A phone number has 10 digits (a US number), e.g. 415-555-0010")
        }
        if let problem = dateOfBirth.flatMap(SandboxIdentity.dateOfBirthProblem) { throw ActionRejected(problem) }
        newRequest()
        guard Self.layerPhones.contains(digits) else {
            emit(.layerNotAvailable)
            pane = .layerWaiting(ready: false)
            return
        }
        typedPhone = digits
        if let dateOfBirth, dateOfBirth > Self.layerAutofillLatestBirth { emit(.layerAutoFillNotAvailable) }
        emit(.layerReady)
        pane = .layerWaiting(ready: true)
    }

    /// `open()` after `LAYER_READY`: `OPEN` on PROFILE_DATA_REVIEW.
    mutating func openLayer() {
        emit(.open, isUpdateMode: "false", viewName: .profileDataReview)
        pane = .profileDataReview
        accounts = SavedProfile.sandbox.institutions.first.map { saved in
            saved.accounts.map { Account(id: ids.alphanumeric(37), name: $0.name, mask: $0.mask, subtype: $0.subtype) }
        } ?? []
        institution = SavedProfile.sandbox.institutions.first.flatMap { configuration.directory[$0.institution.id] }
    }

    /// "Share": the profile's accounts at its institution, onSuccess and `HANDOFF`.
    mutating func shareLayerProfile() {
        sharedAccounts = accounts
        finishWithSuccess()
    }
}
