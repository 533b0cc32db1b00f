// SecretTests.swift: SecretBuffer, Secret and the sandbox's byte-by-byte checks.

import Testing
@testable import LinkKit

private func bytes(_ buffer: SecretBuffer) -> [UInt8] {
    buffer.withUnsafeBytes { Array($0) }
}

private func bytes(_ secret: Secret) -> [UInt8] {
    secret.withUnsafeBytes { Array($0) }
}

@Suite("Secrets: zeroing buffers, byte checks, wiped once submitted")
struct SecretTests {
    @Test("a buffer inserts, removes and grows without losing or reordering a byte")
    func bufferEdits() {
        let buffer = SecretBuffer()
        #expect(buffer.isEmpty)
        for byte in UInt8(0x41)...0x5A { buffer.append(byte) }
        #expect(bytes(buffer) == Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        "123".utf8.withContiguousStorageIfAvailable { buffer.insert(contentsOf: UnsafeRawBufferPointer($0), at: 3) }
        buffer.insert(0x2D, at: 0)
        #expect(bytes(buffer) == Array("-ABC123DEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        buffer.removeSubrange(1..<4)
        #expect(bytes(buffer) == Array("-123DEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        // growth: many blocks later, every byte is still there in order
        for index in 0..<5_000 { buffer.append(UInt8(index % 251)) }
        #expect(buffer.count == 27 + 5_000)
        #expect(bytes(buffer).suffix(5_000) == ArraySlice((0..<5_000).map { UInt8($0 % 251) }))
        buffer.removeAll()
        #expect(buffer.isEmpty && bytes(buffer).isEmpty)
        buffer.append(0x7A)
        #expect(bytes(buffer) == [0x7A])
    }

    @Test("a copy of a buffer is its own")
    func bufferCopy() {
        let buffer = SecretBuffer(copying: "hunter2".utf8)
        let copy = buffer.copy()
        buffer.removeAll()
        #expect(bytes(copy) == Array("hunter2".utf8))
        #expect(buffer.isEmpty)
    }

    @Test("a buffer walks its text character by character, clusters whole")
    func bufferCharacters() {
        let text = "ab e\u{301}🇫🇷👩‍👩‍👧x"
        var walked: [Character] = []
        SecretBuffer(copying: text.utf8).forEachCharacter { walked.append($0); return true }
        #expect(walked == Array(text))
        var firstTwo: [Character] = []
        SecretBuffer(copying: text.utf8).forEachCharacter { firstTwo.append($0); return firstTwo.count < 2 }
        #expect(firstTwo == ["a", "b"])
    }

    @Test("wiping a secret empties every copy of it; copy() makes an independent one")
    func wipe() {
        let secret = Secret("canary-wipe")
        let shared = secret
        let own = secret.copy()
        let action = UserAction.submitCredentials(username: "u", password: secret)
        secret.wipe()
        #expect(secret.isEmpty && shared.isEmpty)
        #expect(bytes(shared).isEmpty)
        guard case .submitCredentials(_, let inAction) = action else { return }
        #expect(inAction.isEmpty)
        #expect(own.matches("canary-wipe"))
    }

    @Test("secrets compare by bytes and hash their length only")
    func equality() {
        #expect(Secret("abc") == Secret("abc"))
        #expect(Secret("abc") != Secret("abd"))
        #expect(Secret("abc") != Secret("abcd"))
        var a = Hasher()
        a.combine(Secret("abc"))
        var b = Hasher()
        b.combine(Secret("xyz"))
        #expect(a.finalize() == b.finalize(), "the hash depends on the bytes")
        let secret = Secret("same")
        #expect(secret == secret)
    }

    @Test("matches and integerValue read the bytes exactly", arguments: [
        ("1234", 1234 as Int?), ("0", 0), ("007", 7), ("+2", 2), ("-1", -1), ("", nil), ("-", nil), ("1 ", nil),
        (" 1", nil), ("1x", nil), ("١", nil), ("123456789012345678", 123_456_789_012_345_678), ("1234567890123456789", nil),
    ])
    func integers(text: String, value: Int?) {
        #expect(Secret(text).integerValue() == value)
    }

    @Test("matches: the exact bytes, nothing more or less")
    func matches() {
        let secret = Secret("pass_good")
        #expect(secret.matches("pass_good"))
        #expect(!secret.matches("pass_goo"))
        #expect(!secret.matches("pass_good "))
        #expect(!Secret("e\u{301}").matches("\u{e9}"), "canonically equivalent is not the same bytes")
        let label: String = "Yes"
        #expect(Secret("Yes").matches(label))
    }

    @Test("the sandbox reads passwords byte by byte", arguments: [
        ("pass_good", "authenticated"), ("mfa_device", "mfa 2"), ("mfa_selections", "mfa 1"),
        ("mfa_questions_1_2", "mfa 1"), ("mfa_questions_3_1", "mfa 3"), ("mfa_selections_2_2_3", "mfa 2"),
        ("error_INSTITUTION_DOWN", "INSTITUTION_DOWN"), ("error_ITEM_LOCKED", "ITEM_LOCKED"),
        ("error_", "INVALID_CREDENTIALS"), ("error_INSTITUTION_DOWNX", "INVALID_CREDENTIALS"),
        ("error_institution_down", "INVALID_CREDENTIALS"), ("xerror_ITEM_LOCKED", "INVALID_CREDENTIALS"),
        ("mfa_questions_1_2_", "INVALID_CREDENTIALS"), ("mfa_questions_12_2", "INVALID_CREDENTIALS"),
        ("mfa_questions_0_2", "INVALID_CREDENTIALS"), ("mfa_questions_1", "INVALID_CREDENTIALS"),
        ("mfa_questions_1_2_3", "INVALID_CREDENTIALS"), ("mfa_selections_1_1_1", "INVALID_CREDENTIALS"),
        ("mfa_questions__1_2", "INVALID_CREDENTIALS"), ("pass_good\u{0}", "INVALID_CREDENTIALS"),
        ("PASS_GOOD", "INVALID_CREDENTIALS"), ("", "INVALID_CREDENTIALS"),
        ("microdeposits_good", "automated micro-deposits"), ("microdeposits_good ", "INVALID_CREDENTIALS"),
        (#"{"recaptcha":"good"}"#, "recaptcha good"), (#"{"recaptcha":"bad"}"#, "recaptcha bad"),
        (#"{"recaptcha": "good"}"#, "INVALID_CREDENTIALS"),
    ])
    func passwords(password: String, outcome: String) {
        let described = switch SandboxCredentials.login(username: "user_good", password: Secret(password)) {
        case .authenticated: "authenticated"
        case .automatedMicrodeposits: "automated micro-deposits"
        case .recaptcha(let good): good ? "recaptcha good" : "recaptcha bad"
        case .mfa(let plan): "mfa \(plan.count)"
        case .failed(let failure): failure.error.errorCode.errorCode
        }
        #expect(described == outcome)
    }

    @Test("MFA answers are checked byte by byte")
    func answers() throws {
        guard case .mfa(let plan) = SandboxCredentials.login(username: "user_good", password: Secret("mfa_questions_2_2")),
              case .mfa(let device) = SandboxCredentials.login(username: "user_good", password: Secret("mfa_device"))
        else { Issue.record("no MFA plan"); return }
        let second = plan[1]
        #expect(second.isCorrect(.answers([Secret("answer_1_0"), Secret("answer_1_1")])))
        for wrong in ["answer_0_1", "answer_01_1", "answer_1_1 ", "answer_1_", "answer_11", "Answer_1_1", "answer_1_1_0"] {
            #expect(!second.isCorrect(.answers([Secret("answer_1_0"), Secret(wrong)])), "\(wrong) was taken")
        }
        let code = device[1]
        #expect(code.isCorrect(.code(Secret("1234"))))
        for wrong in ["12345", "1234 ", "0123", "١٢٣٤", ""] {
            #expect(!code.isCorrect(.code(Secret(wrong))), "\(wrong) was taken")
        }
    }

    @Test("the engine wipes every secret it is sent, taken or refused")
    func engineWipes() throws {
        var engine = LinkEngine(configuration: SessionConfiguration(latencyMillis: 0))
        let t0 = Timestamp(millis: 0)
        _ = engine.start(at: t0)
        let early = Secret("canary-early")
        #expect(throws: ActionRejected.self) { _ = try engine.send(.submitCredentials(username: "user_good", password: early), at: t0) }
        #expect(early.isEmpty, "a refused submission was not wiped")
        _ = try engine.send(.primary, at: t0)
        _ = try engine.send(.selectInstitution(id: "ins_109508"), at: t0)
        let password = Secret("mfa_questions_1_2")
        _ = try engine.send(.submitCredentials(username: "user_good", password: password), at: t0)
        #expect(password.isEmpty)
        _ = engine.advance(to: t0.adding(millis: 1))
        #expect(engine.pane == .mfa)
        let answers = [Secret("canary-a"), Secret("canary-b")]
        _ = try engine.send(.submitMFA(.answers(answers)), at: t0.adding(millis: 1))
        #expect(answers.allSatisfy { $0.isEmpty })
        _ = engine.advance(to: t0.adding(millis: 2))
        #expect(engine.inlineError?.errorCode.errorCode == "INVALID_MFA", "the wiped answers were checked before the wipe")
    }
}
