// AudienceMarks.swift: what the presenter and the watchers are shown of the room.

extension Audience {
    /// The header's marker while watchers watch: how many.
    static func marker(watchers: Int) -> String {
        "● \(watchers) watching"
    }

    /// The watchers' footer, in place of the presenter's key hints (which do nothing for them).
    static let watcherFooter = "watching the presenter's session · q leaves"

    /// Writes the watchers' count into `buffer`'s header row (nothing when none watch): quietly,
    /// in the widest run of blank cells of the top row, in the style of the header's muted text,
    /// and only where it fits whole (with a blank either side).
    public func markHeader(_ buffer: inout CellBuffer) {
        Self.markHeader(&buffer, watchers: count)
    }

    static func markHeader(_ buffer: inout CellBuffer, watchers: Int) {
        guard watchers > 0, buffer.rows > 2 else { return }
        let text = marker(watchers: watchers)
        let width = displayWidth(of: text)
        // the widest run of blanks in the top row
        var best = (start: 0, length: 0)
        var start = 0
        for x in 0...buffer.cols {
            if x < buffer.cols && buffer[0, x].text == " " { continue }
            if x - start > best.length { best = (start, x - start) }
            start = x + 1
        }
        guard best.length >= width + 4 else { return }
        var style = buffer[0, min(buffer.cols - 1, 12)].style
        style.bold = false
        _ = buffer.put(text, y: 0, x: best.start + (best.length - width) / 2, style: style)
    }

    /// `buffer` as a watcher sees it: the footer row says they are watching and how to leave.
    static func watcherView(_ buffer: CellBuffer, watchers: Int) -> CellBuffer {
        var view = buffer
        markHeader(&view, watchers: watchers)
        guard view.rows > 2, view.cols > 0 else { return view }
        let y = view.rows - 1
        var style = view[0, min(view.cols - 1, 12)].style
        style.bold = false
        view.fill(Rect(x: 0, y: y, width: view.cols, height: 1), style: view[y, 0].style)
        _ = view.put(" " + watcherFooter, y: y, x: 0, style: style)
        return view
    }
}
