import Testing
@testable import LinkKit

@Suite("Update-mode tokens: made for an Item's institution, read back by the sandbox")
struct UpdateModeTokenTests {
    @Test("round trip; the token is a well-formed sandbox token")
    func roundTrip() throws {
        for id in ["ins_109508", "ins_3", "ins_127287", "ins_999999999999"] {
            let token = try #require(LinkToken.updateModeToken(institutionID: id))
            #expect(LinkToken.problem(with: token) == nil)
            #expect(LinkToken.updateModeInstitution(in: token) == id)
        }
        for id in ["109508", "ins_", "ins_12a", "ins_1234567890123", "bank_1"] {
            #expect(LinkToken.updateModeToken(institutionID: id) == nil, "\(id)")
        }
        #expect(LinkToken.updateModeInstitution(in: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176") == nil)
        #expect(LinkToken.updateModeInstitution(in: "link-production-0bda7e00-0000-4000-8000-000000109508") == nil)
    }

    @Test("the flag wins over the token; a plain token is no update")
    func precedence() {
        var configuration = SessionConfiguration(token: LinkToken.updateModeToken(institutionID: "ins_109511"))
        #expect(LinkEngine(configuration: configuration).updateModeInstitutionID == "ins_109511")
        configuration.updateModeInstitutionID = "ins_109508"
        #expect(LinkEngine(configuration: configuration).updateModeInstitutionID == "ins_109508")
        #expect(!LinkEngine(configuration: SessionConfiguration()).isUpdateMode)
    }
}
