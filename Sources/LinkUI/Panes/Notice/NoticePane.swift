import LinkKit

/// NoticePane: the message over institution search for a degraded, down or unsupported institution.
public struct NoticePane {
    /// The bindings for each notice.
    public static func keyMap(_ notice: InstitutionNotice) -> KeyMap {
        switch notice {
        case .degraded: KeyMap([KeyBinding("Enter", "continue anyway"), KeyBinding("Esc", "back")])
        case .down, .unsupported: KeyMap([KeyBinding("Enter/Esc", "back to search"), KeyBinding("Ctrl-X", "exit")])
        }
    }

    /// Enter continues (degraded) or goes back; Esc goes back.
    public static func handle(_ key: Key) -> PaneResult {
        switch key {
        case .enter: .send(.primary)
        case .escape: .send(.back)
        default: .ignored
        }
    }

    /// Draws the notice as a dialog over `area`.
    public static func draw(into buffer: inout CellBuffer, area: Rect, context: PaneContext, notice: InstitutionNotice) {
        let s = context.styles
        let name = context.institutionName
        switch notice {
        case .degraded:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Connectivity issues ", lines: [
                ("⚠ \(name) is having trouble", s.warning),
                ("Connecting may be slow or may not work right now. You can continue anyway, or choose another institution.", s.text),
            ], buttons: "[ Enter: Continue anyway ]   [ Esc: Back ]")
        case .down:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Unavailable ", lines: [
                ("✗ \(name) is unavailable", s.error),
                ("This institution is not responding right now. Please try again later or choose another one.", s.text),
            ], buttons: "[ Enter: Back to search ]")
        case .unsupported:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Not supported ", lines: [
                ("✗ \(name) is not supported", s.error),
                ("Linking accounts at this institution is no longer supported. Choose another one, or press Ctrl-X to exit.", s.text),
            ], buttons: "[ Enter: Back to search ]")
        }
    }
}
