import LinkKit

/// LinkApp: the terminal UI's state over one session: the panes' own state, the log panel, the
/// overlays, the autopilot. Everything that happens reaches it as an ``AppMessage`` through
/// ``update(_:)``, which says what the terminal's owner must do (``AppEffects``); it draws the
/// whole screen into a cell buffer with ``render(rows:cols:)``.
///
/// It owns no terminal: ``TerminalRunner`` turns keys, signals and time into messages and
/// presents what it draws, and tests send the same messages and read the buffer.
public final class LinkApp {
    /// The session.
    public let driver: SessionDriver
    /// The styles drawn with.
    public let styles: ThemeStyles
    /// The search index of the session's directory.
    public let search: InstitutionSearch
    /// Where the log panel goes.
    public let logPlacement: LogPlacement
    /// Plays a scenario through the UI (`--script`); set before ``start()``.
    public var autopilot: Autopilot?
    /// With an autopilot: leave as soon as the play ends instead of waiting for a key.
    public var exitAtEnd = false
    /// Which SDK's callbacks the log panel shows (set before ``start()``).
    public var sdk: SDKGeneration = .current
    /// Whether the last frame was the "terminal too small" note: keys do nothing behind it
    /// (the panes are not shown), except Ctrl-C.
    public internal(set) var isTooSmall = false
    /// A one-line message for the footer (a refused action), cleared by the next key.
    public internal(set) var status: String?
    /// A record's JSON the inspector's `y` asked to copy, until the runner takes it.
    var clipboard: String?

    /// The log panel.
    var log = LogPanel()
    /// Whether the log panel is shown (F2).
    var logVisible: Bool
    /// Whether the help overlay is shown (F1).
    var helpVisible = false {
        didSet { helpOffset = 0 }
    }
    /// The first row of the help shown (↑/↓ scroll it).
    var helpOffset = 0
    /// Whether the session's timeline is shown (F4).
    var timelineVisible = false
    /// The pane views.
    var panes = PaneRegistry()
    var lastPane: Pane?
    var lastChallenge: MFAChallenge?
    var lastLayout: Layout?
    /// When the pane shown next animates by itself (the spinner), on the session clock.
    var nextAnimationAt: Int64?
    /// The autopilot's banner as last shown.
    var autopilotBanner: Banner?
    /// The first output failure, shown over everything.
    var alarm: OutputAlarm?
    /// Records arrived since the last update (the screen changed).
    var recordsArrived = false
    /// A person pressed Ctrl-C (not the autopilot).
    var quitByKey = false
    /// A signal or the terminal's hang-up ended the session.
    var signalEnd: SessionEnd?
    /// Ctrl-L asked to repaint every cell.
    var wantsFullRepaint = false
    /// The autopilot is typing a key that fell due before the session's overdue timers.
    var keyBeforeTimers = false
    /// After the autopilot's last screen, a key was pressed to leave.
    var leftAfterEnd = false
    /// When the session ended, on the session clock (the last screen's hold counts from it).
    var finishedAt: Int64?
    /// How long, with `exitAtEnd`, the last screen stays before the autopilot leaves: long enough
    /// to read it, and for a recording to end on it.
    static let finalScreenHoldMillis: Int64 = 1_500

    /// Creates the UI over `driver` (not yet started). `search` is the index of the driver's
    /// directory when it was built already (elsewhere, while the first frame showed).
    public init(driver: SessionDriver, theme: Theme, logPlacement: LogPlacement = .auto, search: InstitutionSearch? = nil) {
        self.driver = driver
        styles = ThemeStyles(theme: theme)
        self.search = search ?? InstitutionSearch(directory: driver.engine.configuration.directory)
        self.logPlacement = logPlacement
        logVisible = logPlacement != .off
    }

    /// Starts the session; every record goes to the log panel as it happens, and the autopilot
    /// (if any) watches them.
    public func start() {
        autopilot?.attach(to: self)
        // what a session started before it was shown delivered (a Layer session's LAYER_READY)
        for record in driver.records { logRecord(record) }
        driver.observe { [unowned self] record in
            self.logRecord(record)
            self.recordsArrived = true
        }
        driver.start()
        sync()
    }

    /// Adds `record` to the log panel as the app's SDK generation receives it.
    private func logRecord(_ record: SessionRecord) {
        switch sdk {
        case .current: log.append(record, at: driver.clock.now)
        case .v1: log.appendV1(record, at: driver.clock.now)
        }
    }

    /// What the pane views read about `pane` (by default the engine's).
    func context(for pane: Pane? = nil) -> PaneContext {
        PaneContext(pane: pane ?? driver.engine.pane, engine: driver.engine, styles: styles, search: search,
                    now: driver.clock.now.millis, outcome: driver.outcome, presentation: driver.presentationOptions)
    }

    /// The footer's line above everything: an output's failure, else the autopilot's.
    public var banner: Banner? {
        alarm.map { Banner(text: $0.message, isError: true) } ?? autopilotBanner
    }

    /// How the loop ended (once ``AppEffects/leave`` was asked): a signal, Ctrl-C, onSuccess or onExit.
    public var end: SessionEnd {
        if let signalEnd { return signalEnd }
        if quitByKey { return .interrupted }
        if case .success? = driver.outcome { return .success }
        return .exited
    }

    /// How the autopilot's play ended, if there is one: 0 every step played and met, 1 otherwise.
    public var autopilotStatus: Int32? {
        guard let autopilot else { return nil }
        if case .finished = autopilot.state { return 0 }
        return 1
    }

    /// Applies an action to the engine; a refusal becomes the footer's message.
    func send(_ action: UserAction) {
        do {
            try driver.send(action, timersFirst: !keyBeforeTimers)
        } catch {
            status = error.reason
        }
        sync()
    }

    /// Tells the pane view when the engine moved to another pane (or a new MFA challenge).
    func sync() {
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

    /// The bindings shown in the footer and the help overlay for the current pane.
    var paneKeyMap: KeyMap {
        panes.view(for: driver.engine.pane).keyMap(context())
    }

    /// Whether the focused pane element takes typed text (so `?` is text, not help).
    var paneTakesText: Bool {
        panes.view(for: driver.engine.pane).takesText(context())
    }
}
