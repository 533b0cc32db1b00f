import Foundation
import Testing
@testable import LinkKit

/// The scenario library covers every event and view of the reference a terminal can show: each
/// has an `expect` line in some scenario (and the equivalence tests check every expect line is
/// met, through replay and the UI). What is left out is listed here, with why, in the README.
@Suite("The scenario library covers the documented events and views")
struct LibraryCoverageTests {
    /// Events with no scenario: names no seed or reference describes (only listed as enum cases).
    static let eventsLeftOut: Set<String> = [
        "PROFILE_ELIGIBILITY_CHECK_READY", "PROFILE_ELIGIBILITY_CHECK_ERROR", "PLAID_CHECK_PANE",
        "REMEMBER_ME_ENABLED", "REMEMBER_ME_DISABLED", "REMEMBER_ME_HOLDOUT", "SELECT_REMEMBER_ME_DUPLICATE_INSTITUTION",
        "SELECT_ACCOUNT", "SELECT_DENYLISTED_INSTITUTION", "SELECT_FALLBACK_ROUTING_INSTITUTION",
        "SUBMIT_EMAIL", "SKIP_SUBMIT_EMAIL",
    ]
    /// Views with no scenario, for the same reason.
    static let viewsLeftOut: Set<String> = [
        "CRA_CONSENT", "DATA_TRANSPARENCY_MESSAGING_MODAL", "SUBMIT_EMAIL", "VERIFY_EMAIL",
        "TRANSFER_STATUS_CHECK",
    ]

    /// Every `expect NAME` and `view_name=` of the Plaid scenarios.
    static func expected() throws -> (events: Set<String>, views: Set<String>) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        var events = Set<String>(), views = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where file.hasSuffix(".txt") && !file.hasPrefix("mesh_") {
            let scenario = try Scenario(text: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), file: file)
            for expectation in scenario.openingExpectations + scenario.steps.flatMap(\.expectations) {
                guard case .event(let name) = expectation.kind else { continue }
                events.insert(name.description)
                for (key, value) in expectation.constraints where key == "view_name" { views.insert(value) }
            }
        }
        return (events, views)
    }

    @Test("every event name but those left out has an expect line; none left out is covered")
    func events() throws {
        let all = Set(EventName.allCases.map(\.description))
        let covered = try Self.expected().events
        #expect(all.subtracting(Self.eventsLeftOut).subtracting(covered).sorted() == [])
        #expect(covered.intersection(Self.eventsLeftOut).sorted() == [], "covered now: take it off the list")
        #expect(all.count == 66 && covered.intersection(all).count == 54)
    }

    @Test("every view name but those left out has an expect line")
    func views() throws {
        let all = Set(ViewName.allCases.map(\.description))
        let covered = try Self.expected().views
        #expect(all.subtracting(Self.viewsLeftOut).subtracting(covered).sorted() == [])
        #expect(covered.intersection(Self.viewsLeftOut).sorted() == [])
        #expect(all.count == 46 && covered.intersection(all).count == 41)
    }
}
