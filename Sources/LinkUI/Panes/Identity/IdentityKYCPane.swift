import LinkKit

/// IdentityKYCPane: KYC_CHECK: first and last name, date of birth, SSN (masked); Tab moves,
/// Enter submits once every field is filled and well formed.
struct IdentityKYCPane: PaneView {
    func title(_ context: PlaidPaneContext) -> String? { " Your details " }

    func keyMap(_ context: PlaidPaneContext) -> PlaidKeyMap {
        if context.engine.identityOutcome != nil { return IdentityEnding.keyMap }
        return PlaidKeyMap([PlaidKeyBinding("Tab", "next field", matches: [.tab]), PlaidKeyBinding("Enter", "submit", matches: [.enter]),
                       PlaidKeyBinding("Esc", "exit", matches: [.escape], sends: .back)])
    }

    func takesText(_ context: PlaidPaneContext) -> Bool { context.engine.identityOutcome == nil }

    var first = TextField(maxLength: 64)
    var last = TextField(maxLength: 64)
    var birth = TextField(maxLength: 10)
    var ssn = SecretField(maxLength: 11)
    /// 0 first, 1 last, 2 date of birth, 3 SSN.
    var focus = 0
    var problem: String?

    mutating func enter(_ context: PlaidPaneContext, returning: Bool) {
        guard !returning else { return }
        first.clear(); last.clear(); birth.clear(); ssn.clear()
        focus = 0
        problem = nil
    }

    mutating func handle(_ key: Key, context: PlaidPaneContext) -> PlaidPaneResult {
        if context.engine.identityOutcome != nil { return key == .enter || key == .escape ? .send(.primary) : .ignored }
        switch key {
        case .escape: return .send(.back)
        case .tab, .down: focus = (focus + 1) % 4; return .handled
        case .backTab, .up: focus = (focus + 3) % 4; return .handled
        case .enter:
            if first.isEmpty { focus = 0; return .handled }
            if last.isEmpty { focus = 1; return .handled }
            if birth.isEmpty { focus = 2; return .handled }
            if ssn.isEmpty { focus = 3; return .handled }
            let check = IdentityDetails(firstName: first.text, lastName: last.text, dateOfBirth: birth.text, ssn: ssn.peekCopy())
            defer { check.ssn.wipe() }
            if let problem = SandboxIdentity.problem(with: check) {
                self.problem = problem
                return .handled
            }
            problem = nil
            return .send(.submitIdentity(IdentityDetails(firstName: first.text, lastName: last.text, dateOfBirth: birth.text,
                                                         ssn: ssn.takeSecret())))
        default:
            let edited: Bool? = switch focus {
            case 0: first.handle(key)
            case 1: last.handle(key)
            case 2: birth.handle(key)
            default: ssn.handle(key)
            }
            guard let edited else { return .ignored }
            if edited { problem = nil }
            return .handled
        }
    }

    /// `kyc F L D S`: each field from the first, then Enter.
    func keys(for command: ScenarioCommand, context: PlaidPaneContext) -> [Key]? {
        guard case .kyc(let details) = command else { return nil }
        var keys: [Key] = Array(repeating: .backTab, count: focus)
        keys += [.ctrl("u")] + details.firstName.map { Key.char($0) } + [.tab, .ctrl("u")] + details.lastName.map { Key.char($0) }
        keys += [.tab, .ctrl("u")] + details.dateOfBirth.map { Key.char($0) } + [.tab, .ctrl("u")]
        return keys + KeyPlanner.keys(typing: details.ssn) + [.enter]
    }

    func draw(into buffer: inout CellBuffer, area: Rect, context: PlaidPaneContext) -> CellPosition? {
        let s = context.styles
        if let outcome = context.engine.identityOutcome {
            IdentityEnding.draw(outcome, into: &buffer, area: area, styles: s)
            return nil
        }
        let y = buffer.paragraph("Tell us about yourself", y: area.y, area: area, style: s.title) + 1
        var cursor: CellPosition?
        let rows: [(any EditableLine, String)] = [(first, "First name"), (last, "Last name"), (birth, "Born (Y-M-D)"), (ssn, "SSN")]
        for (index, row) in rows.enumerated() {
            let here = buffer.field(row.0, label: row.1, y: y + index * 2, area: area, labelWidth: 15, focused: index == focus, styles: s)
            cursor = cursor ?? here
        }
        if let problem { buffer.paragraph("✗ " + problem, y: y + 8, area: area, style: s.error) }
        buffer.paragraph("Sandbox: \(SandboxIdentity.firstName) \(SandboxIdentity.lastName), \(SandboxIdentity.dateOfBirth), SSN 123-45-6789 "
                         + "passes; anyone else goes on to documents", y: max(y + 10, area.maxY - 2), area: area, style: s.muted)
        return cursor
    }
}
