import LinkKit

/// LayerHostPane: before a Layer session opens, the host app's side: the phone (and date of birth)
/// it submits (`submit(data:)`); once `LAYER_READY` has come, Enter opens Layer.
struct LayerHostPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Your app (Layer not open yet) " }

    private func ready(_ context: PlaidPaneContext) -> Bool { context.pane == .layerWaiting(ready: true) }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        ready(context)
            ? PlaidKeyMap([PlaidKeyBinding("Enter", "open Layer", matches: [.enter], sends: .primary), PlaidKeyBinding("Esc", "close", matches: [.escape], sends: .back)])
            : PlaidKeyMap([PlaidKeyBinding("Tab", "next field", matches: [.tab]), PlaidKeyBinding("Enter", "submit", matches: [.enter]),
                      PlaidKeyBinding("Esc", "close", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { !ready(context) }

    var phone = TextField(maxLength: 24)
    var birth = TextField(maxLength: 10)
    /// 0 phone, 1 date of birth.
    var focus = 0
    /// Whether the fields as they are were submitted (and Layer is not ready: not eligible).
    var submitted = false

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        if ready(context) { return keyMap(context).action(for: key).map(PlaidPaneResult.send) ?? .ignored }
        switch key {
        case .escape: return .send(.back)
        case .tab, .backTab, .up, .down: focus = 1 - focus; return .handled
        case .enter:
            guard !phone.isEmpty else { focus = 0; return .handled }
            submitted = true
            return .send(.submitLayerData(phone: phone.text, dateOfBirth: birth.isEmpty ? nil : birth.text))
        default:
            guard let edited = focus == 0 ? phone.handle(key) : birth.handle(key) else { return .ignored }
            if edited { submitted = false }
            return .handled
        }
    }

    /// `layer P [D]`: both fields, Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .layer(let number, let dateOfBirth) = command else { return nil }
        return (focus == 0 ? [] : [.tab]) + [.ctrl("u")] + number.map { Key.char($0) } + [.tab, .ctrl("u")]
            + (dateOfBirth ?? "").map { Key.char($0) } + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        var y = buffer.paragraph("The app submits what it knows (submit(data:)); Layer opens when the phone is eligible.",
                                 y: area.y, area: area, style: s.text) + 1
        if ready(context) {
            buffer.paragraph("✓ LAYER_READY: the app may open Layer now.", y: y, area: area, style: s.success)
            return nil
        }
        let first = buffer.field(PhoneLine(field: phone), label: "Phone", y: y, area: area, labelWidth: 16, focused: focus == 0, styles: s)
        let second = buffer.field(birth, label: "Born", y: y + 2, area: area, labelWidth: 16, focused: focus == 1, styles: s)
        buffer.text("(optional, YYYY-MM-DD)", y: y + 3, x: area.x + 16, area: area, style: s.muted)
        y += 5
        if submitted {
            buffer.paragraph("The last phone submitted is not eligible (LAYER_NOT_AVAILABLE).", y: y, area: area, style: s.warning)
        }
        buffer.paragraph("Sandbox: 415-555-0010 is eligible; a date of birth after \(LinkEngine.layerAutofillLatestBirth) is not eligible "
                         + "for Extended Autofill", y: max(y + 2, area.maxY - 2), area: area, style: s.muted)
        return first ?? second
    }
}
