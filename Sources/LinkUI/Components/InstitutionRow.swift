import LinkKit

extension CellBuffer {
    /// Draws one institution of a list at row `y`: the marker when it is the highlighted row, its
    /// name (the characters a search matched highlighted, cut with "…" before the tags), and on
    /// the right its tags (portals, saved, OAuth, health, unsupported) and, on the highlighted row
    /// or one the search found by its id (`matchedID`), its id. Institution search and the
    /// embedded search both list institutions this way.
    ///
    /// Other rows show no id (Plaid Link's list shows none): a list that changes as a key is typed
    /// then rewrites names and tags, not a column of ids and the colour switches around it.
    mutating func institutionRow(
        _ record: InstitutionRecord, highlighted: [Int], matchedID: Bool, brand: String?, y: Int, area: Rect,
        selected: Bool, saved: Bool, styles s: ThemeStyles
    ) {
        // the highlighted row: the marker in the selection colours, or, without a selection
        // colour, the whole row reversed
        let wholeRow = s.selectedItem == s.selected
        let base = selected ? s.selectedItem : s.text
        let matchStyle = selected ? s.selectedMatch : s.match
        if selected && wholeRow { fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: base) }
        var tags: [String] = []
        if let brand { tags.append("\(SandboxBrands.portals[brand]?.count ?? 0) portals") }
        if saved { tags.append("saved") }
        if record.oauth && brand == nil { tags.append("OAuth") }
        if record.status == .degraded { tags.append("degraded") }
        if record.status == .down { tags.append("down") }
        if !record.supported { tags.append("unsupported") }
        let showsID = brand == nil && (selected || matchedID)
        let right = !showsID ? tags.joined(separator: " ")
            : (tags.isEmpty ? "" : tags.joined(separator: " ") + "  ") + sanitizeForTerminal(record.id)
        let rightWidth = displayWidth(of: right)
        let nameWidth = max(0, area.width - 2 - (area.width > rightWidth + 20 ? rightWidth + 1 : 0))
        var x = area.x
        x += text(selected ? "› " : "  ", y: y, x: x, area: area, style: selected ? s.selectionMarker : s.text)
        let name = sanitizeForTerminal(record.name)
        // a name too long for its column ends in "…" one column before it, never in the tags
        let cut = displayWidth(of: name) > nameWidth
        let room = cut ? max(0, nameWidth - 1) : nameWidth
        let scalars = name.unicodeScalars
        if scalars.allSatisfy({ isSimpleScalar($0.value) }) {
            // a character a scalar, one column each: written in runs of one style (the matched
            // characters and the others), not a character at a time
            let shown = min(scalars.count, room)
            var matched = [Bool](repeating: false, count: shown)
            for offset in highlighted where offset >= 0 && offset < shown { matched[offset] = true }
            var run = ""
            var runMatched = false
            var index = scalars.startIndex
            for offset in 0..<shown {
                if offset > 0 && matched[offset] != runMatched {
                    x += text(run, y: y, x: x, area: area, style: runMatched ? matchStyle : base)
                    run = ""
                }
                runMatched = matched[offset]
                run.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
            if !run.isEmpty { x += text(run, y: y, x: x, area: area, style: runMatched ? matchStyle : base) }
        } else {
            let matched = Set(highlighted)
            var used = 0
            for (offset, character) in name.enumerated() {
                let width = displayWidth(of: character)
                guard used + width <= room else { break }
                text(String(character), y: y, x: x, area: area, style: matched.contains(offset) ? matchStyle : base)
                x += width
                used += width
            }
        }
        if cut && nameWidth > 0 { text("…", y: y, x: x, area: area, style: base) }
        if area.width > rightWidth + 20 {
            text(right, y: y, x: area.maxX - rightWidth, area: area, style: selected && wholeRow ? base : s.muted)
        }
    }
}
