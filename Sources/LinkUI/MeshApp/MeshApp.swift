import LinkKit

/// MeshApp: the terminal UI of a Mesh Connect session: its panes over a ``MeshDriver``, the log
/// panel, the footer; a ``TerminalApp`` the runner drives exactly as it drives Plaid's ``LinkApp``.
public final class MeshApp: TerminalApp {
    /// The session.
    public let driver: MeshDriver
    /// The styles drawn with.
    public let styles: ThemeStyles
    /// Where the log panel goes.
    public let logPlacement: LogPlacement
    /// Whether the last frame was the "terminal too small" note.
    public private(set) var isTooSmall = false
    /// A refused action, for the footer; cleared by the next key.
    public private(set) var status: String?
    /// A record's JSON the inspector's `y` asked to copy, until the runner takes it.
    var clipboard: String?
    /// The session so far for its timeline (F4): the views shown, what happened, the outcome.
    var timelineMarks: [SessionTimeline.Mark] = []
    /// Whether the timeline is shown (F4).
    var timelineVisible = false

    /// The record the inspector's `y` copied, once.
    public func takeClipboard() -> String? {
        defer { clipboard = nil }
        return clipboard
    }

    /// Plays a Mesh scenario through the UI (`--script`); set before ``start()``.
    public var autopilot: MeshAutopilot?
    /// With an autopilot: leave as soon as the play ends instead of waiting for a key.
    public var exitAtEnd = false
    var autopilotBanner: Banner?
    var leftAfterEnd = false
    var log = LogPanel()
    var logVisible: Bool
    var helpVisible = false
    var panes: [any MeshPaneView] = [
        MeshCatalogPane(), MeshCredentialsPane(), MeshOAuthPane(), MeshCodePane(), MeshAccountsPane(), MeshConnectedPane(),
        MeshAssetPane(), MeshNetworkPane(), MeshAmountPane(), MeshPreviewPane(), MeshTransferResultPane(), MeshLoadingPane(),
        MeshExitPane(), MeshDonePane(),
    ]
    var lastPane: MeshPane?
    var lastError: String?
    var lastLayout: Layout?
    var recordsArrived = false
    var quitByKey = false
    var signalEnd: SessionEnd?
    var alarm: OutputAlarm?

    /// The UI over `driver` (not yet started).
    public init(driver: MeshDriver, theme: Theme, logPlacement: LogPlacement = .auto) {
        self.driver = driver
        styles = ThemeStyles(theme: theme)
        self.logPlacement = logPlacement
        logVisible = logPlacement != .off
    }

    public func start() {
        autopilot?.attach(to: self)
        driver.observe { [unowned self] record in
            self.log.append(record, at: self.driver.clock.now)
            self.recordsArrived = true
            self.timelineMarks.append(Self.mark(for: record))
        }
        timelineMarks.append(.view(driver.engine.paneName, driver.clock.now))  // `loaded` happens on the first view
        driver.start()
        sync()
    }

    public var now: Int64 { driver.clock.now.millis }
    public var nextDeadline: Int64? {
        let due = [driver.engine.nextDeadline?.millis, autopilot?.nextDeadline(now: now).flatMap { next in
            next > now || driver.engine.nextDeadline == nil ? next : nil
        }].compactMap { $0 }
        return due.min()
    }

    /// How the autopilot's play ended, if there is one: 0 every step played and met, 1 otherwise.
    public var autopilotStatus: Int32? {
        guard let autopilot else { return nil }
        return autopilot.state == .finished ? 0 : 1
    }

    /// With an autopilot, the last screen stays until a key (unless `exitAtEnd`), and the play
    /// goes on until it has checked the last step.
    var holdsAfterEnd: Bool {
        guard let autopilot, !quitByKey, !leftAfterEnd else { return false }
        if case .playing = autopilot.state { return true }
        return !exitAtEnd
    }

    /// Lets the autopilot act; returns whether the screen changed (a key typed, the banner).
    func driveAutopilot() -> Bool {
        guard let autopilot else { return false }
        let typed = autopilot.tick(app: self, now: now)
        if !autopilot.state.isPlaying, exitAtEnd, !driver.engine.isFinished { send(.quit) }  // the play is over: leave
        let banner = autopilot.state.footer(steps: autopilot.stepNames, sessionFinished: driver.engine.isFinished, exitAtEnd: exitAtEnd)
        defer { autopilotBanner = banner }
        return typed || banner != autopilotBanner
    }

    public var end: SessionEnd {
        if let signalEnd { return signalEnd }
        return quitByKey ? .interrupted : .exited
    }

    func context(for pane: MeshPane? = nil) -> MeshPaneContext {
        MeshPaneContext(pane: pane ?? driver.engine.pane, engine: driver.engine, styles: styles, now: now)
    }

    /// The view of type `View` (its state, for the autopilot and tests).
    func pane<View: MeshPaneView>(_ type: View.Type) -> View? {
        panes.lazy.compactMap { $0 as? View }.first
    }

    func index(of pane: MeshPane) -> Int {
        guard let index = panes.firstIndex(where: { type(of: $0).shows(pane) }) else {
            preconditionFailure("no Mesh pane view shows \(pane)")
        }
        return index
    }

    /// Tells the pane view when the engine moved to it (or said something new there: a wrong password).
    /// What `record` adds to the timeline: an error for the events that report one, the
    /// outcome for the callbacks, a note for the rest.
    static func mark(for record: MeshRecord) -> SessionTimeline.Mark {
        switch record {
        case .event(let type, _):
            let failed = ["Error", "Declined", "Unavailable", "NoEligible"].contains { type.contains($0) }
            return failed ? .error(type) : .note(type)
        case .integrationConnected: return .outcome("onIntegrationConnected")
        case .transferFinished: return .outcome("onTransferFinished")
        case .exit: return .outcome("onExit")
        }
    }

    func sync() {
        let pane = driver.engine.pane
        let error = driver.engine.inlineError
        if case .exitConfirmation = pane {} else if timelineMarks.lastView != driver.engine.paneName {
            timelineMarks.append(.view(driver.engine.paneName, driver.clock.now))
        }
        defer {
            lastPane = pane
            lastError = error
        }
        guard pane != lastPane || error != lastError else { return }
        if case .exitConfirmation(let under)? = lastPane, under == pane { return }  // back from the dialog: what was typed stays
        if case .loading = pane { return }
        let entered = context(for: pane)
        panes[index(of: pane)].enter(entered)
    }

    func send(_ action: MeshAction) {
        do {
            try driver.send(action)
        } catch {
            status = error.reason
        }
        sync()
    }

    public func update(_ message: AppMessage) -> AppEffects {
        var effects: AppEffects
        switch message {
        case .key(let key):
            effects = press(key, byPerson: true)
        case .tick:
            effects = []
            driver.tick()
            sync()
            if driveAutopilot() { effects.insert(.redraw) }
            if case .loading = driver.engine.pane { effects.insert(.redraw) }
        case .resized:
            effects = .redraw
        case .resumed:
            effects = [.repaintAll, .redraw]
        case .ended(let end):
            if signalEnd == nil { signalEnd = end }
            if !driver.engine.isFinished { send(.quit) }
            return .leave
        case .outputFailed(let failure):
            if alarm == nil { alarm = failure }
            guard failure.endsSession else { return .redraw }
            if !driver.engine.isFinished { send(.quit) }
            return [.redraw, .leave]
        }
        if recordsArrived {
            recordsArrived = false
            effects.insert(.redraw)
        }
        return driver.engine.isFinished && !holdsAfterEnd ? .leave : effects
    }

    /// One key, from a person or the autopilot (whose Ctrl-C is a step, not the person's interrupt).
    func press(_ key: Key, byPerson: Bool) -> AppEffects {
        if key == .resize { return .redraw }
        if driver.engine.isFinished {
            leftAfterEnd = true  // the autopilot's last screen: any key leaves
            return .leave
        }
        if isTooSmall && key != .ctrl("c") { return [] }
        status = nil
        if key == .ctrl("c") {
            helpVisible = false
            if byPerson { quitByKey = true }
            send(.quit)
            return .redraw
        }
        if helpVisible || timelineVisible {
            helpVisible = false
            timelineVisible = false
            return .redraw
        }
        if key == .function(4) {
            timelineVisible = true
            return .redraw
        }
        let pane = driver.engine.pane
        switch key {
        case .function(1):
            helpVisible = true
            return .redraw
        case .char("?") where !panes[index(of: pane)].takesText(context(for: pane)) && !log.isFocused:
            helpVisible = true
            return .redraw
        case .char("q") where !panes[index(of: pane)].takesText(context(for: pane)) && !log.isFocused:
            // q, as in a pager: ask to exit, as Ctrl-X does
            if case .exitConfirmation = driver.engine.pane { return [] }
            if case .loading = driver.engine.pane { return [] }
            send(.requestExit)
            return .redraw
        case .ctrl("z") where byPerson:
            return [.suspend, .repaintAll, .redraw]
        case .ctrl("l"):
            return [.repaintAll, .redraw]
        case .function(2):
            logVisible.toggle()
            if !logVisible { log.isFocused = false }
            return .redraw
        case .function(3):
            logVisible = true
            log.isFocused.toggle()
            return .redraw
        case .ctrl("x"):
            if case .exitConfirmation = driver.engine.pane { return [] }
            if case .loading = driver.engine.pane { return [] }
            send(.requestExit)
            return .redraw
        default:
            break
        }
        if log.isFocused {
            log.handleFocused(key, in: lastLayout)
            if let json = log.takeCopyRequest() { clipboard = json }
            return .redraw
        }
        let paneContext = context(for: pane)
        if case .send(let action) = panes[index(of: pane)].handle(key, context: paneContext) { send(action) }
        return .redraw
    }

    public func renderCopy(rows: Int, cols: Int) -> CellBuffer {
        let kept = (panes, log, isTooSmall, lastLayout)
        defer { (panes, log, isTooSmall, lastLayout) = kept }
        return render(rows: rows, cols: cols).buffer
    }

    public func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?) {
        var buffer = CellBuffer(rows: max(0, rows), cols: max(0, cols), style: styles.text)
        isTooSmall = rows < Layout.minimumSize.rows || cols < Layout.minimumSize.cols
        guard !isTooSmall else {
            if rows > 0, cols > 0 {
                let note = truncate("Terminal too small: \(cols)x\(rows); linkterm needs \(Layout.minimumSize.cols)x\(Layout.minimumSize.rows)", toWidth: cols)
                buffer.put(note, y: rows / 2, x: max(0, (cols - displayWidth(of: note)) / 2), style: styles.warning)
            }
            return (buffer, nil)
        }
        let layout = Layout(rows: rows, cols: cols, placement: logPlacement, logVisible: logVisible)
        lastLayout = layout
        let area = layout.header
        let used = buffer.text(" linkterm ", y: area.y, x: area.x, area: area, style: styles.selected)
        buffer.text(" Mesh Connect · sandbox" + (driver.engine.configuration.isTransferLink ? " · transfer" : ""),
                    y: area.y, x: area.x + used, area: area, style: styles.muted)
        let pane = driver.engine.pane
        let paneContext = context(for: pane)
        let content = buffer.linkCard(layout, title: panes[index(of: pane)].title(paneContext), badge: nil,
                                      focused: !log.isFocused, gradient: true, styles: styles)
        if case .exitConfirmation(let under) = pane {
            _ = panes[index(of: under)].draw(into: &buffer, area: content, context: context(for: under))
        }
        var cursor = panes[index(of: pane)].draw(into: &buffer, area: content, context: paneContext)
        log.draw(in: layout, into: &buffer, styles: styles)
        let footer = layout.footer
        if let alarm {
            buffer.text(" " + alarm.message, y: footer.y, x: footer.x, area: footer, style: styles.error)
        } else if let autopilotBanner {
            buffer.text(" " + autopilotBanner.text, y: footer.y, x: footer.x, area: footer,
                        style: autopilotBanner.isError ? styles.error : styles.accent)
        } else if let status {
            buffer.text(" ✗ " + status, y: footer.y, x: footer.x, area: footer, style: styles.error)
        } else {
            let keys = log.isFocused ? log.currentKeyMap.bindings
                : panes[index(of: pane)].keyMap(paneContext).bindings + KeyMap.global.bindings
            buffer.hints(keys, y: footer.y, area: footer.inset(left: 1), styles: styles)
        }
        if timelineVisible {
            TimelineOverlay.draw(SessionTimeline(marks: timelineMarks, now: driver.clock.now), into: &buffer, area: layout.body,
                                 styles: styles)
            cursor = nil
        }
        if helpVisible {
            drawHelp(into: &buffer, area: buffer.bounds.inset(top: 1, left: 0, bottom: 1, right: 0))
            cursor = nil
        }
        if log.isFocused { cursor = nil }
        return (buffer, cursor)
    }

    /// F1: the keys and the Mesh sandbox (MeshSandbox.documented).
    func drawHelp(into buffer: inout CellBuffer, area: Rect) {
        let s = styles
        let rows = MeshSandbox.documented.map { ($0.input.replacingOccurrences(of: "`", with: ""), $0.outcome.replacingOccurrences(of: "`", with: "")) }
        let width = min(area.width - 4, 100)
        let height = min(area.height, rows.count + 6)
        guard width >= 20, height >= 4 else { return }
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: s.text)
        buffer.drawBox(box, style: s.border, border: .rounded, title: " Help · any key closes ")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        buffer.text("Keys: Enter act · Esc back · q exit · F2 log · F3 browse · F4 timeline", y: inner.y, x: inner.x, area: inner, style: s.title)
        buffer.text("Mesh sandbox", y: inner.y + 2, x: inner.x, area: inner, style: s.title)
        for (offset, row) in rows.enumerated() where inner.y + 3 + offset < inner.maxY {
            buffer.text(row.0, y: inner.y + 3 + offset, x: inner.x, area: inner, style: s.accent)
            buffer.text(row.1, y: inner.y + 3 + offset, x: inner.x + 24, area: inner, style: s.text)
        }
    }
}

extension [SessionTimeline.Mark] {
    /// The view shown last, if any.
    fileprivate var lastView: String? {
        for mark in reversed() { if case .view(let view, _) = mark { return view } }
        return nil
    }
}
