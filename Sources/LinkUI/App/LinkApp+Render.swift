import LinkKit

extension LinkApp {
    /// The title of each pane's box.
    func title(of pane: Pane) -> String {
        switch pane {
        case .consent: " Link your account "
        case .selectInstitution, .institutionNotice: " Select institution "
        case .oauth: " OAuth "
        case .credential: " Credentials "
        case .loading: " Loading "
        case .mfa: " Verification "
        case .selectAccount: " Select accounts "
        case .connected: " Connected "
        case .error: " Error "
        case .exitConfirmation(let underneath): title(of: underneath)
        case .finished: " Done "
        }
    }

    /// Draws the whole screen at `rows` x `cols`; returns the buffer and the cursor (if a field has focus).
    public func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?) {
        var buffer = CellBuffer(rows: max(0, rows), cols: max(0, cols), style: styles.text)
        isTooSmall = rows < Layout.minimumSize.rows || cols < Layout.minimumSize.cols
        guard !isTooSmall else {
            drawTooSmall(into: &buffer, rows: rows, cols: cols)
            return (buffer, nil)
        }
        let layout = Layout(rows: rows, cols: cols, placement: logPlacement, logVisible: logVisible)
        lastLayout = layout
        drawHeader(into: &buffer, area: layout.header)
        buffer.drawBox(layout.pane, style: log.isFocused ? styles.border : styles.title, border: .rounded,
                       title: title(of: driver.engine.pane))
        let content = layout.pane.inset(top: 1, left: 2, bottom: 1, right: 2)
        var cursor = drawPane(into: &buffer, area: content, pane: driver.engine.pane)
        if let area = layout.log {
            log.draw(into: &buffer, area: area, styles: styles)
        }
        drawFooter(into: &buffer, area: layout.footer)
        if helpVisible {
            HelpOverlay.draw(into: &buffer, area: buffer.bounds.inset(top: 1, left: 0, bottom: 1, right: 0), styles: styles,
                             paneKeys: paneKeyMap)
            cursor = nil
        }
        if log.isFocused { cursor = nil }
        return (buffer, cursor)
    }

    func drawPane(into buffer: inout CellBuffer, area: Rect, pane: Pane) -> CellPosition? {
        let context = context
        switch pane {
        case .consent:
            ConsentPane().draw(into: &buffer, area: area, context: context)
        case .selectInstitution:
            return searchPane.draw(into: &buffer, area: area, context: context)
        case .institutionNotice(let notice):
            _ = searchPane.draw(into: &buffer, area: area, context: context)
            NoticePane.draw(into: &buffer, area: area, context: context, notice: notice)
        case .oauth(.notice):
            OAuthPane.drawNotice(into: &buffer, area: area, context: context)
        case .oauth(.signIn):
            return oauth.drawSignIn(into: &buffer, area: area, context: context)
        case .credential:
            return credentials.draw(into: &buffer, area: area, context: context)
        case .loading:
            LoadingPane.draw(into: &buffer, area: area, context: context, tick: spinnerTick)
        case .mfa:
            guard let challenge = driver.engine.currentChallenge else { return nil }
            return mfa.draw(into: &buffer, area: area, context: context, challenge: challenge)
        case .selectAccount:
            accounts.draw(into: &buffer, area: area, context: context)
        case .connected:
            ConnectedPane.draw(into: &buffer, area: area, context: context)
        case .error(let state):
            ErrorPane.draw(into: &buffer, area: area, context: context, state: state)
        case .exitConfirmation(let underneath):
            _ = drawPane(into: &buffer, area: area, pane: underneath)
            ExitConfirmPane.draw(into: &buffer, area: area, context: context)
        case .finished:
            drawOutcome(into: &buffer, area: area)
        }
        return nil
    }

    /// The finished session: which callback ended it and with what.
    func drawOutcome(into buffer: inout CellBuffer, area: Rect) {
        var y = area.y + max(0, area.height / 2 - 2)
        switch driver.outcome {
        case .success(let success)?:
            buffer.centered("✓ onSuccess", y: y, area: area, style: styles.success)
            y += 2
            buffer.centered(success.publicToken, y: y, area: area, style: styles.text)
            buffer.centered("\(sanitizeForTerminal(success.metadata.institution.name)) · \(success.metadata.accounts.count) account\(success.metadata.accounts.count == 1 ? "" : "s")",
                            y: y + 1, area: area, style: styles.muted)
        case .exit(let exit)?:
            buffer.centered("onExit", y: y, area: area, style: styles.warning)
            y += 2
            buffer.centered("status \(exit.metadata.status?.description ?? "null")", y: y, area: area, style: styles.text)
            if let error = exit.error {
                buffer.centered("\(error.errorCode.errorType) · \(error.errorCode.errorCode)", y: y + 1, area: area, style: styles.muted)
            }
        case nil:
            break
        }
    }

    func drawHeader(into buffer: inout CellBuffer, area: Rect) {
        let used = buffer.text(" linkterm ", y: area.y, x: area.x, area: area, style: styles.selected)
        buffer.text(" Plaid Link · sandbox", y: area.y, x: area.x + used, area: area, style: styles.muted)
        var right = driver.engine.pane.viewName?.description ?? "DONE"
        if let institution = driver.engine.institution {
            right = sanitizeForTerminal(institution.name) + " · " + right
        }
        right = truncate(right, toWidth: max(0, area.width - used - 24), ellipsis: "…") + " "
        buffer.text(right, y: area.y, x: area.maxX - displayWidth(of: right), area: area, style: styles.muted)
    }

    func drawFooter(into buffer: inout CellBuffer, area: Rect) {
        if let banner {
            buffer.text(" " + banner, y: area.y, x: area.x, area: area, style: bannerIsError ? styles.error : styles.accent)
            return
        }
        if let status {
            buffer.text(" ✗ " + status, y: area.y, x: area.x, area: area, style: styles.error)
            return
        }
        let keys = log.isFocused ? LogPanel.keyMap.bindings + [KeyBinding("Esc", "back to pane")]
            : paneKeyMap.bindings + KeyMap.global.bindings
        buffer.hints(keys, y: area.y, area: area.inset(left: 1), styles: styles)
    }

    func drawTooSmall(into buffer: inout CellBuffer, rows: Int, cols: Int) {
        guard rows > 0, cols > 0 else { return }
        let lines = ["Terminal too small", "\(cols)x\(rows); linkterm needs \(Layout.minimumSize.cols)x\(Layout.minimumSize.rows)",
                     "Enlarge the window, or Ctrl-C to quit"]
        let top = max(0, (rows - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < rows {
            let shown = truncate(line, toWidth: cols)
            buffer.put(shown, y: top + index, x: max(0, (cols - displayWidth(of: shown)) / 2), style: index == 0 ? styles.warning : styles.text)
        }
    }
}
