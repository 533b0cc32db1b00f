import LinkKit

/// DocumentsStatusPane: the documents sent (SUBMIT_DOCUMENTS, being checked), accepted
/// (SUBMIT_DOCUMENTS_SUCCESS: Enter finishes) or refused (SUBMIT_DOCUMENTS_ERROR: Enter uploads again).
struct DocumentsStatusPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Upload bank statements " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        switch context.pane {
        case .documentsSubmitted(.accepted): PlaidKeyMap([PlaidKeyBinding("Enter", "finish", matches: [.enter, .escape], sends: .primary)])
        case .documentsSubmitted(.refused):
            PlaidKeyMap([PlaidKeyBinding("Enter", "upload again", matches: [.enter], sends: .primary), PlaidKeyBinding("Ctrl-X", "exit", matches: [.ctrl("x")])])
        default: PlaidKeyMap([])
        }
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        switch context.pane {
        case .documentsSubmitted(.accepted):
            var y = buffer.paragraph("✓ Statements received", y: area.y, area: area, style: s.success) + 1
            y = buffer.paragraph("Your income will be verified from them.", y: y, area: area, style: s.text) + 1
            buffer.primaryButton("Finish", y: min(area.maxY - 1, y), area: area, styles: s)
        case .documentsSubmitted(.refused):
            var y = buffer.paragraph("✗ We couldn't use those documents", y: area.y, area: area, style: s.error) + 1
            y = buffer.paragraph("Upload PDF bank statements.", y: y, area: area, style: s.text) + 1
            buffer.primaryButton("Upload again", y: min(area.maxY - 1, y), area: area, styles: s)
        default:
            buffer.paragraph("Checking your documents…", y: area.y, area: area, style: s.title)
        }
        return nil
    }
}
