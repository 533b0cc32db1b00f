import LinkKit
import LinkSDK

/// MeshCodePane: a one-time code, after the password (MFA) or before a transfer executes.
struct MeshCodePane: PaneView {
    var code = SecretField(maxLength: 12)

    func title(_ context: MeshPaneContext) -> String? { " Verification " }
    func takesText(_ context: MeshPaneContext) -> Bool { true }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("Enter", "verify", matches: [.enter]), MeshKeyBinding("Esc", "exit", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { code.clear() }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        code.handleCodeEntry(key, back: MeshAction.back, submit: MeshAction.submitCode)
    }

    /// `mfa`: the field emptied, the code typed, Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .submitCode(let code) = action else { return nil }
        return [.ctrl("u")] + KeyPlanner.keys(typing: code) + [.enter]
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        let heading = context.pane == .transferMFA ? "Confirm the transfer" : "Enter the code \(context.integrationName) sent you"
        var y = buffer.paragraph(heading, y: area.y, area: area, style: s.title) + 1
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y, area: area, style: s.error) + 1
        }
        let cursor = buffer.field(code, label: "Code", y: y, area: area, labelWidth: 8, focused: true, styles: s)
        // the card's one filled button (muted until a code is typed), then the sandbox's hint
        buffer.primaryButton("Verify", y: min(area.maxY - 1, y + 2), area: area, enabled: !code.isEmpty, styles: s)
        buffer.paragraph("Sandbox: the code is 123456", y: min(area.maxY - 1, y + 4), area: area, style: s.muted)
        return cursor
    }
}
