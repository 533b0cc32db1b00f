/// MeshDriver: Mesh's ``FlowDriver``: runs a ``MeshEngine`` on a clock and hands every record to
/// its observers (the LinkSDK callbacks, the log panel, the events file).
public typealias MeshDriver = FlowDriver<MeshEngine>

extension FlowDriver where Engine == MeshEngine {
    /// A driver for a Mesh session not yet started.
    public convenience init(configuration: MeshConfiguration, clock: any SessionClock) {
        self.init(engine: MeshEngine(configuration: configuration), clock: clock)
    }
}
