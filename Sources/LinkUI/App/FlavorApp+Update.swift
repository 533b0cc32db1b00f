import LinkKit

extension FlavorApp {
    /// The one entry of the loop: applies `message` and says what the terminal's owner must do.
    public func update(_ message: AppMessage) -> AppEffects {
        var effects: AppEffects
        switch message {
        case .key(let key):
            effects = press(key, byPerson: true)
        case .tick:
            effects = tick()
        case .resized:
            effects = .redraw
        case .resumed:
            effects = [.repaintAll, .redraw]
        case .ended(let end):
            if signalEnd == nil { signalEnd = end }
            quit()
            return .leave
        case .outputFailed(let failure):
            if alarm == nil { alarm = failure }
            guard alarm?.endsSession == true else { return .redraw }
            quit()
            return [.redraw, .leave]  // the banner says why, on the last frame
        }
        if recordsArrived {
            recordsArrived = false
            effects.insert(.redraw)
        }
        if flavor.driver.isFinished && finishedAt == nil { finishedAt = now }
        if isOver { return .leave }
        return effects
    }

    /// When the loop next has something to do by itself, on the session clock: a session timer,
    /// the autopilot's next key, the next animation frame, the end of the last screen's hold.
    /// `nil`: only a message wakes it.
    public var nextDeadline: Int64? {
        let now = now
        var due: [Int64] = []
        if let deadline = flavor.driver.engineDeadline { due.append(deadline) }
        // (none while it waits for the session to settle, LOADING or a debounce: the session's
        // own deadline wakes the loop then, not a 1 ms spin; a step it can take meanwhile, such
        // as checking a step with no expectations during a LOADING, is due at once)
        if let next = autopilot?.nextDeadline(now: now, sessionIdle: flavor.driver.engineDeadline == nil,
                                              sessionFinished: flavor.driver.isFinished) {
            due.append(next)
        }
        if let nextAnimationAt { due.append(nextAnimationAt) }
        if let idleWorkAt = flavor.idleWorkAt { due.append(idleWorkAt) }
        if let releaseAt = finalScreenReleaseAt, releaseAt > now { due.append(releaseAt) }
        return due.min()
    }

    /// With an autopilot and `exitAtEnd`: when the last screen (the outcome) may go, so that a
    /// recording ends on it rather than on the terminal it leaves (issue 15).
    private var finalScreenReleaseAt: Int64? {
        guard autopilot != nil, exitAtEnd, let finishedAt else { return nil }
        return finishedAt + Self.finalScreenHoldMillis
    }

    /// Whether the loop is over: the session ended and nothing holds the last screen.
    private var isOver: Bool {
        flavor.driver.isFinished && !holdsAfterEnd
    }

    /// With an autopilot: the last screen stays until a key (unless `exitAtEnd`), and the play
    /// goes on until it has checked the last step's expectations.
    private var holdsAfterEnd: Bool {
        guard let autopilot, !quitByKey, !leftAfterEnd else { return false }
        if case .playing = autopilot.state { return true }
        guard exitAtEnd else { return true }
        return (finalScreenReleaseAt ?? 0) > now
    }

    /// Time passed: timers, the pane's entry, the autopilot, the animation, the pane's work
    /// between keys.
    private func tick() -> AppEffects {
        var effects: AppEffects = []
        // what fell due first happens first: a key the autopilot was to type before a session
        // timer is typed before the timer fires, so that a process held up (a busy machine) does
        // not turn a query being typed into a search for part of it
        if let keyAt = autopilot?.nextKeyDue, let timerAt = flavor.driver.engineDeadline, keyAt < timerAt, timerAt <= now {
            keyBeforeTimers = true
            if driveAutopilot() { effects.insert(.redraw) }
            keyBeforeTimers = false
        }
        flavor.driver.tick()
        flavor.sync()
        if driveAutopilot() { effects.insert(.redraw) }
        if let nextAnimationAt, now >= nextAnimationAt { effects.insert(.redraw) }
        // (a tick comes after every key waiting was handled: the loop is idle)
        if let idleWorkAt = flavor.idleWorkAt, now >= idleWorkAt { flavor.doIdleWork() }
        if flavor.redrawsEveryTick { effects.insert(.redraw) }
        return effects
    }

    /// Lets the autopilot act; returns whether the screen changed: the key it typed (a person
    /// watching a demo sees each character arrive) or its banner.
    private func driveAutopilot() -> Bool {
        guard let autopilot else { return false }
        let typed = autopilot.tick(app: self, now: now).contains(.redraw)
        if !autopilot.state.isPlaying, exitAtEnd { quit() }  // the play is over: leave
        let banner = autopilot.state.footer(steps: autopilot.stepNames, sessionFinished: flavor.driver.isFinished, exitAtEnd: exitAtEnd)
        defer { autopilotBanner = banner }
        return typed || banner != autopilotBanner
    }

    /// One key, from a person or from the autopilot (whose Ctrl-C is a step it checks, not the
    /// person's interrupt).
    func press(_ key: Key, byPerson: Bool) -> AppEffects {
        if flavor.driver.isFinished {
            // the autopilot's last screen: any key leaves
            guard key != .resize else { return .redraw }
            leftAfterEnd = true
            return .leave
        }
        if key == .ctrl("c") && byPerson { quitByKey = true }
        // Ctrl-Z suspends from anywhere, an overlay included
        if key == .ctrl("z") && byPerson { return [.suspend, .repaintAll, .redraw] }
        handle(key)
        guard wantsFullRepaint else { return .redraw }
        wantsFullRepaint = false
        return [.repaintAll, .redraw]
    }

    /// Handles one key: the global keys, the log panel when it has focus, else the pane.
    func handle(_ key: Key) {
        if key == .resize { return }
        // behind "terminal too small" nothing is shown, so nothing may act: only Ctrl-C quits
        if isTooSmall && key != .ctrl("c") { return }
        status = nil
        if key == .ctrl("c") {
            // Ctrl-C quits from anywhere, the help overlay included.
            helpVisible = false
            timelineVisible = false
            send(.quit)
            return
        }
        // a walk's keys (F5-F7, and a note being typed) before the overlays and the pane
        if !helpVisible, !timelineVisible, let walk, walk.handle(key, now: now, compact: lastLayout?.isCompact ?? false) { return }
        if helpVisible, let area = lastLayout?.body,
           let offset = HelpOverlay.scrolled(helpOffset, by: key, area: area, rows: flavor.helpRows) {
            helpOffset = offset
            return
        }
        if helpVisible || timelineVisible {
            helpVisible = false
            timelineVisible = false
            return
        }
        let typesText = flavor.paneTakesText || log.isFocused
        switch key {
        case .function(1):
            helpVisible = true
            return
        case .char("?") where !typesText:
            helpVisible = true
            return
        case .char("q") where !typesText, .ctrl("x"):
            // q, as in a pager: ask to exit, as Ctrl-X does (the dialog's default is to stay)
            if flavor.exitKeysApply { send(.requestExit) }
            return
        case .function(2):
            logVisible.toggle()
            if !logVisible { log.isFocused = false }
            return
        case .function(4):
            timelineVisible = true
            return
        case .function(3):
            if !logVisible { logVisible = true }
            log.isFocused.toggle()
            return
        case .ctrl("l"):
            wantsFullRepaint = true
            return
        default:
            break
        }
        if case .mouse = key, log.isFocused, log.showsDetails || log.isZoomed || lastLayout?.log == nil {
            // the log drawn over the body (zoomed, inspecting, or a compact layout): its keys and clicks there
            log.handleFocused(key, in: lastLayout)
            return
        }
        if case .mouse(let event) = key, let area = lastLayout?.log, area.contains(y: event.y, x: event.x) {
            if event.kind == .press || event.kind == .click { log.isFocused = true }
            _ = log.handle(key, area: area)
            return
        }
        if log.isFocused {
            log.handleFocused(key, in: lastLayout)
            if let json = log.takeCopyRequest() { clipboard = json }
            return
        }
        if let action = flavor.handlePaneKey(key) { send(action) }
    }
}
