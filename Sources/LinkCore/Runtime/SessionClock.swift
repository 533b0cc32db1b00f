import Foundation

/// SessionClock: where a driver reads the time.
public protocol SessionClock: AnyObject {
    /// The current time.
    var now: Timestamp { get }
}

/// SystemClock: the wall clock, for interactive sessions.
public final class SystemClock: SessionClock {
    /// Creates a wall clock.
    public init() {}

    /// The wall-clock time, to the millisecond.
    public var now: Timestamp { Timestamp(Date()) }
}

/// ManualClock: a clock that moves only when told, for tests, replay and benchmarks.
public final class ManualClock: SessionClock {
    /// The current time (not checked for overlapping accesses at run time: a driver reads it at
    /// every step; the clock belongs to the one thread that owns its driver).
    @exclusivity(unchecked) public private(set) var now: Timestamp

    /// The instant replays start at unless told otherwise: 2026-01-01T00:00:00.000Z.
    public static let defaultStart = Timestamp(millis: 1_767_225_600_000)

    /// Creates a clock at `start`.
    public init(start: Timestamp = ManualClock.defaultStart) { now = start }

    /// Moves the clock forward by `millis` (never back).
    public func advance(by millis: Int64) { now = now.adding(millis: max(0, millis)) }

    /// Moves the clock to `time` if that is later.
    public func advance(to time: Timestamp) { if time > now { now = time } }
}
