import LinkKit

/// IdentityEnding: what every Identity Verification pane shows once the session has ended
/// (passed, failed, pending review): the outcome, and Enter to close Link.
enum IdentityEnding {
    /// The key map once ended: Enter (or Esc) closes Link with onSuccess.
    static let keyMap = PlaidKeyMap([PlaidKeyBinding("Enter", "close", matches: [.enter, .escape], sends: .primary)])

    /// Draws the outcome in `area`.
    static func draw(_ outcome: IdentityOutcome, into buffer: inout CellBuffer, area: Rect, styles s: ThemeStyles) {
        let (title, style, text): (String, Style, String) = switch outcome {
        case .passed: ("✓ Identity verified", s.success, "Thank you: your identity is verified.")
        case .failed: ("✗ We couldn't verify your identity", s.error, "The app you came from will tell you what to do next.")
        case .pendingReview: ("… Your identity is being reviewed", s.warning, "We'll let the app know once a person has checked your document.")
        }
        var y = buffer.paragraph(title, y: area.y, area: area, style: style) + 1
        y = buffer.paragraph(text, y: y, area: area, style: s.text) + 1
        buffer.primaryButton("Close", y: min(area.maxY - 1, y), area: area, styles: s)
    }
}
