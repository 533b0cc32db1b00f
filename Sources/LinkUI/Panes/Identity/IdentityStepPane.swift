import LinkKit

/// IdentityStepPane: the Identity Verification steps with nothing to type: the terms (Enter
/// accepts), the selfie (Enter takes it, simulated), and the automatic risk check and screening.
struct IdentityStepPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Verify your identity " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        if context.engine.identityOutcome != nil { return IdentityEnding.keyMap }
        let esc = PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)
        return switch context.pane {
        case .identity(.acceptTOS): PlaidKeyMap([PlaidKeyBinding("Enter", "accept", matches: [.enter], sends: .primary), esc])
        case .identity(.selfieCheck): PlaidKeyMap([PlaidKeyBinding("Enter", "take the selfie", matches: [.enter], sends: .primary), esc])
        default: PlaidKeyMap([esc])
        }
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        if let outcome = context.engine.identityOutcome {
            IdentityEnding.draw(outcome, into: &buffer, area: area, styles: s)
            return nil
        }
        switch context.pane {
        case .identity(.acceptTOS):
            var y = buffer.paragraph("Verify your identity", y: area.y, area: area, style: s.title) + 1
            y = buffer.paragraph("We'll check your phone, your details and a selfie. Your information is used to verify "
                                 + "your identity and is handled under the Terms of Service and Privacy Policy.", y: y, area: area,
                                 style: s.text) + 1
            buffer.primaryButton("Accept and continue", y: min(area.maxY - 1, y), area: area, styles: s)
        case .identity(.selfieCheck):
            var y = buffer.paragraph("Take a selfie", y: area.y, area: area, style: s.title) + 1
            y = buffer.paragraph("We match it with your ID. A terminal has no camera: the sandbox takes one for you.",
                                 y: y, area: area, style: s.text) + 1
            buffer.primaryButton("Take the selfie", y: min(area.maxY - 1, y), area: area, styles: s)
        case .identity(.riskCheck):
            buffer.paragraph("Checking for risk signals…", y: area.y, area: area, style: s.title)
        default:
            buffer.paragraph("Screening against watchlists…", y: area.y, area: area, style: s.title)
        }
        return nil
    }
}
