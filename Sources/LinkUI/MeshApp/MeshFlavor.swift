import LinkKit
import LinkSDK

/// MeshApp: the terminal UI of a Mesh Connect session.
public typealias MeshApp = FlavorApp<MeshFlavor>

/// MeshFlavor: Mesh Connect in the terminal app: a ``MeshDriver`` over Mesh's engine, its pane
/// views, its header, its help (the Mesh sandbox's values), its timeline (the views marked as the
/// engine shows them, ``MeshTimelineMarks``).
public final class MeshFlavor: AppFlavor {
    /// The Mesh engine's action.
    public typealias Action = MeshAction
    /// The Mesh engine (its records are what the log panel shows).
    public typealias Engine = MeshEngine
    /// Plays a Mesh scenario.
    public typealias Pilot = MeshAutopilot
    public typealias Command = MeshScenarioCommand

    /// The session.
    public let driver: MeshDriver
    /// The styles drawn with.
    public let styles: ThemeStyles
    /// The pane views.
    var panes: [any PaneView<MeshPaneContext>] = [
        MeshCatalogPane(), MeshCredentialsPane(), MeshOAuthPane(), MeshCodePane(), MeshAccountsPane(), MeshConnectedPane(),
        MeshAssetPane(), MeshNetworkPane(), MeshAmountPane(), MeshPreviewPane(), MeshTransferResultPane(), MeshLoadingPane(),
        MeshExitPane(), MeshDonePane(),
    ]
    var lastPane: MeshPane?
    var lastError: String?
    /// The session so far for its timeline (F4).
    var marks = MeshTimelineMarks()

    /// Mesh Connect over `driver`.
    public init(driver: MeshDriver, styles: ThemeStyles) {
        self.driver = driver
        self.styles = styles
    }

    public var succeeded: Bool { false }
    public var exitKeysApply: Bool {
        switch driver.engine.pane {
        case .exitConfirmation, .loading: false
        default: true
        }
    }

    public func start() {
        driver.observe { [unowned self] record in self.marks.record(record) }
        marks.saw(driver.engine, at: driver.clock.now)  // `loaded` happens on the first view
        driver.start()
    }

    public func append(_ record: MeshRecord, to log: inout LogPanel) { log.append(record, at: driver.clock.now) }

    /// Mesh's driver lets every due request answer before an action.
    public func send(_ action: MeshAction, timersFirst: Bool) throws(ActionRejected) { try driver.send(action) }

    func context(for pane: MeshPane? = nil) -> MeshPaneContext {
        MeshPaneContext(pane: pane ?? driver.engine.pane, engine: driver.engine, styles: styles, now: driver.clock.now.millis,
                        records: driver.records)
    }

    /// The view of type `View` (its state, for the autopilot and tests).
    func pane<View: PaneView<MeshPaneContext>>(_ type: View.Type) -> View? {
        panes.lazy.compactMap { $0 as? View }.first
    }

    /// The type of the view that shows `pane`: one exhaustive `switch`, so that an engine pane
    /// without a view does not compile.
    static func viewType(for pane: MeshPane) -> any PaneView<MeshPaneContext>.Type {
        switch pane {
        case .catalog: MeshCatalogPane.self
        case .credentials: MeshCredentialsPane.self
        case .oauth: MeshOAuthPane.self
        case .loading: MeshLoadingPane.self
        case .mfa, .transferMFA: MeshCodePane.self
        case .accounts: MeshAccountsPane.self
        case .connected: MeshConnectedPane.self
        case .asset: MeshAssetPane.self
        case .network: MeshNetworkPane.self
        case .amount: MeshAmountPane.self
        case .preview: MeshPreviewPane.self
        case .transferSuccess, .transferError: MeshTransferResultPane.self
        case .exitConfirmation: MeshExitPane.self
        case .finished: MeshDonePane.self
        }
    }

    /// The index in ``panes`` of the view that shows `pane`.
    func index(of pane: MeshPane) -> Int { viewIndex(panes, of: Self.viewType(for: pane)) }

    /// Marks the view on the timeline; tells the pane view when the engine moved to it (or said
    /// something new there: a wrong password).
    public func sync() {
        let pane = driver.engine.pane
        let error = driver.engine.inlineError
        marks.saw(driver.engine, at: driver.clock.now)
        defer {
            lastPane = pane
            lastError = error
        }
        guard pane != lastPane || error != lastError else { return }
        if case .exitConfirmation(let under)? = lastPane, under == pane { return }  // back from the dialog: what was typed stays
        if case .loading = pane { return }
        let entered = context(for: pane)
        panes[index(of: pane)].enter(entered, returning: false)
    }

    public var paneKeyMap: KeyMapOf<MeshAction> { panes[index(of: driver.engine.pane)].keyMap(context()) }
    public var paneTakesText: Bool { panes[index(of: driver.engine.pane)].takesText(context()) }

    public func paneKeys(for command: MeshScenarioCommand) throws(ActionRejected) -> [Key]? {
        try panes[index(of: driver.engine.pane)].keys(for: command, context: context())
    }

    public var paneName: String { driver.engine.paneName }

    public func handlePaneKey(_ key: Key) -> MeshAction? {
        let pane = driver.engine.pane
        let paneContext = context(for: pane)
        if case .send(let action) = panes[index(of: pane)].handle(key, context: paneContext) { return action }
        return nil
    }

    public func drawHeader(into buffer: inout CellBuffer, area: Rect) {
        let used = buffer.text(" linkterm ", y: area.y, x: area.x, area: area, style: styles.selected)
        buffer.text(" Mesh Connect · sandbox" + (driver.engine.configuration.isTransferLink ? " · transfer" : ""),
                    y: area.y, x: area.x + used, area: area, style: styles.muted)
    }

    public func drawCard(into buffer: inout CellBuffer, layout: Layout, focused: Bool, live: Bool) -> CellPosition? {
        let pane = driver.engine.pane
        // the exit dialog keeps the card of the pane it is over (its title), as Plaid's does
        var titled = pane
        if case .exitConfirmation(let under) = pane { titled = under }
        let content = buffer.linkCard(layout, title: panes[index(of: titled)].title(context(for: titled)) ?? "", badge: nil,
                                      focused: focused, gradient: true, styles: styles)
        if case .exitConfirmation(let under) = pane {
            _ = draw(under, into: &buffer, area: content, live: live)
        }
        return draw(pane, into: &buffer, area: content, live: live)
    }

    /// Draws the view of `pane`; `live`: the view keeps what drawing changed (its scrolling),
    /// else a copy of it draws.
    private func draw(_ pane: MeshPane, into buffer: inout CellBuffer, area: Rect, live: Bool) -> CellPosition? {
        let index = index(of: pane)
        guard live else {
            var copy = panes[index]
            return copy.draw(into: &buffer, area: area, context: context(for: pane))
        }
        return panes[index].draw(into: &buffer, area: area, context: context(for: pane))
    }

    public var redrawsAt: Int64? { nil }
    /// LOADING's spinner moves on every wake.
    public var redrawsEveryTick: Bool { if case .loading = driver.engine.pane { true } else { false } }

    public var helpRows: [HelpOverlay.Row] { Self.helpRows }

    /// The Mesh sandbox's values (``MeshSandbox/documented``; the overlay wraps each meaning to
    /// its column), then the keys every pane shares.
    static let helpRows: [HelpOverlay.Row] = {
        var rows: [HelpOverlay.Row] = [.heading("Mesh sandbox")]
        for entry in MeshSandbox.documented {
            rows.append(.entry(entry.input.replacingOccurrences(of: "`", with: ""),
                               entry.outcome.replacingOccurrences(of: "`", with: "")))
        }
        return rows + HelpOverlay.keyRows
    }()

    public var timeline: SessionTimeline { marks.timeline(now: driver.clock.now) }
}

extension FlavorApp where Flavor == MeshFlavor {
    /// The UI over `driver` (not yet started). `colorCount` is the terminal's
    /// (`TerminalScreen.colorCount`).
    public convenience init(driver: MeshDriver, theme: Theme, logPlacement: LogPlacement = .auto, colorCount: Int = 256) {
        self.init(
            flavor: MeshFlavor(driver: driver, styles: ThemeStyles(theme: theme, colorCount: colorCount)),
            logPlacement: logPlacement)
    }

    /// The session.
    public var driver: MeshDriver { flavor.driver }

    /// The view of type `View` (its state, for the autopilot and tests).
    func pane<View: PaneView<MeshPaneContext>>(_ type: View.Type) -> View? { flavor.pane(type) }
}
