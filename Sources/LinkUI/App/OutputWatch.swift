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
/// loop asks ``poll()`` after every wake and passes the first alarm found to the app
/// (``AppMessage/outputFailed(_:)``), which shows it as an error banner over the autopilot's and,
/// when it says so, ends the session (onExit).
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

    /// Watches the command line's two outputs, the events file (`--events`) and the recording
    /// (`--record`), and makes each wake the loop when it fails.
    public static func watching(events sink: JSONLinesSink?, recording recorder: CastRecorder?) -> OutputWatch {
        sink?.onFailure = TerminalScreen.wakeLoop
        recorder?.onFailure = TerminalScreen.wakeLoop
        return OutputWatch([
            { [sink] in sink?.failure.map { OutputAlarm(option: "--events", failure: $0) } },
            { [recorder] in recorder?.failure?.outputFailure.map { OutputAlarm(option: "--record", failure: $0) } },
        ])
    }

    /// The first alarm, the first time it is found; `nil` before and after.
    public func poll() -> OutputAlarm? {
        guard alarm == nil, let found = sources.lazy.compactMap({ $0() }).first else { return nil }
        alarm = found
        return found
    }
}
