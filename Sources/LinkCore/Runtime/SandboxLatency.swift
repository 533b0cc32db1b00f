/// SandboxLatency: how long an embedded sandbox takes to answer, as both flavors' sessions,
/// options and scenario files bound it.
public enum SandboxLatency {
    /// The latency a session has unless told otherwise, in milliseconds.
    public static let defaultMillis: Int64 = 600
    /// The longest latency a session accepts (an hour), in milliseconds.
    public static let maximumMillis: Int64 = 3_600_000
    /// The latencies a session accepts.
    public static let range: ClosedRange<Int64> = 0...maximumMillis
}
