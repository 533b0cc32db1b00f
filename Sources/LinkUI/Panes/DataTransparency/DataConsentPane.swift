import LinkKit

/// DataConsentPane: DATA_TRANSPARENCY_CONSENT: an update of an Item that asks for more data than
/// it shared (`--update-mode` with `--product auth`…): allow, then sign in.
struct DataConsentPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " New data requested " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "allow", matches: [.enter], sends: .primary), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("linkterm is asking for more of your \(context.institutionName) data", y: area.y, area: area,
                                 style: s.title) + 1
        y = DataShared.draw(context.engine.configuration.products, into: &buffer, y: y, area: area, styles: s) + 1
        buffer.primaryButton("Allow", y: min(area.maxY - 1, y), area: area, styles: s)
        return nil
    }
}
