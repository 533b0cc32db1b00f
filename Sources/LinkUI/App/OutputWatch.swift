import LinkKit

/// OutputAlarm: an output of the session (the events file, the recording) that failed.
public struct OutputAlarm: Hashable, Sendable {
    /// For the banner and standard error, e.g. `--events: writing failed: No space left on device`.
    public var message: String
    /// Whether the session must end now (a reader that stopped reading) rather than go on
    /// without the output (a write error: the file keeps its complete lines).
    public var endsSession: Bool

    /// An alarm.
    public init(message: String, endsSession: Bool) {
        self.message = message
        self.endsSession = endsSession
    }

    /// The alarm for an output named `option` that failed with `failure`.
    public init(option: String, failure: OutputFailure) {
        switch failure {
        case .stalled:
            self.init(message: "\(option): \(failure) · session ended", endsSession: true)
        case .system:
            self.init(message: "\(option): \(failure) · the file stops here", endsSession: false)
        }
    }
}

/// OutputWatch: the hook through which the UI loop learns, at once, that an output failed. The
/// loop asks ``check(_:)`` after every wake; the first alarm found is shown as an error banner
/// (over the autopilot's) and, when it says so, the loop ends the session (onExit).
///
/// The outputs call their `onFailure` from whichever thread found the failure; set it to
/// ``TerminalScreen/wakeLoop`` so that the loop, asleep until input, wakes to look.
public final class OutputWatch {
    private let sources: [() -> OutputAlarm?]
    /// The first alarm raised, if any.
    public private(set) var alarm: OutputAlarm?

    /// Watches `sources`, each returning its output's alarm when it has failed.
    public init(_ sources: [() -> OutputAlarm?]) {
        self.sources = sources
    }

    /// Looks for a failure; shows the alarm in `app`'s banner. Returns whether the banner changed.
    public func check(_ app: LinkApp) -> Bool {
        if alarm == nil {
            alarm = sources.lazy.compactMap { $0() }.first
        }
        guard let alarm, app.banner != alarm.message || !app.bannerIsError else { return false }
        app.banner = alarm.message
        app.bannerIsError = true
        return true
    }

    /// Whether an alarm asks for the session to end now.
    public var endsSession: Bool { alarm?.endsSession ?? false }
}
