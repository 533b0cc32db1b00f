import LinkKit

/// OAuthPane: the OAuth notice, and the simulated bank sign-in page it leads to.
public struct OAuthPane {
    /// The notice's bindings.
    public static let noticeKeyMap = KeyMap([KeyBinding("Enter", "continue to bank"), KeyBinding("Esc", "back")])
    /// The sign-in page's bindings.
    public static let signInKeyMap = KeyMap([
        KeyBinding("Tab", "next"), KeyBinding("Enter", "press"), KeyBinding("Esc", "cancel"),
    ])

    /// The bank page's username (any input is accepted, as in the sandbox).
    public var username = TextField(maxLength: 128)
    /// The bank page's password (masked; never read, wiped when the page closes).
    public var password = SecretField(maxLength: 128)
    /// 0 username, 1 password, 2 Approve, 3 Cancel, 4 Simulate failure.
    public var focus = 0

    static let buttons = ["Sign in and allow", "Cancel", "Simulate a bank failure"]

    /// Creates the pane.
    public init() {}

    /// A fresh sign-in page.
    public mutating func reset() {
        username.clear()
        password.clear()
        focus = 0
    }

    /// Keys on the notice: Enter opens the bank page, Esc goes back.
    public static func handleNotice(_ key: Key) -> PaneResult {
        switch key {
        case .enter: .send(.primary)
        case .escape: .send(.back)
        default: .ignored
        }
    }

    /// Keys on the bank page.
    public mutating func handleSignIn(_ key: Key) -> PaneResult {
        switch key {
        case .tab, .down: focus = (focus + 1) % 5; return .handled
        case .backTab, .up: focus = (focus + 4) % 5; return .handled
        case .escape: return .send(.oauth(.cancel))
        case .enter:
            let result: OAuthResult = switch focus {
            case 3: .cancel
            case 4: .fail
            default: .approve
            }
            reset()
            return .send(.oauth(result))
        default:
            if focus == 0 { return username.handle(key) == nil ? .ignored : .handled }
            if focus == 1 { return password.handle(key) == nil ? .ignored : .handled }
            return .ignored
        }
    }

    /// Draws the OAuth notice.
    public static func drawNotice(into buffer: inout CellBuffer, area: Rect, context: PaneContext) {
        let s = context.styles
        var y = buffer.paragraph("You will be sent to \(context.institutionName)", y: area.y, area: area, style: s.title) + 1
        y = buffer.paragraph("\(context.institutionName) signs you in on its own site (OAuth). Sign in there, approve sharing, and you will come back here to choose your accounts.",
                             y: y, area: area, style: s.text) + 1
        y = buffer.paragraph("In the sandbox the bank's page is simulated in this terminal; any input is accepted.",
                             y: y, area: area, style: s.muted) + 1
        buffer.centered("[ Continue to \(context.institutionName) ]", y: min(area.maxY - 1, y), area: area, style: s.selected)
    }

    /// Draws the simulated bank page.
    public func drawSignIn(into buffer: inout CellBuffer, area: Rect, context: PaneContext) -> CellPosition? {
        let s = context.styles
        let host = context.institutionName.lowercased().filter { $0.isLetter || $0.isNumber } + ".example"
        buffer.fill(area, style: s.text)
        buffer.drawBox(area, style: s.border, border: .double, title: " 🔒 https://\(host)/oauth ")
        let inner = area.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = buffer.paragraph("Sign in to \(context.institutionName)", y: inner.y, area: inner, style: s.title) + 1
        let first = buffer.field(username, label: "User ID", y: y, area: inner, labelWidth: 11, focused: focus == 0, styles: s)
        let second = buffer.field(password, label: "Password", y: y + 1, area: inner, labelWidth: 11, focused: focus == 1, styles: s)
        y += 3
        y = buffer.paragraph("☑ Share account and balance information with linkterm", y: y, area: inner, style: s.muted)
        y += 1
        for (index, label) in Self.buttons.enumerated() where y < inner.maxY {
            let focused = focus == index + 2
            buffer.text((focused ? "› " : "  ") + "[ \(label) ]", y: y, x: inner.x, area: inner, style: focused ? s.selected : s.accent)
            y += 1
        }
        return first ?? second
    }
}
