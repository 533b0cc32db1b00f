// LogPanelView.swift: drawing the log panel into a cell buffer.

import LinkKit

extension LogPanel {
    /// The inner width from which each row starts with its time.
    static let minimumWidthForTime = 28

    /// draw(into:area:styles:): draws the panel into `area` of `buffer`: a box (border style)
    /// titled ` Events (N) · UTC ` (` Events (N) · UTC · F3 to browse ` when not focused and wide enough),
    /// then either the list, oldest at the top and newest at the bottom, one entry per row clipped to the box (the
    /// selected row in `styles.selected` when focused), or the selected entry's details. Rows
    /// start with the time when the panel is at least ``minimumWidthForTime`` columns wide
    /// inside. Any area is fine, down to 0x0; without room for a border the rows use the whole
    /// area.
    func draw(into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles) {
        let area = area.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        buffer.fill(area, style: styles.text)
        let content = Self.contentArea(in: area)
        if content != area {
            // focused (F3), its border takes the card's focused style: where the keys go shows
            buffer.drawBox(area, style: isFocused ? styles.title : styles.border, title: title(width: area.width))
            drawFooter(into: &buffer, area: area, styles: styles)
        }
        guard !content.isEmpty else { return }
        if showsDetails, selectedEntry != nil {
            drawDetails(into: &buffer, content: content, styles: styles)
        } else if selectedEntry == nil && !filter.isEmpty {
            buffer.put("No event matches \"\(filter)\" (Esc clears the filter)", y: content.y, x: content.x,
                       maxWidth: content.width, style: styles.muted)
        } else {
            drawList(into: &buffer, content: content, styles: styles)
        }
    }

    /// The box title for a box `width` columns wide.
    func title(width: Int) -> String {
        // the times are UTC: the title says so (they are the events' timestamps, as recorded)
        let base = filter.isEmpty && !editingFilter ? "Events (\(entries.count)) · UTC"
            : "Events (\(shownCount) of \(entries.count)) · /\(filter)\(editingFilter ? "▏" : "")"
        let long = base + " · F3 to browse"
        // drawBox writes ` title ` after the corner and keeps the other corner.
        if !isFocused, displayWidth(of: long) + 4 <= width { return long }
        return base
    }

    /// The position (` 3/12 `) at the right of the bottom border while focused.
    private func drawFooter(into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles) {
        guard isFocused, let position = selectedPosition, area.height >= 2 else { return }
        let text = " \(position + 1)/\(shownCount) "
        let width = displayWidth(of: text)
        guard width + 4 <= area.width else { return }
        buffer.put(text, y: area.maxY - 1, x: area.maxX - 2 - width, maxWidth: width, style: styles.border)
    }

    /// The list: one row per entry.
    private func drawList(into buffer: inout CellBuffer, content: Rect, styles: ThemeStyles) {
        let (first, count) = visibleRange(rows: content.height)
        let showsTime = content.width >= Self.minimumWidthForTime
        let selected = isFocused ? selectedIndex : nil
        for row in 0..<count {
            let index = entryIndex(first + row)
            let entry = entries[index]
            let y = content.y + row
            let highlight = index == selected
            if highlight { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), style: styles.selected) }
            var segments: [(text: String, width: Int, style: Style)] = []
            if showsTime {
                segments.append((entry.timeText + " ", 13, highlight ? styles.selected : styles.logTime))
            }
            segments.append((entry.label, entry.labelWidth,
                             highlight ? styles.selected : entry.isError ? styles.error
                                : entry.isCallback ? styles.logCallback : styles.logEvent))
            if !entry.summary.isEmpty {
                segments.append((" " + entry.summary, entry.summaryWidth + 1, highlight ? styles.selected : styles.text))
            }
            Self.putClipped(segments, into: &buffer, y: y, x: content.x, width: content.width,
                            ellipsisStyle: highlight ? styles.selected : styles.muted)
        }
    }

    /// The selected entry's fields (or its JSON), wrapped to the content width, from ``detailsOffset``.
    private func drawDetails(into buffer: inout CellBuffer, content: Rect, styles: ThemeStyles) {
        let lines = detailLines(width: content.width)
        let first = max(0, min(detailsOffset, lines.count - content.height))
        for (row, line) in lines.dropFirst(first).prefix(content.height).enumerated() {
            let y = content.y + row
            if detailsAsJSON {
                var x = content.x
                for token in JSONLayout.tokens(of: line.text) where x < content.maxX {
                    x += buffer.put(token.text, y: y, x: x, maxWidth: content.maxX - x, style: Self.style(of: token.kind, styles))
                }
                continue
            }
            buffer.put(line.text, y: y, x: content.x, maxWidth: content.width, style: line.isNull ? styles.muted : styles.text)
            if line.keyWidth > 0 {
                let keyWidth = min(line.keyWidth, content.width)
                buffer.put(truncate(line.text, toWidth: keyWidth), y: y, x: content.x, maxWidth: keyWidth,
                           style: line.isNull ? styles.muted : styles.accent)
            }
        }
    }

    /// The colour of a JSON token.
    private static func style(of kind: JSONLayout.Token, _ styles: ThemeStyles) -> Style {
        switch kind {
        case .key: styles.accent
        case .string: styles.success
        case .literal: styles.warning
        case .null: styles.muted
        case .punctuation: styles.text
        }
    }

    /// The inspector: the selected entry's details over `area` (the screen between the header
    /// and the footer), boxed and titled with its place in the list, its name and its time.
    func drawInspector(into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles) {
        guard let entry = selectedEntry, let place = selectedPosition, area.width >= 4, area.height >= 3 else { return }
        buffer.fill(area, style: styles.text)
        let position = "\(place + 1) of \(shownCount)"
        buffer.drawBox(area, style: styles.title, border: .rounded,
                       title: "Event \(position) · \(entry.name) · \(entry.timeText) UTC" + (justCopied ? " · copied" : ""))
        drawDetails(into: &buffer, content: area.inset(top: 1, left: 2, bottom: 1, right: 2), styles: styles)
    }

    /// Writes `segments` one after another within `width` columns; when they do not fit, the last
    /// column shows `…` so that a cut line is visibly cut (never wrapped).
    private static func putClipped(
        _ segments: [(text: String, width: Int, style: Style)], into buffer: inout CellBuffer,
        y: Int, x: Int, width: Int, ellipsisStyle: Style
    ) {
        guard width > 0 else { return }
        let total = segments.reduce(0) { $0 + $1.width }
        let limit = total > width ? width - 1 : width
        var column = x
        for segment in segments where column < x + limit {
            column += buffer.put(segment.text, y: y, x: column, maxWidth: x + limit - column, style: segment.style)
        }
        if total > width {
            buffer.put("…", y: y, x: x + width - 1, maxWidth: 1, style: ellipsisStyle)
        }
    }
}
