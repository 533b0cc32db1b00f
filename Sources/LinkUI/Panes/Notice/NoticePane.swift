import LinkKit

/// NoticePane: the message over institution search for a degraded, down, unsupported or filtered
/// institution.
struct NoticePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Select institution " }

    func underlay(_ context: PlaidPaneContext) -> Pane? { .selectInstitution }

    /// Enter continues (degraded) or goes back; Esc goes back.
    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        switch notice(context) {
        case .degraded:
            PlaidKeyMap([PlaidKeyBinding("Enter", "continue anyway", matches: [.enter], sends: .primary),
                    PlaidKeyBinding("f", "notify me", matches: [.char("f")], sends: .followIssue),
                    PlaidKeyBinding("Esc", "back", matches: [.escape], sends: .back)])
        case .followed(.degraded):
            PlaidKeyMap([PlaidKeyBinding("Enter", "continue anyway", matches: [.enter], sends: .primary),
                    PlaidKeyBinding("Esc", "back", matches: [.escape], sends: .back)])
        case .down:
            PlaidKeyMap([PlaidKeyBinding("Enter/Esc", "back to search", matches: [.enter, .escape], sends: .back),
                    PlaidKeyBinding("f", "notify me", matches: [.char("f")], sends: .followIssue),
                    PlaidKeyBinding("Ctrl-X", "exit", matches: [.ctrl("x")])])
        case .unsupported, .filtered, .followed:
            PlaidKeyMap([PlaidKeyBinding("Enter/Esc", "back to search", matches: [.enter, .escape], sends: .back),
                    PlaidKeyBinding("Ctrl-X", "exit", matches: [.ctrl("x")])])
        }
    }

    /// `follow`: f.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        command == .follow ? [.char("f")] : nil
    }

    private func notice(_ context: PlaidPaneContext) -> InstitutionNotice {
        if case .institutionNotice(let notice) = context.pane { notice } else { .down }
    }

    /// Draws the notice as a dialog over `area` (the search pane is drawn underneath).
    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        let notice = notice(context)
        let name = context.institutionName
        switch notice {
        case .degraded:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Connectivity issues ", lines: [
                ("⚠ \(name) is having trouble", s.warning),
                ("Connecting may be slow or may not work right now. You can continue anyway, or choose another institution.", s.text),
            ], buttons: "[ Enter: Continue anyway ]   [ f: Notify me ]   [ Esc: Back ]")
        case .down:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Unavailable ", lines: [
                ("✗ \(name) is unavailable", s.error),
                ("This institution is not responding right now. Please try again later or choose another one.", s.text),
            ], buttons: "[ Enter: Back to search ]   [ f: Notify me ]")
        case .followed(let status):
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Following ", lines: [
                ("✓ We'll let you know when \(name) is back", s.success),
                (status == .degraded ? "You can still continue now, or choose another institution." : "Choose another institution for now.", s.text),
            ], buttons: status == .degraded ? "[ Enter: Continue anyway ]   [ Esc: Back ]" : "[ Enter: Back to search ]")
        case .unsupported:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Not supported ", lines: [
                ("✗ \(name) is not supported", s.error),
                ("Linking accounts at this institution is no longer supported. Choose another one, or press Ctrl-X to exit.", s.text),
            ], buttons: "[ Enter: Back to search ]")
        case .filtered:
            Dialog.draw(into: &buffer, area: area, styles: s, title: " Not available ", lines: [
                ("✗ \(name) can't be used here", s.error),
                ("It links by account and routing numbers only, which this session's products do not use "
                    + "(they need --product auth). Choose another one.", s.text),
            ], buttons: "[ Enter: Back to search ]")
        }
        return nil
    }
}
