// LogPanelKeyMap.swift: the log panel's key bindings, for footers and the help overlay.

extension LogPanel {
    /// keyMap: the keys of the focused list: ↑/↓ select, PgUp/PgDn page, Home/End first/last,
    /// Enter details, Esc back.
    static let keyMap = KeyMap([
        KeyBinding("↑/↓", "select"),
        KeyBinding("PgUp/PgDn", "page"),
        KeyBinding("Home/End", "first/last"),
        KeyBinding("Enter", "details"),
        KeyBinding("Esc", "back"),
    ])

    /// detailsKeyMap: the keys while an entry's details are shown: ↑/↓ scroll, ←/→ previous/next
    /// entry, Enter or Esc back to the list.
    static let detailsKeyMap = KeyMap([
        KeyBinding("↑/↓", "scroll"),
        KeyBinding("←/→", "prev/next"),
        KeyBinding("Enter/Esc", "back"),
    ])

    /// currentKeyMap: the bindings that apply now (``detailsKeyMap`` while the details are shown,
    /// ``keyMap`` otherwise).
    var currentKeyMap: KeyMap {
        showsDetails ? Self.detailsKeyMap : Self.keyMap
    }
}
