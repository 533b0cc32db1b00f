import Foundation
import LinkCore

/// LinkSession: one run of Link, what `LinkHandler.create()` returns (on iOS, the Link view
/// controller). A host (LinkUI's `TerminalLinkHost`) runs its flow and reports what happens
/// through the configuration's callbacks; it does nothing by itself.
public final class LinkSession {
    /// The configuration: settings and the app's callbacks.
    let configuration: LinkConfiguration
    /// The link token, decoded.
    let token: MeshLinkToken

    /// A session for `configuration`, whose token decoded to `token`.
    init(configuration: LinkConfiguration, token: MeshLinkToken) {
        self.configuration = configuration
        self.token = token
    }

    /// The Link page the session opens: the link token's URL.
    public var url: URL { token.url }

    /// Whether the session is a transfer: the token's URL contains `transfer_token`.
    public var isTransferLink: Bool { token.isTransferLink }

    /// The integrations the app handed tokens back for (`LinkSettings.accessTokens`), by BrokerType.
    public var connectedIntegrations: [String] {
        var seen: Set<String> = []
        return (configuration.settings?.accessTokens ?? []).map(\.brokerType).filter { seen.insert($0).inserted }
    }

    /// The configuration a Mesh engine for this session starts from.
    public func meshConfiguration(latencyMillis: Int64, seed: UInt64) -> MeshConfiguration {
        MeshConfiguration(isTransferLink: isTransferLink, latencyMillis: latencyMillis, seed: seed,
                          connectedIntegrations: connectedIntegrations, destination: token.destination)
    }

    /// The flow, on the Mesh sandbox: made on ``start(at:)``.
    public var engine: MeshEngine? { driver?.engine }
    /// The driver of the flow (LinkKit's one driver), on the times the app passes.
    private var driver: MeshDriver?
    private let clock = PassedClock()
    private lazy var deliverer = MeshBridge(configuration: configuration, store: store)
    /// The store connections are added to when storage is on (default: `LinkStore()`); set it
    /// before the session starts.
    public var store: LinkStore?

    /// Opens the flow at `time` (`loaded`); the records go to the app's callbacks as they happen.
    /// The ids the session makes come from `seed` (the same seed, the same session); without one,
    /// from a seed of its own, drawn at random (each session's ids are new).
    public func start(at time: Timestamp, latencyMillis: Int64 = SandboxLatency.defaultMillis, seed: UInt64? = nil) {
        guard driver == nil else { return }
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        clock.now = time
        let driver = MeshDriver(configuration: meshConfiguration(latencyMillis: latencyMillis, seed: seed), clock: clock)
        driver.keepsRecords = false
        self.driver = driver
        attach(to: driver)
        driver.start()
    }

    /// Applies a person's action at `time`; a refusal changes nothing and says why.
    public func send(_ action: MeshAction, at time: Timestamp) throws(ActionRejected) {
        guard let driver else { throw ActionRejected("the session has not started") }
        clock.now = time
        try driver.send(action, timersFirst: false)
    }

    /// Lets a request in flight answer if it is due by `time`.
    public func advance(to time: Timestamp) {
        guard let driver else { return }
        clock.now = time
        driver.tick()
    }

    /// Hands every record of `driver` (a session a terminal UI runs) to the app's callbacks, and
    /// to this session's observers, as they happen.
    public func attach(to driver: MeshDriver) {
        driver.observe { [unowned self] record in self.deliver([record]) }
    }

    /// Every record, in order, to observers first, then to the callbacks.
    private func deliver(_ records: [MeshRecord]) {
        for record in records {
            if case .exit = record { exited = true }
            for observer in observers { observer(record) }
            deliverer.deliver(record)
        }
    }

    /// Whether the session has ended (onExit delivered).
    public private(set) var exited = false

    /// Ends a session its host could not show (no terminal): the app's `onExit`, as the person
    /// leaving would, once (nothing when the session has ended already). v2's `onExit` takes no
    /// argument: the host says why (``LinkPresenting`` hosts keep the reason).
    public func exitUnshown() {
        guard !exited else { return }
        deliver([.exit])
    }

    private var observers: [(MeshRecord) -> Void] = []

    /// Calls `observer` with every record from now on (the log panel, the events file).
    public func observe(_ observer: @escaping (MeshRecord) -> Void) {
        observers.append(observer)
    }
}

/// PassedClock: the time the app passed with its last call (``LinkSession/start(at:latencyMillis:seed:)``,
/// ``LinkSession/send(_:at:)``, ``LinkSession/advance(to:)``), as it is, even earlier than before.
private final class PassedClock: SessionClock {
    var now = Timestamp(millis: 0)
}
