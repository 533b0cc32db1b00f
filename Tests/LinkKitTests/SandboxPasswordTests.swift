import Foundation
import Testing
@testable import LinkKit

@Suite("The documented sandbox passwords do what the list says")
struct SandboxPasswordTests {
    /// One concrete password for each documented entry, and the outcome it must give.
    static let examples: [String: (password: String, check: @Sendable (SandboxCredentials.Outcome) -> Bool)] = [
        "pass_good": ("pass_good", { $0 == .authenticated }),
        "microdeposits_good": ("microdeposits_good", { $0 == .automatedMicrodeposits }),
        #"{"recaptcha":"good"}"#: (#"{"recaptcha":"good"}"#, { $0 == .recaptcha(good: true) }),
        #"{"recaptcha":"bad"}"#: (#"{"recaptcha":"bad"}"#, { $0 == .recaptcha(good: false) }),
        "mfa_device": ("mfa_device", { if case .mfa(let steps) = $0 { steps.first?.type == .device } else { false } }),
        "mfa_questions_<n>_<m>": ("mfa_questions_2_3", {
            if case .mfa(let steps) = $0 { steps.count == 2 && steps.allSatisfy { $0.type == .questions } } else { false }
        }),
        "mfa_selections": ("mfa_selections", {
            if case .mfa(let steps) = $0 { steps.count == 1 && steps[0].type == .selections } else { false }
        }),
        "mfa_selections_<n>_<m>_<o>": ("mfa_selections_2_2_3", {
            if case .mfa(let steps) = $0 { steps.count == 2 && steps.allSatisfy { $0.type == .selections } } else { false }
        }),
        "error_<CODE>": ("error_INSTITUTION_DOWN", {
            if case .failed(let error) = $0 { error.error.errorCode.errorCode == "INSTITUTION_DOWN" } else { false }
        }),
        "anything else": ("hunter2", {
            if case .failed(let error) = $0 { error.error.errorCode.errorCode == "INVALID_CREDENTIALS" } else { false }
        }),
    ]

    @Test("every documented password has an example here, and the example gives the documented outcome")
    func documentedPasswords() {
        for entry in SandboxCredentials.documented {
            guard let example = Self.examples[entry.password] else {
                Issue.record("no example for the documented password \(entry.password): add one")
                continue
            }
            let outcome = SandboxCredentials.login(username: SandboxCredentials.username, password: Secret(example.password))
            #expect(example.check(outcome), "\(example.password) (\(entry.outcome)) gave \(outcome)")
        }
        #expect(Self.examples.count == SandboxCredentials.documented.count)
    }

    @Test("the README's table has a row for every documented password, in the same order")
    func readmeTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("| `") || $0.hasPrefix("| anything else") }
            .map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) } ?? "" }
        #expect(rows == SandboxCredentials.documented.map(\.password))
    }

    @Test("--help and the help overlay are written from the list")
    func helpComesFromTheList() {
        for entry in SandboxCredentials.documented where entry.password != "anything else" {
            #expect(SandboxCredentials.documentedSummary.contains("\(entry.password) (\(entry.outcome))"))
        }
    }
}
