import Foundation
import LinkKit

/// UploadDocumentsPane: UPLOAD_DOCUMENTS: the bank statements to send, as file names separated by
/// commas. Nothing is read or sent anywhere: the sandbox judges them by name (PDFs pass), so a
/// scenario plays the same through replay and the UI.
struct UploadDocumentsPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Upload bank statements " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        PlaidKeyMap([PlaidKeyBinding("Enter", "upload", matches: [.enter]), PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { true }

    /// The paths, comma-separated.
    var files = TextField(maxLength: 1024)
    /// What was wrong.
    var problem: String?

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        problem = nil
    }

    /// The paths typed.
    var paths: [String] { files.text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        switch key {
        case .escape: return .send(.back)
        case .enter:
            problem = LinkEngine.documentsProblem(paths)
            return problem == nil ? .send(.submitDocuments(paths)) : .handled
        default:
            guard let edited = files.handle(key) else { return .ignored }
            if edited { problem = nil }
            return .handled
        }
    }

    /// `documents F…`: the names, comma-separated, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .documents(let names) = command else { return nil }
        return [.ctrl("u")] + names.joined(separator: ", ").map { Key.char($0) } + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("Verify your income with bank statements", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("Name your last two months of statements, separated by commas.", y: y, area: area,
                             style: s.text) + 1
        let cursor = buffer.field(files, label: "Files", y: y, area: area, labelWidth: 8, focused: true, styles: s)
        if let problem { buffer.paragraph("✗ " + problem, y: y + 2, area: area, style: s.error) }
        buffer.paragraph("Sandbox: PDF statements are accepted, anything else is refused (SUBMIT_DOCUMENTS_ERROR)",
                         y: max(y + 4, area.maxY - 2), area: area, style: s.muted)
        return cursor
    }
}
