/// LogPlacement: where the log panel goes (`--log-panel`).
public enum LogPlacement: String, Hashable, Sendable, CaseIterable {
    /// Right of the panes on wide terminals (120 columns or more), below them otherwise.
    case auto
    /// Always right of the panes.
    case right
    /// Always below the panes.
    case bottom
    /// Hidden (F2 shows it, placed as `auto`).
    case off
}

/// Layout: where the header, the Link card, the log panel and the footer go for a terminal size.
///
/// Link is a modal card of a fixed, readable width (DESIGN.md §6): the card keeps
/// ``cardWidth`` columns and at most ``cardHeight`` rows, centred in the space the log panel
/// leaves (the backdrop); a terminal narrower or shorter than that gives the card all of it. The
/// log panel takes what the card does not need: beside it on wide terminals (it grows with
/// them), below it otherwise.
public struct Layout: Hashable, Sendable {
    /// The smallest terminal linkterm draws its panes in.
    public static let minimumSize = (cols: 60, rows: 18)
    /// Below this size the layout is compact: the card takes the whole body and the log panel
    /// shows only while it has focus (F3), over the card.
    public static let compactBelow = (cols: 80, rows: 24)
    /// The card's width where there is room: about the 360–400 px of Link's modal.
    public static let cardWidth = 72
    /// The card's tallest: the longest pane (nine accounts) with room to spare.
    public static let cardHeight = 22
    /// The narrowest log panel beside the card.
    public static let sideLogWidth = 36

    /// The top row.
    public var header: Rect
    /// Everything between the header and the footer (where the event inspector opens).
    public var body: Rect
    /// The space around the card (the backdrop), the card included.
    public var backdrop: Rect
    /// The card's box.
    public var pane: Rect
    /// The log panel's box, if shown.
    public var log: Rect?
    /// The bottom row (key hints).
    public var footer: Rect
    /// Whether the terminal is smaller than ``compactBelow`` (then ``log`` is `nil`).
    public var isCompact: Bool

    /// The layout for `rows` x `cols` with the log panel placed as asked.
    public init(rows: Int, cols: Int, placement: LogPlacement, logVisible: Bool) {
        let whole = Rect(x: 0, y: 0, width: cols, height: rows)
        let (header, rest) = whole.splitTop(height: 1)
        let (body, footer) = rest.splitBottom(height: 1)
        self.header = header
        self.footer = footer
        self.body = body
        var side = placement == .off ? LogPlacement.auto : placement
        if side == .auto { side = cols >= 120 ? .right : .bottom }
        isCompact = cols < Self.compactBelow.cols || rows < Self.compactBelow.rows
        if !logVisible || isCompact {
            backdrop = body
            log = nil
        } else if side == .right {
            // the card and a margin on each side; the log panel gets the rest, never under its minimum
            let width = max(Self.sideLogWidth, cols - Self.cardWidth - 4)
            let split = body.splitRight(width: min(width, max(0, cols - 20)))
            backdrop = split.left
            log = split.right
        } else {
            let height = max(6, min(14, body.height / 4 + 1))
            let split = body.splitBottom(height: height)
            backdrop = split.top
            log = split.bottom
        }
        pane = Self.card(in: backdrop)
    }

    /// The card centred in `space`: ``cardWidth`` x ``cardHeight`` at most, all of `space` when
    /// it is smaller.
    static func card(in space: Rect) -> Rect {
        let width = min(space.width, Self.cardWidth)
        let height = min(space.height, Self.cardHeight)
        return Rect(x: space.x + (space.width - width) / 2, y: space.y + (space.height - height) / 2, width: width, height: height)
    }
}
