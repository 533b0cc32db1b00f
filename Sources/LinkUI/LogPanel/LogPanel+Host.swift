// LogPanel+Host.swift: what both flavors' apps do with their log panel: its keys while focused,
// its place on screen and the inspector over the body.

extension LogPanel {
    /// Handles `key` while the panel has focus in `layout`: the inspector's keys while it is open
    /// (measured on the body, where it is drawn), the list's otherwise; Esc or Tab that the panel
    /// does not use give the focus back to the pane.
    mutating func handleFocused(_ key: Key, in layout: Layout?) {
        // the inspector draws its text inset by one more column each side than a panel's border
        let overBody = isZoomed || layout?.log == nil  // zoomed, or a compact layout with no place for it
        let area = showsDetails ? layout?.body.inset(left: 1, right: 1) : overBody ? layout?.body : layout?.log
        if !handle(key, area: area ?? Rect(x: 0, y: 0, width: 40, height: 12)) && (key == .escape || key == .tab) {
            isFocused = false
        }
    }

    /// Draws the panel in its place in `layout` (over the whole body while zoomed, or focused in a
    /// compact layout, which has no place for it), and, while an entry is inspected, the
    /// inspector over the body.
    func draw(in layout: Layout, into buffer: inout CellBuffer, styles: ThemeStyles) {
        if isFocused && (isZoomed || layout.log == nil) {
            draw(into: &buffer, area: layout.body, styles: styles)
        } else if let area = layout.log {
            draw(into: &buffer, area: area, styles: styles)
        }
        if isFocused && showsDetails { drawInspector(into: &buffer, area: layout.body, styles: styles) }
    }
}
