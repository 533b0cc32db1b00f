import LinkKit

/// ErrorPane: an error the user cannot fix here, with its display message and where Enter goes.
struct ErrorPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Error " }

    /// Enter and Esc go where the error leads; the footer says where, as the button does.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        let action = if case .error(let state) = context.pane { Self.action(state.next) } else { "continue" }
        return PlaidKeyMap([PlaidKeyBinding("Enter", action, matches: [.enter, .escape], sends: .primary),
                       PlaidKeyBinding("Ctrl-X", "exit", matches: [.ctrl("x")])])
    }

    /// Where Enter goes, in the footer's words.
    static func action(_ next: SandboxError.Next) -> String {
        switch next {
        case .institutionSelect: "back to search"
        case .credentials, .samePane: "try again"
        case .exitLink: "close"
        }
    }

    /// The label of the button for where the error leads.
    static func buttonLabel(_ next: SandboxError.Next) -> String {
        switch next {
        case .institutionSelect: "Back to search"
        case .credentials: "Try again"
        case .samePane: "Try again"
        case .exitLink: "Close"
        }
    }

    /// Draws the error's display message as Link does (a sentence of its own when it has none),
    /// and its code.
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        guard case .error(let state) = context.pane else { return nil }
        let s = context.styles
        var y = buffer.paragraph("Something went wrong", y: area.y, area: area, style: s.error) + 1
        let message = state.error.displayMessage.map { $0 == state.error.errorCode.errorCode ? nil : $0 } ?? nil
        y = buffer.paragraph(message ?? "The connection to \(context.institutionName) could not be completed.",
                             y: y, area: area, style: s.text) + 1
        // the developer's text (error_message) is for a developer: it stays in the ERROR event,
        // which the log panel's inspector shows (F3, Enter); the modal names the code alone
        y = buffer.paragraph("Error code: \(state.error.errorCode.errorCode) · details in the log (F3)", y: y, area: area,
                             style: s.muted) + 1
        buffer.primaryButton(Self.buttonLabel(state.next), y: min(area.maxY - 1, y), area: area, styles: s)
        return nil
    }
}
