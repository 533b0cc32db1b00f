import LinkKit

extension FlavorApp {
    /// Draws the whole screen at `rows` x `cols`; returns the buffer and the cursor (if a field has focus).
    public func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?) {
        render(rows: rows, cols: cols, live: true)
    }

    /// Draws the screen at `rows` x `cols`. `live`: the terminal's own frame, which the app
    /// keeps (the layout clicks are read against, "too small", the next animation frame, the
    /// panes' scrolling); else a copy at another size, which changes nothing.
    func render(rows: Int, cols: Int, live: Bool) -> (buffer: CellBuffer, cursor: CellPosition?) {
        var buffer = CellBuffer(rows: max(0, rows), cols: max(0, cols), style: styles.text)
        let tooSmall = rows < Layout.minimumSize.rows || cols < Layout.minimumSize.cols
        if live { isTooSmall = tooSmall }
        guard !tooSmall else {
            if live { nextAnimationAt = nil }
            drawTooSmall(into: &buffer, rows: rows, cols: cols)
            return (buffer, nil)
        }
        let layout = Layout(rows: rows, cols: cols, placement: logPlacement, logVisible: logVisible)
        if live {
            lastLayout = layout
            walk?.terminalSize = (cols, rows)
        }
        flavor.drawHeader(into: &buffer, area: layout.header)
        var cursor = flavor.drawCard(into: &buffer, layout: layout, focused: !log.isFocused, live: live)
        if live { nextAnimationAt = flavor.redrawsAt }
        // a walk's checklist where the log panel goes, unless the log has focus (F3)
        if log.isFocused || walk?.draw(in: layout, into: &buffer, styles: styles) != true {
            log.draw(in: layout, into: &buffer, styles: styles)
        }
        if walk?.note != nil { cursor = nil }
        drawFooter(into: &buffer, area: layout.footer)
        if timelineVisible {
            TimelineOverlay.draw(flavor.timeline, into: &buffer, area: layout.body, styles: styles)
            cursor = nil
        }
        if helpVisible {
            HelpOverlay.draw(into: &buffer, area: layout.body, styles: styles, paneKeys: paneKeyMap.labels, rows: flavor.helpRows,
                             offset: helpOffset)
            cursor = nil
        }
        if log.isFocused { cursor = nil }
        return (buffer, cursor)
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
            : paneKeyMap.labels.bindings + KeyLabels.global.bindings
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
