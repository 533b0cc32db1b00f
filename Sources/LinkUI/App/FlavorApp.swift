import LinkKit

/// FlavorApp: the terminal UI's state over one session of a flavor (``LinkApp`` for Plaid Link,
/// ``MeshApp`` for Mesh Connect): the log panel, the overlays, the autopilot, and the flavor's own
/// panes. Everything that happens reaches it as an ``AppMessage`` through ``update(_:)``, which
/// says what the terminal's owner must do (``AppEffects``); it draws the whole screen into a cell
/// buffer with ``render(rows:cols:)``.
///
/// It owns no terminal: ``TerminalRunner`` turns keys, signals and time into messages and
/// presents what it draws, and tests send the same messages and read the buffer. What differs
/// between the flavors is asked of ``flavor`` (``AppFlavor``); the rest is written here once.
public final class FlavorApp<Flavor: AppFlavor> {
    /// The flavor: its session and its pane views.
    public let flavor: Flavor
    /// Where the log panel goes.
    public let logPlacement: LogPlacement
    /// Plays a scenario through the UI (`--script`); set before ``start()``.
    public var autopilot: Flavor.Pilot?
    /// A guided QA walk (`linkterm walk`): its checklist where the log panel goes, checked
    /// against every action and record; set before ``start()``.
    public var walk: WalkPanel<Flavor.Engine>?
    /// With an autopilot: leave as soon as the play ends (after the last screen's hold) instead
    /// of waiting for a key.
    public var exitAtEnd = false
    /// Whether the last frame was the "terminal too small" note: keys do nothing behind it
    /// (the panes are not shown), except Ctrl-C.
    public internal(set) var isTooSmall = false
    /// A one-line message for the footer (a refused action), cleared by the next key.
    public internal(set) var status: String?
    /// A record's JSON the inspector's `y` asked to copy, until the runner takes it.
    var clipboard: String?
    /// The engine's refusal of the action the autopilot's key sent (``pressByAutopilot(_:)``).
    private var refusal: ActionRejected?

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
    static var finalScreenHoldMillis: Int64 { 1_500 }

    /// Creates the UI over `flavor`'s session (not yet started).
    public init(flavor: Flavor, logPlacement: LogPlacement = .auto) {
        self.flavor = flavor
        self.logPlacement = logPlacement
        logVisible = logPlacement != .off
    }

    /// The styles drawn with.
    public var styles: ThemeStyles { flavor.styles }

    /// Starts the session; every record goes to the log panel as it happens, and the autopilot
    /// (if any) watches them.
    public func start() {
        autopilot?.attach(to: self)
        walk?.walk.started(now: now)
        walk?.timeline = { [flavor] in flavor.timeline.lines() }
        // what a session started before it was shown delivered (a Layer session's LAYER_READY)
        for record in flavor.driver.records {
            flavor.append(record, to: &log)
            walk?.walk.record(record)
        }
        flavor.driver.observe { [unowned self] record in
            self.flavor.append(record, to: &self.log)
            self.walk?.walk.record(record)
            self.recordsArrived = true
        }
        flavor.start()
        flavor.sync()
    }

    /// The footer's line above everything: an output's failure, else the autopilot's.
    public var banner: Banner? {
        alarm.map { Banner(text: $0.message, isError: true) } ?? autopilotBanner
    }

    /// How the loop ended (once ``AppEffects/leave`` was asked): a signal, Ctrl-C, onSuccess or onExit.
    public var end: SessionEnd {
        if let signalEnd { return signalEnd }
        if quitByKey { return .interrupted }
        if flavor.succeeded { return .success }
        return .exited
    }

    /// How the autopilot's play ended, if there is one: 0 every step played and met, 1 otherwise.
    public var autopilotStatus: Int32? {
        guard let autopilot else { return nil }
        if case .finished = autopilot.state { return 0 }
        return 1
    }

    /// The session clock, in milliseconds.
    public var now: Int64 { flavor.driver.clock.now.millis }

    /// The record the inspector's `y` copied, once.
    public func takeClipboard() -> String? {
        defer { clipboard = nil }
        return clipboard
    }

    /// Applies an action to the engine; a refusal becomes the footer's message.
    func send(_ action: Flavor.Action) {
        do {
            let verdict = walk?.walk.willSend(action, engine: flavor.driver.engine)
            try flavor.send(action, timersFirst: !keyBeforeTimers)
            if let verdict { walk?.walk.sent(verdict, engine: flavor.driver.engine, now: now) }
        } catch {
            status = error.reason
            refusal = error
        }
        flavor.sync()
    }

    /// A key the autopilot presses; throws the engine's refusal of the action it sent, if it
    /// sent one that was refused (the footer shows it too).
    func pressByAutopilot(_ key: Key) throws(ActionRejected) -> AppEffects {
        refusal = nil
        let effects = press(key, byPerson: false)
        if let refusal { throw refusal }
        return effects
    }

    /// Ends the session with the flavor's quit, unless it has ended already.
    func quit() {
        if !flavor.driver.isFinished { send(.quit) }
    }

    /// The bindings shown in the footer and the help overlay for the current pane.
    var paneKeyMap: KeyMapOf<Flavor.Action> { flavor.paneKeyMap }
}

extension FlavorApp: TerminalApp {
    /// Draws the screen at another size (a watcher's), leaving the app as it was: its layout
    /// (for clicks), its panes' scrolling, the next animation frame are the terminal's own.
    public func renderCopy(rows: Int, cols: Int) -> CellBuffer {
        render(rows: rows, cols: cols, live: false).buffer
    }
}
