// LogPanelKeyMap.swift: the log panel's key bindings, for footers and the help overlay.

extension LogPanel {
    /// keyMap: the keys of the focused list: ↑/↓ select, PgUp/PgDn page, Home/End first/last,
    /// Enter inspects, `/` filters, `z` zooms the list to the whole body and back, Esc back to the pane.
    static let keyMap = KeyMap([
        KeyBinding("↑/↓", "select"),
        KeyBinding("Enter", "inspect"),
        KeyBinding("/", "filter"),
        KeyBinding("z", "zoom"),
        KeyBinding("PgUp/PgDn", "page"),
        KeyBinding("Home/End", "first/last"),
        KeyBinding("Esc", "back to pane"),
    ])

    /// filteredKeyMap: the list's keys while a filter is set (Esc clears it first).
    static let filteredKeyMap = KeyMap([
        KeyBinding("↑/↓", "select"),
        KeyBinding("Enter", "inspect"),
        KeyBinding("/", "change filter"),
        KeyBinding("Esc", "clear filter"),
    ])

    /// filterKeyMap: the keys while the filter is typed.
    static let filterKeyMap = KeyMap([
        KeyBinding("type", "filter by name or text"),
        KeyBinding("Enter", "keep"),
        KeyBinding("Esc", "clear"),
    ])

    /// detailsKeyMap: the keys of the inspector: ↑/↓ scroll, ←/→ previous/next entry, `j` JSON
    /// or fields, `n` null fields shown or hidden, `y` copy the JSON, Enter or Esc back to the list.
    static let detailsKeyMap = KeyMap([
        KeyBinding("↑/↓", "scroll"),
        KeyBinding("←/→", "prev/next"),
        KeyBinding("j", "JSON/fields"),
        KeyBinding("n", "nulls"),
        KeyBinding("y", "copy JSON"),
        KeyBinding("Esc", "back"),
    ])

    /// currentKeyMap: the bindings that apply now.
    var currentKeyMap: KeyMap {
        if showsDetails { return Self.detailsKeyMap }
        if editingFilter { return Self.filterKeyMap }
        return filter.isEmpty ? Self.keyMap : Self.filteredKeyMap
    }
}
