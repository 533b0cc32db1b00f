/// Word-wraps `text` to `width` columns, the one wrap every pane, dialog and the log panel use.
///
/// Each line of `text` wraps on its own (an empty one stays an empty line). Continuation lines
/// are indented by `indent` columns when the width leaves room for it (8 columns or more). A word
/// longer than a line is cut: on lines of its own, or, with `longWordsFillLines`, filling the
/// rest of the current line first (so long ids and tokens stay next to their key).
func wrap(_ text: String, width: Int, indent requested: Int = 0, longWordsFillLines: Bool = false) -> [String] {
    guard width > 0 else { return [] }
    let indent = width - requested >= 8 ? requested : 0
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        var used = 0
        var hasContent = false
        var paragraphLines = 0
        func breakLine() {
            lines.append(line)
            paragraphLines += 1
            line = pad
            used = indent
            hasContent = false
        }
        for piece in paragraph.split(separator: " ") {
            var word = String(piece)
            var wordWidth = displayWidth(of: word)
            if hasContent {
                if used + 1 + wordWidth <= width {
                    line += " " + word
                    used += 1 + wordWidth
                    continue
                }
                if !longWordsFillLines || wordWidth <= width - indent || width - used - 1 < 4 {
                    breakLine()
                } else {
                    line += " "
                    used += 1
                }
            }
            while used + wordWidth > width {
                var head = truncate(word, toWidth: width - used)
                if head.isEmpty {
                    if hasContent { breakLine(); continue }
                    head = String(word.prefix(1))  // a wide character in a 1-column line
                }
                line += head
                word = String(word.dropFirst(head.count))
                wordWidth = displayWidth(of: word)
                breakLine()
            }
            if !word.isEmpty {
                line += word
                used += wordWidth
                hasContent = true
            }
        }
        if hasContent || paragraphLines == 0 { lines.append(line) }
    }
    return lines
}
