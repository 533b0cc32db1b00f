import Testing
@testable import LinkKit

@Suite("Embedded Institution Search: Link opens on consent and goes straight to the institution chosen in the app")
struct EmbeddedSearchTests {
    @Test("consent, then SELECT_INSTITUTION of the chosen institution and its sign-in: Link's own search is never shown")
    func straightToTheInstitution() throws {
        let configuration = SessionConfiguration().with(\.embeddedInstitutionID, "ins_109508")
        let result = try records("continue\ncredentials user_good pass_good\naccounts all\ncontinue", configuration)
        #expect(result.map(summary) == [
            "load", "OPEN view=CONSENT", "SELECT_INSTITUTION", "TRANSITION_VIEW view=CREDENTIAL", "SUBMIT_CREDENTIALS",
            "TRANSITION_VIEW view=LOADING", "TRANSITION_VIEW view=SELECT_ACCOUNT", "TRANSITION_VIEW view=CONNECTED",
            "success accounts=9", "HANDOFF",
        ])
        let select = try #require(events(result).first { $0.eventName == .selectInstitution })
        #expect(select.metadata.institutionID == "ins_109508")
        #expect(select.metadata.institutionName == "First Platypus Bank")
        #expect(select.metadata.matchReason == nil)
    }

    @Test("the choice is taken once: back from its sign-in is Link's own search, and consent again does not re-select it")
    func takenOnce() throws {
        let configuration = SessionConfiguration().with(\.embeddedInstitutionID, "ins_109508")
        let result = try trace("continue\nback\nselect ins_109511\nquit", configuration)
        #expect(result == [
            "load", "OPEN view=CONSENT", "SELECT_INSTITUTION", "TRANSITION_VIEW view=CREDENTIAL",
            "TRANSITION_VIEW view=SELECT_INSTITUTION", "SELECT_INSTITUTION", "TRANSITION_VIEW view=CREDENTIAL",
            "EXIT status=requires_credentials", "exit status=requires_credentials",
        ])
    }

    @Test("an institution that is down gets its notice, as from Link's search (a notice of that view: no TRANSITION_VIEW)")
    func downInstitution() throws {
        let configuration = SessionConfiguration().with(\.embeddedInstitutionID, "ins_132361")
        let result = try trace("continue\ncontinue\nquit", configuration)
        #expect(result == [
            "load", "OPEN view=CONSENT", "SELECT_INSTITUTION", "SELECT_DOWN_INSTITUTION",
            "EXIT status=institution_not_found", "exit status=institution_not_found",
        ])
    }

    @Test("an institution the directory does not hold is refused before any session, naming it")
    func unknownInstitution() {
        var configuration = EmbeddedLinkTokenConfiguration(token: LinkToken.sandboxToken(seed: 0), onSuccess: { _ in })
        #expect(throws: Never.self) { try configuration.validate() }
        configuration.options.engine.embeddedInstitutionID = "ins_nope"
        #expect(throws: ConfigurationError.invalidOption("embedded search: there is no institution \"ins_nope\" in the directory")) {
            try configuration.validate()
        }
        let link = EmbeddedLinkTokenConfiguration(token: "t", onSuccess: { _ in }).linkConfiguration(institutionID: "ins_109508")
        #expect(link.sessionConfiguration.embeddedInstitutionID == "ins_109508")
        #expect(link.sessionConfiguration.token == "t")
    }
}
