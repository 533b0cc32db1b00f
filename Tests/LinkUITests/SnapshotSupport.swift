import Foundation
import Testing
@testable import LinkUI

// Snapshots of screens: `Snapshots/<name>.txt` holds the screen's text and, under it, its style
// layer: one letter a cell (the same letter, the same style) and a legend naming each letter's
// colours and attributes. A mismatch prints the lines that differ, text or style.
// `UPDATE_SNAPSHOTS=1 swift test --filter LinkUITests` rewrites them; review `git diff` before committing.

let snapshotFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

/// The letters of the style layer, in the order styles first appear (row by row).
private let styleLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

extension TermColor {
    /// The colour as a snapshot's legend names it: `default`, a palette index, or `#rrggbb`.
    var snapshotName: String {
        switch self {
        case .default: "default"
        case .indexed(let index): "\(index)"
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
        }
    }
}

extension Style {
    /// The style as a snapshot's legend names it: `fg/bg` then its attributes.
    var snapshotName: String {
        var words = ["\(fg.snapshotName)/\(bg.snapshotName)"]
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if italic { words.append("italic") }
        if underline { words.append("underline") }
        if reverse { words.append("reverse") }
        return words.joined(separator: " ")
    }
}

/// The snapshot of `buffer`: its text, then its style layer and the layer's legend.
func snapshotText(_ buffer: CellBuffer) -> String {
    var letters: [Style: Character] = [:]
    var legend: [String] = []
    var layer: [String] = []
    for y in 0..<buffer.rows {
        var row = ""
        for x in 0..<buffer.cols {
            let style = buffer[y, x].style
            if letters[style] == nil {
                let letter = letters.count < styleLetters.count ? styleLetters[letters.count] : "?"
                letters[style] = letter
                legend.append("\(letter) \(style.snapshotName)")
            }
            row.append(letters[style]!)
        }
        layer.append(row)
    }
    return (buffer.lines() + ["--- style (one letter a cell) ---"] + layer + ["--- legend ---"] + legend).joined(separator: "\n")
}

/// Compares `buffer`'s text and style with `Snapshots/<name>.txt`.
func assertSnapshot(_ buffer: CellBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try assertSnapshot(snapshotText(buffer), name, sourceLocation: sourceLocation)
}

/// Compares `screen` with `Snapshots/<name>.txt`, printing the lines that differ;
/// `UPDATE_SNAPSHOTS=1` rewrites the file instead.
func assertSnapshot(_ screen: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    // log lines carry wall-clock-free manual times, so screens are reproducible
    let url = snapshotFolder.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try Data((screen + "\n").utf8).write(to: url)
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("no snapshot \(name).txt; run with UPDATE_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard screen + "\n" != expected else { return }
    let message = "screen differs from Snapshots/\(name).txt (- expected, + drawn; UPDATE_SNAPSHOTS=1 rewrites it):\n"
        + snapshotDiff(expected: expected, actual: screen + "\n")
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The lines that differ between two snapshots, numbered from 1, with the section (text, style)
/// each lies in.
func snapshotDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? String(old[index]) : nil
        let after = index < new.count ? String(new[index]) : nil
        guard before != after else { continue }
        out.append("line \(index + 1):")
        if let before { out.append("- " + before) }
        if let after { out.append("+ " + after) }
        if out.count > 120 { out.append("…"); break }
    }
    return out.joined(separator: "\n")
}
