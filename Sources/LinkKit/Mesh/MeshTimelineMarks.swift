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
        if lastView != engine.paneName { marks.append(.view(engine.paneName, time)) }
    }

    /// `record` happened in the view shown last.
    public mutating func record(_ record: MeshRecord) {
        marks.append(Self.mark(for: record))
    }

    /// The timeline of the marks; `now`, for a session still going on.
    public func timeline(now: Timestamp? = nil) -> SessionTimeline {
        SessionTimeline(marks: marks, now: now)
    }

    /// What `record` adds to the timeline.
    static func mark(for record: MeshRecord) -> SessionTimeline.Mark {
        switch record {
        case .event(let type, _):
            let failed = ["Error", "Declined", "Unavailable", "NoEligible"].contains { type.contains($0) }
            return failed ? .error(type) : .note(type)
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
