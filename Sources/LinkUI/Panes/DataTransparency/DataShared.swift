import LinkKit

/// DataShared: the data each product shares, in the words a person reads on the data panes.
enum DataShared {
    /// The lines for `products`, in a fixed order.
    static func lines(for products: Set<LinkProduct>) -> [(String, String)] {
        var lines: [(String, String)] = [("Account details", "names, types and the last digits of account numbers")]
        if products.contains(.transactions) || products.contains(.assets) {
            lines.append(("Balances and transactions", "up to 24 months of history"))
        }
        if products.contains(.auth) { lines.append(("Account and routing numbers", "to move money to and from the account")) }
        if products.contains(.assets) { lines.append(("Account owner information", "name, address, phone and email")) }
        return lines
    }

    /// Draws the lines from `y`; returns the row after.
    static func draw(_ products: Set<LinkProduct>, into buffer: inout CellBuffer, y start: Int, area: Rect, styles s: ThemeStyles) -> Int {
        var y = start
        for (title, detail) in lines(for: products) where y < area.maxY - 1 {
            buffer.text("• " + title, y: y, x: area.x, area: area, style: s.accent)
            y = buffer.paragraph(detail, y: y + 1, area: area.inset(left: 2), style: s.text)
        }
        return y
    }
}
