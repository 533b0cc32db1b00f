import LinkKit

/// DataTypesPane: DATA_TRANSPARENCY: what the app will receive, opened from the consent pane;
/// Enter or Esc goes back to it.
struct DataTypesPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Data you share " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter/Esc", "back", matches: [.enter, .escape], sends: .back)])
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let y = buffer.paragraph("linkterm will receive:", y: area.y, area: area, style: s.title) + 1
        _ = DataShared.draw(context.engine.configuration.products, into: &buffer, y: y, area: area, styles: s)
        return nil
    }
}
