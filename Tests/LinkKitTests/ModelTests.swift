import Foundation
import Testing
@testable import LinkKit

@Suite("The event model: every name, wire strings, JSON both ways")
struct ModelTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    func checkWireEnum<T: WireStringEnum>(_ type: T.Type, count: Int) throws {
        #expect(T.allCases.count == count)
        #expect(Set(T.allCases.map(\.description)).count == count, "wire strings are unique")
        for value in T.allCases {
            #expect(T(wireString: value.description) == value)
            #expect(try roundTrip(value) == value)
            let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
            #expect(json == "\"\(value.description)\"")
        }
    }

    @Test("66 event names, 46 view names, with LinkKit 7's quirks")
    func namesAndViews() throws {
        try checkWireEnum(EventName.self, count: 66)
        try checkWireEnum(ViewName.self, count: 46)
        #expect(EventName.layerAutoFillNotAvailable.description == "LAYER_AUTOFILL_NOT_AVAILABLE")
        #expect(EventName.submitMFA.description == "SUBMIT_MFA")
        #expect(EventName.openOAuth.description == "OPEN_OAUTH")
        #expect(EventName.identityVerificationOpenUI.description == "IDENTITY_VERIFICATION_OPEN_UI")
        #expect(ViewName.matchedMFA.description == "MATCHED_MFA")
        #expect(ViewName.verifySMS.description == "VERIFY_SMS")
    }

    @Test("unknown wire strings are kept and round-trip")
    func unknowns() throws {
        #expect(EventName(wireString: "NEW_EVENT") == .unknown("NEW_EVENT"))
        #expect(try roundTrip(EventName.unknown("NEW_EVENT")) == .unknown("NEW_EVENT"))
        #expect(try roundTrip(ViewName.unknown("NEW_VIEW")).description == "NEW_VIEW")
        #expect(try roundTrip(ExitStatus.unknown("x")) == .unknown("x"))
        #expect(try roundTrip(VerificationStatus.unknown("x")) == .unknown("x"))
        #expect(MFAType(wireString: "sms") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MFAType.self, from: Data("\"sms\"".utf8)) }
    }

    @Test("exit statuses, MFA types, verification statuses, account types")
    func smallEnums() throws {
        try checkWireEnum(ExitStatus.self, count: 15)
        try checkWireEnum(MFAType.self, count: 4)
        try checkWireEnum(VerificationStatus.self, count: 12)
        try checkWireEnum(AccountType.self, count: 6)
        for status in ["requires_questions", "requires_selections", "requires_code", "choose_device",
                       "requires_credentials", "requires_account_selection", "requires_oauth",
                       "institution_not_found", "institution_not_supported"] {
            #expect(ExitStatus(wireString: status) != .unknown(status), "\(status) is a known case")
        }
    }

    @Test("every error type and code round-trips; the nested enums are complete")
    func errorCodes() throws {
        try checkWireEnum(ItemErrorCode.self, count: 26)
        try checkWireEnum(InstitutionErrorCode.self, count: 4)
        try checkWireEnum(InvalidInputErrorCode.self, count: 15)
        try checkWireEnum(InvalidRequestErrorCode.self, count: 11)
        try checkWireEnum(ApiErrorCode.self, count: 2)
        try checkWireEnum(AuthErrorCode.self, count: 2)
        try checkWireEnum(AssetReportErrorCode.self, count: 8)
        try checkWireEnum(RateLimitErrorCode.self, count: 9)
        try checkWireEnum(BankTransferErrorCode.self, count: 8)
        try checkWireEnum(SandboxErrorCode.self, count: 3)
        try checkWireEnum(RecaptchaErrorCode.self, count: 2)
        try checkWireEnum(OAuthErrorCode.self, count: 2)
        try checkWireEnum(InvalidResultErrorCode.self, count: 1)
        for type in ExitErrorCode.errorTypes {
            let code = ExitErrorCode(errorType: type, errorCode: "SOME_CODE")
            #expect(code.errorType == type)
            #expect(code.errorCode == "SOME_CODE")
            #expect(try roundTrip(code) == code)
        }
        let unknown = ExitErrorCode(errorType: "NEW_ERROR", errorCode: "X")
        #expect(unknown == .unknown(type: "NEW_ERROR", code: "X"))
        #expect(ExitErrorCode(errorType: "ITEM_ERROR", errorCode: "INVALID_CREDENTIALS") == .itemError(.invalidCredentials))
        let json = String(decoding: try JSONEncoder().encode(ExitErrorCode.institutionError(.institutionDown)), as: UTF8.self)
        #expect(json.contains("\"error_type\":\"INSTITUTION_ERROR\"") && json.contains("\"error_code\":\"INSTITUTION_DOWN\""))
    }

    @Test("the error catalog has the reference's exact messages")
    func catalog() throws {
        #expect(SandboxErrorCatalog.all.count == 21)
        let locked = SandboxErrorCatalog.error(code: "ITEM_LOCKED")!
        #expect(locked.error.errorMessage == "the account is locked. prompt the user to visit the institution's site and unlock their account")
        #expect(SandboxErrorCatalog.error(code: "INVALID_LINK_TOKEN")?.error.displayMessage == nil)
        #expect(SandboxErrorCatalog.error(code: "NO_SUCH_CODE") == nil)
        for entry in SandboxErrorCatalog.all {
            #expect(try roundTrip(entry.error) == entry.error)
        }
    }

    @Test("account types and subtypes, with LinkKit's nesting and wire spellings")
    func accounts() throws {
        try checkWireEnum(AccountSubtype.Credit.self, count: 3)
        try checkWireEnum(AccountSubtype.Depository.self, count: 10)
        try checkWireEnum(AccountSubtype.Loan.self, count: 12)
        try checkWireEnum(AccountSubtype.Investment.self, count: 45)
        try checkWireEnum(AccountSubtype.Other.self, count: 2)
        #expect(AccountSubtype(type: "investment", subtype: "403B") == .investment(.investment403B))
        #expect(AccountSubtype(type: "credit", subtype: "credit card") == .credit(.creditCard))
        #expect(AccountSubtype(type: "crypto", subtype: "wallet") == .unknown(type: "crypto", subtype: "wallet"))
        #expect(try roundTrip(AccountSubtype.loan(.homeEquity)) == .loan(.homeEquity))
        let account = Account(id: "a", name: "Plaid IRA", mask: "5555", subtype: .investment(.ira), verificationStatus: .manuallyVerified)
        #expect(try roundTrip(account) == account)
    }

    @Test("event metadata: all 17 wire keys, null where absent, in order")
    func metadata() throws {
        var metadata = EventMetadata(timestamp: Timestamp(millis: 1_767_225_600_123), linkSessionID: "s", requestID: "r")
        metadata.errorCode = .itemError(.invalidMfa)
        metadata.errorMessage = "m"
        metadata.mfaType = .code
        metadata.viewName = .mfa
        metadata.isUpdateMode = "false"
        let record = SessionRecord.event(LinkEvent(eventName: .error, metadata: metadata))
        let line = record.jsonLine
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        let wire = object["metadata"] as! [String: Any]
        #expect(Set(wire.keys) == Set(EventMetadata.wireKeys))
        #expect(EventMetadata.wireKeys.count == 17)
        #expect(wire["timestamp"] as? String == "2026-01-01T00:00:00.123Z")
        #expect(wire["error_type"] as? String == "ITEM_ERROR")
        #expect(wire["account_number_mask"] is NSNull)
        // keys appear in the documented order
        let positions = EventMetadata.wireKeys.map { line.range(of: "\"\($0)\":")!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(try SessionRecord(jsonLine: line) == record)
        #expect(try roundTrip(metadata) == metadata)
    }

    @Test("the wire-key table: every key written, read back and named in errors")
    func wireKeyTable() throws {
        var values: [EventMetadata.WireKey: String] = [:]
        for key in EventMetadata.WireKey.allCases {
            values[key] = switch key {
            case .isUpdateMode: "true"
            case .timestamp: "2026-01-01T00:00:00.123Z"
            case .exitStatus: "requires_code"
            case .mfaType: "questions"
            case .viewName: "MFA"
            default: "v_" + key.rawValue
            }
        }
        let metadata = try EventMetadata(wire: values)
        for key in EventMetadata.WireKey.allCases {
            #expect(metadata[wire: key] == values[key], "\(key.rawValue) does not read back")
        }
        let line = SessionRecord.event(LinkEvent(eventName: .error, metadata: metadata)).jsonLine
        #expect(line.contains(#""is_update_mode":true"#) && line.contains(#""error_code":"v_error_code""#))
        #expect(try roundTrip(metadata) == metadata)
        for (key, bad) in [(EventMetadata.WireKey.isUpdateMode, "yes"), (.mfaType, "telepathy"), (.timestamp, "noon")] {
            var wrong = values
            wrong[key] = bad
            #expect(throws: WireValueError.self) { try EventMetadata(wire: wrong) }
            do {
                _ = try EventMetadata(wire: wrong)
            } catch {
                #expect(error.key == key, "the error names \(error.key.rawValue), not \(key.rawValue)")
            }
        }
    }

    @Test("the README lists the wire keys of the table, in its order")
    func readmeWireKeys() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let listed = EventMetadata.wireKeys.joined(separator: ", ")
        #expect(readme.replacingOccurrences(of: "\n", with: " ").contains("(`" + listed + "`)"),
                "README: the 17 wire keys, in order: \(listed)")
    }

    @Test("every record kind survives its JSON line")
    func recordLines() throws {
        let institution = Institution(id: "ins_1", name: "Bank \"Q\" \u{1b}[2J\u{9b}")
        let records: [SessionRecord] = [
            .load,
            .success(LinkSuccess(publicToken: "public-sandbox-x", metadata: SuccessMetadata(
                institution: institution, accounts: [Account(id: "a", name: "n", mask: nil, subtype: .other(.other))],
                linkSessionID: "s"))),
            .exit(LinkExit(error: SandboxErrorCatalog.itemLocked.error, metadata: ExitMetadata(
                status: .requiresCode, institution: institution, linkSessionID: "s", requestID: "r"))),
            .exit(LinkExit(error: nil, metadata: ExitMetadata(status: nil, institution: nil, linkSessionID: "s", requestID: nil))),
        ]
        for record in records {
            let line = record.jsonLine
            #expect(!line.contains("\n"))
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "no control character reaches a terminal")
            #expect(try SessionRecord(jsonLine: line) == record)
        }
        #expect(SessionRecord.load.jsonLine == #"{"type":"load"}"#)
        #expect(records[3].jsonLine == #"{"type":"exit","error":null,"metadata":{"institution":null,"status":null,"link_session_id":"s","request_id":null}}"#)
    }

    @Test("timestamps: ISO 8601 UTC with milliseconds, both ways", arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"), (1_767_225_600_000, "2026-01-01T00:00:00.000Z"),
        (951_782_400_999, "2000-02-29T00:00:00.999Z"), (4_102_444_799_999, "2099-12-31T23:59:59.999Z"),
    ])
    func timestamps(millis: Int64, text: String) {
        #expect(Timestamp(millis: millis).iso8601 == text)
        #expect(Timestamp(iso8601: text)?.millis == millis)
    }

    @Test("a secret cannot be printed by accident")
    func secrets() {
        let secret = Secret("hunter2-canary")
        var dumped = ""
        dump(secret, to: &dumped)
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret), dumped,
                     "\(UserAction.submitCredentials(username: "u", password: secret))",
                     "\(MFAResponse.answers([secret]))"] {
            #expect(!text.contains("hunter2"), "leaked in \(text)")
        }
        #expect(secret.matches("hunter2-canary"))
    }

    @Test("ids: seeded, well formed")
    func ids() {
        var a = IDGenerator(seed: 42)
        var b = IDGenerator(seed: 42)
        let uuid = a.uuid()
        #expect(uuid == b.uuid())
        #expect(LinkToken.isLowercaseUUID(ArraySlice(uuid.utf8)))
        #expect(Array(uuid)[14] == "4")
        let request = a.requestID()
        #expect(request.count == 15 && request.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }
}
