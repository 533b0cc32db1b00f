import LinkKit

/// IdentityDocumentPane: DOCUMENTARY_VERIFICATION: the ID document to offer (a terminal cannot
/// photograph one: the sandbox decides by the kind chosen).
struct IdentityDocumentPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verify with a document " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        if context.engine.identityOutcome != nil { return IdentityEnding.keyMap }
        return PlaidKeyMap([PlaidKeyBinding("↑/↓", "choose", matches: [.up, .down]), PlaidKeyBinding("Enter", "submit", matches: [.enter]),
                       PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    /// The highlighted document.
    var cursor = ListCursor()

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        if !returning { cursor.reset() }
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        if context.engine.identityOutcome != nil { return key == .enter || key == .escape ? .send(.primary) : .ignored }
        let count = IdentityDocument.allCases.count
        if cursor.handle(key, count: count, height: count) { return .handled }
        switch key {
        case .enter: return .send(.submitDocument(IdentityDocument.allCases[cursor.index]))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `document D`: move to it and Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .document(let document) = command, let target = IdentityDocument.allCases.firstIndex(of: document) else { return nil }
        return KeyPlanner.moves(from: cursor.index, to: target) + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        if let outcome = context.engine.identityOutcome {
            IdentityEnding.draw(outcome, into: &buffer, area: area, styles: s)
            return nil
        }
        var y = buffer.paragraph("We couldn't confirm your details", y: area.y, area: area, style: s.title)
        y = buffer.paragraph("Choose an ID document to verify with instead.", y: y, area: area, style: s.muted) + 1
        for (index, document) in IdentityDocument.allCases.enumerated() where y < area.maxY {
            let selected = index == cursor.index
            buffer.text((selected ? "› " : "  ") + document.title, y: y, x: area.x, area: area, style: selected ? s.selectedItem : s.text)
            y += 1
        }
        return nil
    }
}
