import LinkKit

/// What ``FlavorApp`` reads of a flavor's driver (a ``FlowDriver``: Plaid's ``SessionDriver``,
/// Mesh's ``MeshDriver``) besides its clock, records and timers.
extension FlowDriver {
    /// Whether the session has ended.
    public var isFinished: Bool { engine.isFinished }
    /// When the engine next acts by itself (a request answering, a debounce), in milliseconds on
    /// the session clock.
    public var engineDeadline: Int64? { engine.nextDeadline?.millis }
}
