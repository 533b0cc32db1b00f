import LinkKit

extension LinkApp {
    /// The title of `pane`'s box (a dialog keeps the title of the pane underneath).
    func title(of pane: Pane) -> String {
        let view = panes.view(for: pane)
        let paneContext = context(for: pane)
        if let title = view.title(paneContext) { return title }
        return view.underlay(paneContext).map(title(of:)) ?? ""
    }

    /// Draws the whole screen at `rows` x `cols`; returns the buffer and the cursor (if a field has focus).
    public func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?) {
        var buffer = CellBuffer(rows: max(0, rows), cols: max(0, cols), style: styles.text)
        isTooSmall = rows < Layout.minimumSize.rows || cols < Layout.minimumSize.cols
        guard !isTooSmall else {
            nextAnimationAt = nil
            drawTooSmall(into: &buffer, rows: rows, cols: cols)
            return (buffer, nil)
        }
        let layout = Layout(rows: rows, cols: cols, placement: logPlacement, logVisible: logVisible)
        lastLayout = layout
        drawHeader(into: &buffer, area: layout.header)
        let pane = driver.engine.pane
        let content = buffer.linkCard(layout, title: title(of: pane), badge: driver.engine.institution.map(InstitutionBadge.init),
                                      focused: !log.isFocused, gradient: driver.presentationOptions.showGradientBackground,
                                      styles: styles)
        var cursor = drawPane(into: &buffer, area: content, pane: pane)
        nextAnimationAt = panes.view(for: pane).redrawsAt(context(for: pane))
        log.draw(in: layout, into: &buffer, styles: styles)
        drawFooter(into: &buffer, area: layout.footer)
        if timelineVisible {
            TimelineOverlay.draw(driver.records, now: driver.clock.now, into: &buffer, area: layout.body, styles: styles)
            cursor = nil
        }
        if helpVisible {
            HelpOverlay.draw(into: &buffer, area: layout.body, styles: styles, paneKeys: paneKeyMap, offset: helpOffset)
            cursor = nil
        }
        if log.isFocused { cursor = nil }
        return (buffer, cursor)
    }

    /// Draws `pane`: first the pane underneath when it is a dialog over one.
    func drawPane(into buffer: inout CellBuffer, area: Rect, pane: Pane) -> CellPosition? {
        let paneContext = context(for: pane)
        if let underneath = panes.view(for: pane).underlay(paneContext) {
            _ = drawPane(into: &buffer, area: area, pane: underneath)
        }
        return panes.withView(for: pane) { $0.draw(into: &buffer, area: area, context: paneContext) }
    }

    func drawHeader(into buffer: inout CellBuffer, area: Rect) {
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

    func drawFooter(into buffer: inout CellBuffer, area: Rect) {
        if let banner {
            buffer.text(" " + banner.text, y: area.y, x: area.x, area: area, style: banner.isError ? styles.error : styles.accent)
            return
        }
        if let status {
            buffer.text(" ✗ " + status, y: area.y, x: area.x, area: area, style: styles.error)
            return
        }
        let keys = log.isFocused ? log.currentKeyMap.bindings
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
