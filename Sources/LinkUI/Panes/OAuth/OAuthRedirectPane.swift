import LinkKit

/// OAuthRedirectPane: the bank redirected to the app's redirect URI; in an app the system opens
/// it and the app calls `Handler.continue(from:)`. Here Enter hands back the URL in the field
/// (the redirect, or one pasted); a URL that is not this session's redirect is ignored.
struct OAuthRedirectPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Back from your bank " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "return to the app", matches: [.enter]), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The URL handed back (the redirect, unless edited or replaced by a paste).
    var url = TextField(maxLength: 512)
    /// Said when a URL was ignored.
    var note: String?

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        guard !returning else { return }
        url.set(context.engine.redirectURL ?? "")
        note = nil
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        switch key {
        case .escape: return .send(.back)
        case .enter:
            guard !url.isEmpty else { return .handled }
            note = url.text == context.engine.redirectURL ? nil
                : "That URL is not this session's redirect: Link ignored it, as an app's continue(from:) would."
            return .send(.redirect(url.text))
        default:
            guard let edited = url.handle(key) else { return .ignored }
            if edited { note = nil }
            return .handled
        }
    }

    /// `redirect [URL]`: the field holds the URL, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .redirect(let given) = command else { return nil }
        let text = given ?? context.engine.redirectURL ?? ""
        return [.ctrl("u")] + text.map { Key.char($0) } + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("\(context.institutionName) sent you back to the app", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("In an app the system opens this URL and the app calls Handler.continue(from:) with it. "
                             + "Press Enter to do that here, or paste another URL first.", y: y, area: area, style: s.text) + 1
        let cursor = buffer.field(url, label: "URL", y: y, area: area, labelWidth: 6, focused: true, styles: s)
        if let note { buffer.paragraph(note, y: y + 2, area: area, style: s.warning) }
        return cursor
    }
}
