import LinkKit

/// OutcomePane: the finished session: which callback ended it and with what (shown while the
/// autopilot's last screen waits for a key).
struct OutcomePane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Done " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap { PlaidKeyMap([]) }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = area.y + max(0, area.height / 2 - 2)
        switch context.outcome {
        case .success(let success)?:
            let accounts = success.metadata.accounts.count
            buffer.centered("✓ onSuccess", y: y, area: area, style: s.success)
            y += 2
            buffer.centered(success.publicToken.isEmpty ? "no public token" : success.publicToken, y: y, area: area, style: s.text)
            buffer.centered("\(success.metadata.institution.map { sanitizeForTerminal($0.name) } ?? "no institution") · \(accounts) account\(accounts == 1 ? "" : "s")",
                            y: y + 1, area: area, style: s.muted)
        case .exit(let exit)?:
            buffer.centered("onExit", y: y, area: area, style: s.warning)
            y += 2
            buffer.centered("status \(exit.metadata.status?.description ?? "null")", y: y, area: area, style: s.text)
            if let error = exit.error {
                buffer.centered("\(error.errorCode.errorType) · \(error.errorCode.errorCode)", y: y + 1, area: area, style: s.muted)
            }
        case nil:
            break
        }
        return nil
    }
}
