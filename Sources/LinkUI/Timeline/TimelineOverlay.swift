import LinkKit

/// TimelineOverlay: the session so far as a timeline (F4): each view, when and for how long,
/// what happened there, errors marked, and the outcome; any key closes it.
enum TimelineOverlay {
    /// Draws the timeline of `records` over `area`, in a box as wide as its lines need (at most
    /// the area); the newest lines stay in view when there are more than the box holds.
    static func draw(_ records: [SessionRecord], now: Timestamp, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles) {
        draw(SessionTimeline(records: records, now: now), into: &buffer, area: area, styles: s)
    }

    /// Draws `timeline` over `area` (a Mesh session's, from its marks).
    static func draw(_ timeline: SessionTimeline, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles) {
        let all = timeline.lines()
        let width = min(area.width, max(40, (all.map(displayWidth(of:)).max() ?? 0) + 4))
        let height = min(area.height, all.count + 1)
        guard width >= 10, height >= 3 else { return }
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: s.text)
        buffer.drawBox(box, style: s.title, border: .rounded, title: " " + all[0] + " · any key closes ")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let lines = timeline.lines(width: inner.width).dropFirst().suffix(inner.height)
        for (row, line) in lines.enumerated() {
            let style = line.contains("✗") ? s.error : line.hasPrefix("end") ? s.accent : s.text
            buffer.text(sanitizeForTerminal(line), y: inner.y + row, x: inner.x, area: inner, style: style)
        }
    }
}
