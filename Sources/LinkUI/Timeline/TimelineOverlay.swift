import LinkKit

/// TimelineOverlay: the session so far as a timeline (F4): each view, when and for how long,
/// what happened there, errors marked, and the outcome; any key closes it.
enum TimelineOverlay {
    /// Draws the timeline of `records` over `area`, in a box as wide as its lines need (at most
    /// the area, longer lines wrapped); the newest lines stay in view when there are more than
    /// the box holds.
    static func draw(_ records: [SessionRecord], now: Timestamp, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles) {
        draw(SessionTimeline(records: records, now: now), into: &buffer, area: area, styles: s)
    }

    /// Draws `timeline` over `area` (a Mesh session's, from its marks).
    static func draw(_ timeline: SessionTimeline, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles) {
        let all = timeline.lines()
        let width = min(area.width, max(40, (all.map(displayWidth(of:)).max() ?? 0) + 4))
        // a line too long for the box goes on under its notes' column, not cut
        let wrapped = timeline.lines(width: max(1, width - 4))
        let height = min(area.height, wrapped.count + 1)
        guard width >= 10, height >= 3 else { return }
        let box = area.centered(width: width, height: height)
        // over the card and the log panel: no border or cut line of theirs beside the box
        buffer.clearUnderOverlay(box, in: area, styles: s)
        // the title whole, then "any key closes" where it fits (at 60 columns it was cut "any key clo")
        var title = " " + all[0] + " · any key closes "
        if displayWidth(of: title) > box.width - 4 { title = " " + truncate(all[0], toWidth: max(1, box.width - 6), ellipsis: "…") + " " }
        buffer.drawBox(box, style: s.title, border: .rounded, title: title)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        // the newest lines, from the first line of an entry (not the rest of a wrapped one)
        var lines = wrapped.dropFirst().suffix(inner.height)
        while lines.count > 1, lines.first?.hasPrefix(" ") == true { lines = lines.dropFirst() }
        for (row, line) in lines.enumerated() {
            let style = line.contains("✗") ? s.error : line.hasPrefix("end") ? s.accent : s.text
            buffer.text(sanitizeForTerminal(line), y: inner.y + row, x: inner.x, area: inner, style: style)
        }
    }
}
