/// MeshTimelineMarks: a Mesh session as ``SessionTimeline`` marks. Mesh's records say nothing of
/// the views, so the panes the engine shows are marked as it shows them (the exit dialog is no
/// view), and each record as what happened in the view shown last: an error for the events that
/// report one, the outcome for the callbacks, a note for the rest. The terminal UI (F4) and
/// `replay --timeline` keep the same marks.
public struct MeshTimelineMarks: Hashable, Sendable {
    /// The marks so far, in order.
    public private(set) var marks: [SessionTimeline.Mark] = []

    /// No marks yet.
    public init() {}

    /// `engine` shows its pane at `time`: a view, unless it is the one marked last or the exit dialog.
    public mutating func saw(_ engine: MeshEngine, at time: Timestamp) {
        if case .exitConfirmation = engine.pane { return }
        guard lastView != engine.paneName else { return }
        marks.append(.view(engine.paneName, time))
        // the error that refuses an attempt comes while loading: any other view means it held
        if engine.paneName != "loading" { attempt = nil }
    }

    /// `record` happened in the view shown last (the records that only mark the way, `loaded` or
    /// `integrationMfaRequired`, add nothing: the views say it). An error after a sign-in or a
    /// code relabels it by its outcome (`sign-in failed`, `code refused`), as Plaid's timeline does.
    public mutating func record(_ record: MeshRecord) {
        guard let mark = Self.mark(for: record) else { return }
        if case .error = mark, let attempt {
            marks[attempt.index] = .note(attempt.failed)
            self.attempt = nil
        }
        marks.append(mark)
        if case .event(let type, _) = record, let failed = Self.attempts[type] {
            attempt = Attempt(index: marks.count - 1, failed: failed)
        }
    }

    /// Attempt: a sign-in or a code submitted, not yet answered: its mark and its label if it fails.
    private struct Attempt: Hashable, Sendable {
        var index: Int
        var failed: String
    }

    /// The last attempt, until a view past it (it held) or an error (it failed).
    private var attempt: Attempt?

    /// The records that submit something the next error refuses: what they become if it does.
    static let attempts = ["credentialsEntered": "sign-in failed", "integrationMfaEntered": "code refused",
                           "transferMfaEntered": "code refused"]

    /// The timeline of the marks; `now`, for a session still going on.
    public func timeline(now: Timestamp? = nil) -> SessionTimeline {
        SessionTimeline(marks: marks, now: now)
    }

    /// What `record` adds to the timeline, in the words of Plaid's (`chose Binance`, `signed in`,
    /// `✗ Invalid username or password`), or `nil` for a record the views already tell.
    static func mark(for record: MeshRecord) -> SessionTimeline.Mark? {
        switch record {
        case .event(let type, let payload):
            let text = { (key: String) -> String? in
                if case .string(let value)? = payload?[key] { UntrustedText.visible(value, limit: 60, quoting: false) } else { nil }
            }
            switch type {
            case "loaded", "integrationMfaRequired", "transferMfaRequired", "integrationAccountSelectionRequired",
                 "transferFinished", "close", "done":
                return nil
            case "integrationSelected": return .note("chose " + (text("integrationName") ?? "an integration"))
            case "credentialsEntered": return .note("signed in")
            case "integrationMfaEntered", "transferMfaEntered": return .note("answered (code)")
            case "integrationOAuthStarted": return .note("went to the integration's page")
            case "transferStarted": return .note("transfer started")
            case "transferInitiated": return .note("transfer confirmed")
            case "transferAssetSelected": return .note("chose " + (text("symbol") ?? "an asset"))
            case "transferNetworkSelected": return .note("chose " + (text("name") ?? "a network"))
            case "transferAmountEntered": return .note("entered an amount")
            case "transferPreviewed": return .note("previewed")
            case "transferExecuted": return .note("transfer executed")
            case "transferNoEligibleAssets": return .error("no eligible assets")
            case "connectionDeclined", "connectionUnavailable":
                return .error((type == "connectionDeclined" ? "declined" : "unavailable") + (text("reason").map { ": " + $0 } ?? ""))
            default:
                // an error says its message (what the person read), else its name
                let failed = ["Error", "Declined", "Unavailable", "NoEligible"].contains { type.contains($0) }
                let name = UntrustedText.visible(type, limit: 60, quoting: false)
                return failed ? .error(text("errorMessage") ?? name) : .note(name)
            }
        case .integrationConnected: return .outcome("onIntegrationConnected")
        case .transferFinished: return .outcome("onTransferFinished")
        case .exit: return .outcome("onExit")
        }
    }

    /// The view marked last, if any.
    private var lastView: String? {
        for mark in marks.reversed() { if case .view(let view, _) = mark { return view } }
        return nil
    }
}
