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

/// Layout: where the header, the pane, the log panel and the footer go for a terminal size.
public struct Layout: Hashable, Sendable {
    /// The smallest terminal linkterm draws its panes in.
    public static let minimumSize = (cols: 80, rows: 24)

    /// The top row.
    public var header: Rect
    /// The pane's box.
    public var pane: Rect
    /// The log panel's box, if shown.
    public var log: Rect?
    /// The bottom row (key hints).
    public var footer: Rect

    /// The layout for `rows` x `cols` with the log panel placed as asked.
    public init(rows: Int, cols: Int, placement: LogPlacement, logVisible: Bool) {
        let whole = Rect(x: 0, y: 0, width: cols, height: rows)
        let (header, rest) = whole.splitTop(height: 1)
        let (body, footer) = rest.splitBottom(height: 1)
        self.header = header
        self.footer = footer
        var side = placement == .off ? LogPlacement.auto : placement
        if side == .auto { side = cols >= 120 ? .right : .bottom }
        guard logVisible else {
            pane = body
            log = nil
            return
        }
        if side == .right {
            let width = min(64, max(36, cols * 2 / 5))
            let split = body.splitRight(width: width)
            pane = split.left
            log = split.right
        } else {
            let height = max(6, min(14, body.height / 4 + 1))
            let split = body.splitBottom(height: height)
            pane = split.top
            log = split.bottom
        }
    }
}
