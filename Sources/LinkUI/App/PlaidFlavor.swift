import LinkKit

/// LinkApp: the terminal UI of a Plaid Link session.
public typealias LinkApp = FlavorApp<PlaidFlavor>

/// PlaidFlavor: Plaid Link in the terminal app: a ``SessionDriver`` over Plaid's engine, its pane
/// views (``PlaidPaneRegistry``), its header, its help (the sandbox's credentials and institutions).
public final class PlaidFlavor: AppFlavor {
    /// The Plaid engine's action.
    public typealias Action = UserAction
    /// The Plaid engine (its records are what the log panel shows).
    public typealias Engine = LinkEngine
    /// Plays a Plaid scenario.
    public typealias Pilot = Autopilot
    public typealias Command = ScenarioCommand

    /// The session.
    public let driver: SessionDriver
    /// The styles drawn with.
    public let styles: ThemeStyles
    /// The search index of the session's directory.
    public let search: InstitutionSearch
    /// Which SDK's callbacks the log panel shows.
    public var sdk: SDKGeneration = .current
    /// The pane views.
    var panes = PlaidPaneRegistry()
    var lastPane: Pane?
    var lastChallenge: MFAChallenge?

    /// Plaid Link over `driver`; `search` is the index of the driver's directory when it was built
    /// already (elsewhere, while the first frame showed).
    public init(driver: SessionDriver, styles: ThemeStyles, search: InstitutionSearch? = nil) {
        self.driver = driver
        self.styles = styles
        self.search = search ?? InstitutionSearch(directory: driver.engine.configuration.directory)
    }

    public var succeeded: Bool { if case .success? = driver.outcome { true } else { false } }
    public var exitKeysApply: Bool { if case .exitConfirmation = driver.engine.pane { false } else { true } }

    public func append(_ record: SessionRecord, to log: inout LogPanel) {
        switch sdk {
        case .current: log.append(record, at: driver.clock.now)
        case .v1: log.appendV1(record, at: driver.clock.now)
        }
    }

    public func send(_ action: UserAction, timersFirst: Bool) throws(ActionRejected) {
        try driver.send(action, timersFirst: timersFirst)
    }

    /// What the pane views read about `pane` (by default the engine's).
    func context(for pane: Pane? = nil) -> PlaidPaneContext {
        PlaidPaneContext(pane: pane ?? driver.engine.pane, engine: driver.engine, styles: styles, search: search,
                    now: driver.clock.now.millis, outcome: driver.outcome, presentation: driver.presentationOptions)
    }

    /// Tells the pane view when the engine moved to another pane (or a new MFA challenge).
    public func sync() {
        let pane = driver.engine.pane
        let challenge = driver.engine.currentChallenge
        defer {
            lastPane = pane
            lastChallenge = challenge
        }
        guard pane != lastPane || challenge != lastChallenge else { return }
        // back from a dialog drawn over this pane: what was typed there stays
        let returning = lastPane.map { panes.view(for: $0).underlay(context(for: $0)) == pane } ?? false
        let entered = context(for: pane)
        panes.withView(for: pane) { $0.enter(entered, returning: returning) }
    }

    public var paneKeyMap: KeyMapOf<UserAction> { panes.view(for: driver.engine.pane).keyMap(context()) }
    public var paneTakesText: Bool { panes.view(for: driver.engine.pane).takesText(context()) }

    public func paneKeys(for command: ScenarioCommand) throws(ActionRejected) -> [Key]? {
        let pane = driver.engine.pane
        return try panes.view(for: pane).keys(for: command, context: context(for: pane))
    }

    public var paneName: String { driver.engine.pane.viewName?.description ?? "finished" }

    public func handlePaneKey(_ key: Key) -> UserAction? {
        let pane = driver.engine.pane
        let paneContext = context(for: pane)
        switch panes.withView(for: pane, { $0.handle(key, context: paneContext) }) {
        case .send(let action): return action
        case .handled, .ignored: return nil
        }
    }

    /// The title of `pane`'s box (a dialog keeps the title of the pane underneath).
    func title(of pane: Pane) -> String {
        let view = panes.view(for: pane)
        let paneContext = context(for: pane)
        if let title = view.title(paneContext) { return title }
        return view.underlay(paneContext).map(title(of:)) ?? ""
    }

    public func drawCard(into buffer: inout CellBuffer, layout: Layout, focused: Bool, live: Bool) -> CellPosition? {
        let pane = driver.engine.pane
        let content = buffer.linkCard(layout, title: title(of: pane), badge: driver.engine.institution.map(InstitutionBadge.init),
                                      focused: focused, gradient: driver.presentationOptions.showGradientBackground,
                                      styles: styles)
        return drawPane(into: &buffer, area: content, pane: pane, live: live)
    }

    /// Draws `pane`: first the pane underneath when it is a dialog over one. `live`: the view
    /// keeps what drawing changed (its scrolling); else a copy of it draws.
    func drawPane(into buffer: inout CellBuffer, area: Rect, pane: Pane, live: Bool) -> CellPosition? {
        let paneContext = context(for: pane)
        if let underneath = panes.view(for: pane).underlay(paneContext) {
            _ = drawPane(into: &buffer, area: area, pane: underneath, live: live)
        }
        guard live else {
            var copy = panes.view(for: pane)
            return copy.draw(into: &buffer, area: area, context: paneContext)
        }
        return panes.withView(for: pane) { $0.draw(into: &buffer, area: area, context: paneContext) }
    }

    public var redrawsAt: Int64? { panes.view(for: driver.engine.pane).redrawsAt(context()) }
    public var idleWorkAt: Int64? { panes.view(for: driver.engine.pane).idleWorkAt(context()) }
    public func doIdleWork() {
        let paneContext = context()
        panes.withView(for: paneContext.pane) { $0.idleWork(paneContext) }
    }
    public var redrawsEveryTick: Bool { false }

    public func drawHeader(into buffer: inout CellBuffer, area: Rect) {
        let used = buffer.text(" linkterm ", y: area.y, x: area.x, area: area, style: styles.selected)
        buffer.text(" Plaid Link · sandbox", y: area.y, x: area.x + used, area: area, style: styles.muted)
        // no view: finished, or a Layer session the app has not opened yet
        var view = driver.engine.currentView?.description ?? (driver.engine.isFinished ? "DONE" : "not open yet")
        if driver.engine.isUpdateMode { view = "update mode · " + view }
        // the view name always whole at the right; the institution's name gets what is left, cut with "…"
        let room = max(0, area.width - used - 24 - displayWidth(of: view) - 1)
        var right = view + " "
        if let institution = driver.engine.institution, room > 4 {
            right = truncate(sanitizeForTerminal(institution.name), toWidth: room - 3, ellipsis: "…") + " · " + right
        }
        right = truncate(right, toWidth: max(0, area.width - used - 1), ellipsis: "…")
        buffer.text(right, y: area.y, x: area.maxX - displayWidth(of: right), area: area, style: styles.muted)
    }

    public var helpRows: [HelpOverlay.Row] { HelpOverlay.plaidRows }
    public var timeline: SessionTimeline { SessionTimeline(records: driver.records, now: driver.clock.now) }
}

extension FlavorApp where Flavor == PlaidFlavor {
    /// Creates the UI over `driver` (not yet started). `search` is the index of the driver's
    /// directory when it was built already (elsewhere, while the first frame showed).
    /// `colorCount` is the terminal's (`TerminalScreen.colorCount`).
    public convenience init(
        driver: SessionDriver, theme: Theme, logPlacement: LogPlacement = .auto, search: InstitutionSearch? = nil,
        colorCount: Int = 256
    ) {
        self.init(
            flavor: PlaidFlavor(driver: driver, styles: ThemeStyles(theme: theme, colorCount: colorCount), search: search),
            logPlacement: logPlacement)
    }

    /// The session.
    public var driver: SessionDriver { flavor.driver }
    /// The search index of the session's directory.
    public var search: InstitutionSearch { flavor.search }
    /// Which SDK's callbacks the log panel shows (set before ``start()``).
    public var sdk: SDKGeneration {
        get { flavor.sdk }
        set { flavor.sdk = newValue }
    }
    /// The pane views.
    var panes: PlaidPaneRegistry { flavor.panes }
    /// What the pane views read about `pane` (by default the engine's).
    func context(for pane: Pane? = nil) -> PlaidPaneContext { flavor.context(for: pane) }
}
