// LogPanelKeyMap.swift: the log panel's key bindings, for footers and the help overlay.

extension LogPanel {
    /// keyMap: the keys of the focused list: ↑/↓ select, PgUp/PgDn page, Home/End first/last,
    /// Enter inspects, `/` filters, `z` zooms the list to the whole body and back, Esc back to the pane.
    static let keyMap = KeyLabels([
        KeyLabel("↑/↓", "select"),
        KeyLabel("Enter", "inspect"),
        KeyLabel("/", "filter"),
        KeyLabel("z", "zoom"),
        KeyLabel("PgUp/PgDn", "page"),
        KeyLabel("Home/End", "first/last"),
        KeyLabel("Esc", "back to pane"),
    ])

    /// filteredKeyMap: the list's keys while a filter is set (Esc clears it first).
    static let filteredKeyMap = KeyLabels([
        KeyLabel("↑/↓", "select"),
        KeyLabel("Enter", "inspect"),
        KeyLabel("/", "change filter"),
        KeyLabel("Esc", "clear filter"),
    ])

    /// filterKeyMap: the keys while the filter is typed.
    static let filterKeyMap = KeyLabels([
        KeyLabel("type", "filter by name or text"),
        KeyLabel("Enter", "keep"),
        KeyLabel("Esc", "clear"),
    ])

    /// detailsKeyMap: the keys of the inspector: ↑/↓ scroll, ←/→ previous/next entry, `j` JSON
    /// or fields, `n` null fields shown or hidden, `y` copy the JSON, Enter or Esc back to the list.
    static let detailsKeyMap = KeyLabels([
        KeyLabel("↑/↓", "scroll"),
        KeyLabel("←/→", "prev/next"),
        KeyLabel("j", "JSON/fields"),
        KeyLabel("n", "nulls"),
        KeyLabel("y", "copy JSON"),
        KeyLabel("Esc", "back"),
    ])

    /// currentKeyMap: the bindings that apply now.
    var currentKeyMap: KeyLabels {
        if showsDetails { return Self.detailsKeyMap }
        if editingFilter { return Self.filterKeyMap }
        return filter.isEmpty ? Self.keyMap : Self.filteredKeyMap
    }
}
