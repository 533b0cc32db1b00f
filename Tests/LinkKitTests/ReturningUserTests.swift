import Foundation
import Testing
@testable import LinkKit

@Suite("The returning user experience: phone, code, saved institutions, matched institutions, the profile file")
struct ReturningUserTests {
    @Test("phone numbers: 10 US digits, with or without +1 and the usual separators")
    func phones() {
        for typed in ["4155550010", "415-555-0010", "(415) 555-0010", "+1 415 555 0010", "1.415.555.0010"] {
            #expect(SavedProfile.normalizedPhone(typed) == "4155550010", "\(typed)")
        }
        for typed in ["", "555-0010", "41555500100", "+44 20 7946 0958", "415-555-001O", "４１５５５５００１０"] {
            #expect(SavedProfile.normalizedPhone(typed) == nil, "\(typed)")
        }
        #expect(SavedProfile.masked("4155550010") == "(•••) •••-0010")
    }

    @Test("one saved institution is chosen for the person: AUTO_SELECT_SAVED_INSTITUTION")
    func autoSelect() throws {
        var one = SavedProfile.sandbox
        one.institutions.removeLast()
        let configuration = SessionConfiguration(savedProfile: one)
        let result = try records("continue\nphone 4155550010\notp 123456\naccounts 1\ncontinue", configuration)
        let all = events(result)
        let auto = try #require(all.firstIndex { $0.eventName == .autoSelectSavedInstitution })
        #expect(all[auto].metadata.institutionID == "ins_109508")
        #expect(all[auto + 1].eventName == .selectInstitution)
        #expect(all[auto + 1].metadata.matchReason == "AUTO_SELECT_SAVED_INSTITUTION")
        guard case .success(let success)? = result.last(where: { if case .success = $0 { true } else { false } }) else {
            Issue.record("no onSuccess"); return
        }
        #expect(success.metadata.accounts.map(\.mask) == ["1111"])
    }

    @Test("a phone with no saved profile goes on as a new user; so does a verified phone other than the profile's")
    func otherPhone() throws {
        let result = try trace("option returning-user\ncontinue\nphone 212-555-0100\notp 123456\nwait 600\nquit")
        #expect(result.suffix(5) == [
            "TRANSITION_VIEW view=LOADING", "VERIFY_PHONE", "TRANSITION_VIEW view=SELECT_INSTITUTION",
            "EXIT status=institution_not_found", "exit status=institution_not_found",
        ])
    }

    @Test("Esc on the code goes back to the phone (kept); exits from each pane carry its status")
    func backAndStatuses() throws {
        #expect(try trace("option returning-user\ncontinue\nphone 4155550010\nback\nexit\nconfirm").suffix(4) == [
            "TRANSITION_VIEW view=SUBMIT_PHONE", "TRANSITION_VIEW view=EXIT", "EXIT status=requires_credentials", "exit status=requires_credentials",
        ])
        #expect(try trace("option returning-user\ncontinue\nphone 4155550010\nquit").last == "exit status=requires_code")
        #expect(try trace("option returning-user\ncontinue\nphone 4155550010\notp 123456\nwait 600\nquit").last
            == "exit status=requires_credentials")
        #expect(try trace("option returning-user\ncontinue\nphone 4155550010\notp 123456\nselect ins_109511\nquit").last
            == "exit status=requires_account_selection")
    }

    @Test("refusals: a malformed phone, an empty code, an unsaved institution on the saved list, skip elsewhere")
    func refusals() throws {
        let driver = SessionDriver(configuration: SessionConfiguration(savedProfile: .sandbox), clock: ManualClock())
        driver.start()
        try driver.send(.primary)
        #expect(throws: ActionRejected("A phone number has 10 digits (a US number), e.g. 415-555-0010")) {
            try driver.send(.submitPhone("555-0010"))
        }
        try driver.send(.submitPhone("4155550010"))
        #expect(throws: ActionRejected.self) { try driver.send(.skipPhone) }
        #expect(throws: ActionRejected("enter the code sent to your phone")) { try driver.send(.submitOTP(Secret(""))) }
        try driver.send(.submitOTP(Secret("123456")))
        driver.settle()
        #expect(driver.engine.pane == .selectSavedInstitution)
        #expect(throws: ActionRejected("\"ins_109510\" is not a saved institution; choose one listed, or connect a new one")) {
            try driver.send(.selectInstitution(id: "ins_109510"))
        }
    }

    @Test("the profile file: written whole and read back; a bad file is refused naming the field")
    func profileFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("profile.json").path
        #expect(try SavedProfile.load(path: path) == nil)
        try SavedProfile.sandbox.save(path: path)
        #expect(try SavedProfile.load(path: path)?.fileText == SavedProfile.sandbox.fileText)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        for (text, message) in [
            ("[]", "a profile is an object {\"phone\": …, \"institutions\": […]}"),
            ("{\"phone\": 4155550010, \"institutions\": []}", "the profile: \"phone\" must be a string, got 4155550010"),
            ("{\"phone\": \"12\", \"institutions\": []}", "\"phone\" must be a 10-digit US phone number, got \"12\""),
            ("{\"phone\": \"4155550010\"}", "\"institutions\" must be an array, got nothing"),
            ("{\"phone\": \"4155550010\", \"institutions\": [{\"institution_id\": \"ins_1\", \"name\": \"A\", \"accounts\": [{\"name\": \"x\"}]}]}",
             "institutions[0].accounts[0]: \"mask\" must be a string, got nothing"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: SavedProfile.FileProblem(message: "\(path): \(message)")) { try SavedProfile.load(path: path) }
        }
    }

    @Test("remembering replaces what was saved for the institution and keeps the others")
    func remembering() {
        let account = Account(id: "x", name: "Plaid Saving", mask: "1111", subtype: .depository(.savings))
        let updated = SavedProfile.sandbox.remembering(Institution(id: "ins_109508", name: "First Platypus Bank"), accounts: [account])
        #expect(updated.institutions.map(\.institution.id) == ["ins_109511", "ins_109508"])
        #expect(updated.institution(id: "ins_109508")?.accounts.map(\.mask) == ["1111"])
    }
}
