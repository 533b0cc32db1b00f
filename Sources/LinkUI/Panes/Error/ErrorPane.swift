import LinkKit

/// ErrorPane: an error the user cannot fix here, with its display message and where Enter goes.
public struct ErrorPane {
    /// The pane's bindings.
    public static let keyMap = KeyMap([KeyBinding("Enter", "continue"), KeyBinding("Ctrl-X", "exit")])

    /// Enter and Esc go where the error leads.
    public static func handle(_ key: Key) -> PaneResult {
        switch key {
        case .enter, .escape: .send(.primary)
        default: .ignored
        }
    }

    /// The label of the button for where the error leads.
    static func buttonLabel(_ next: SandboxError.Next) -> String {
        switch next {
        case .institutionSelect: "[ Back to search ]"
        case .credentials: "[ Try again ]"
        case .samePane: "[ Try again ]"
        case .exitLink: "[ Close ]"
        }
    }

    /// Draws the error's display message (or its code and message when it has none).
    public static func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext, state: ErrorPaneState) {
        let s = context.styles
        var y = buffer.paragraph("Something went wrong", y: area.y, area: area, style: s.error) + 1
        let message = state.error.displayMessage.map { $0 == state.error.errorCode.errorCode ? nil : $0 } ?? nil
        y = buffer.paragraph(message ?? "The connection to \(context.institutionName) could not be completed.",
                             y: y, area: area, style: s.text) + 1
        y = buffer.paragraph("\(state.error.errorCode.errorType) · \(state.error.errorCode.errorCode)", y: y, area: area, style: s.muted)
        y = buffer.paragraph(state.error.errorMessage, y: y, area: area, style: s.muted) + 1
        buffer.centered(buttonLabel(state.next), y: min(area.maxY - 1, y), area: area, style: s.selected)
    }
}
