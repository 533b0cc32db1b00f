import LinkKit

/// InstitutionBadge: the institution's initials on its colour, as Link shows its logo.
struct InstitutionBadge: Hashable, Sendable {
    /// One or two letters.
    var initials: String
    /// The institution's colour (the theme's accent where it is not known).
    var color: TermColor?

    /// The sandbox institutions' colours; others get the theme's.
    static let knownColors: [String: TermColor] = [
        "ins_109508": .rgb(0x00, 0x87, 0x87), "ins_109509": .rgb(0x5f, 0x87, 0x00), "ins_109510": .rgb(0x87, 0x5f, 0xaf),
        "ins_109511": .rgb(0xaf, 0x00, 0x00), "ins_109512": .rgb(0x5f, 0x5f, 0x87), "ins_127287": .rgb(0x00, 0x5f, 0xaf),
        "ins_56": .rgb(0x11, 0x7a, 0xca), "ins_127989": .rgb(0xd7, 0x1e, 0x28), "ins_3": .rgb(0x1c, 0x3f, 0x94),
        "ins_4": .rgb(0xe3, 0x1a, 0x37),
    ]

    /// The badge of `record`: the initials of its first two words (letters and digits only).
    init(_ record: InstitutionRecord) {
        let words = sanitizeForTerminal(record.name).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        initials = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
        if initials.isEmpty { initials = "?" }
        color = Self.knownColors[record.id]
    }
}

extension CellBuffer {
    /// Draws the Link card of `layout`: the backdrop around it (shaded top to bottom when
    /// `gradient` and the theme has shades, else left plain), the card's border with `title`
    /// and, at its top right, the institution's `badge`; returns the area inside, padded.
    mutating func linkCard(
        _ layout: Layout, title: String, badge: InstitutionBadge?, focused: Bool, gradient: Bool, styles s: ThemeStyles
    ) -> Rect {
        let space = layout.backdrop
        if gradient, !s.backdrop.isEmpty, space != layout.pane {
            for row in 0..<space.height {
                let shade = s.backdrop[min(s.backdrop.count - 1, row * s.backdrop.count / max(1, space.height))]
                fill(Rect(x: space.x, y: space.y + row, width: space.width, height: 1), style: shade)
            }
            fill(layout.pane, style: s.text)
        }
        drawBox(layout.pane, style: focused ? s.title : s.border, border: .rounded, title: title)
        if let badge, layout.pane.width >= displayWidth(of: title) + 12 {
            let label = " \(badge.initials) "
            let style = Style(fg: .indexed(15), bg: badge.color ?? s.accent.fg, bold: true)
            let x = layout.pane.maxX - 3 - displayWidth(of: label)
            put(label, y: layout.pane.y, x: x, style: s.backdrop.isEmpty ? s.selected : style)
        }
        return layout.pane.inset(top: 1, left: 2, bottom: 1, right: 2)
    }

    /// Draws the pane's primary action: a button across the card, its label centred, the one
    /// element styled to be found first (`enabled` false: drawn muted until it can be pressed).
    mutating func primaryButton(_ label: String, y: Int, area: Rect, enabled: Bool = true, styles s: ThemeStyles) {
        guard y >= area.y, y < area.maxY else { return }
        let width = min(area.width, max(displayWidth(of: label) + 8, area.width * 2 / 3))
        let x = area.x + (area.width - width) / 2
        let style = enabled ? s.primaryButton : s.muted
        if enabled { fill(Rect(x: x, y: y, width: width, height: 1), style: style) }
        centered(label, y: y, area: Rect(x: x, y: y, width: width, height: 1), style: style)
    }
}
