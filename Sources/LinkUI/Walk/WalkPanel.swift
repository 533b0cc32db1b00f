import LinkKit

/// WalkPanel: the checklist of a guided QA walk (`linkterm walk`), for either flavor: shown
/// where the log panel goes (F5 switches between them; a compact layout shows it over the card
/// on F5), the scenario's steps in a person's words, the current one marked, each step's
/// `expect` lines under it as they are met (✓) or not (✗ and the closest record), an off-script
/// action in place. F6 marks the current step failed, F7 blocked, each with a note typed in place
/// (Enter keeps it, Esc drops it); the walk goes on to the next step.
public final class WalkPanel<Engine: FlowEngine> where Engine.Action: Equatable {
    /// The walk checked.
    public let walk: ScenarioWalk<Engine>
    /// Whether the checklist shows where the log panel goes (else the log); F5.
    public internal(set) var showsChecklist = true
    /// Whether a compact layout shows the checklist over the card; F5.
    public internal(set) var showsOverCard = false
    /// The note being typed, and whether it marks the step blocked (else failed).
    public internal(set) var note: (text: String, blocked: Bool)?
    /// The session's timeline so far (the report's last part), as F4 shows it; set by the app.
    public internal(set) var timeline: () -> [String] = { [] }
    /// The terminal's size when last drawn (the report's header).
    public internal(set) var terminalSize: (cols: Int, rows: Int)?
    /// The longest note kept.
    static var noteLimit: Int { 200 }

    /// A panel over `walk`.
    public init(walk: ScenarioWalk<Engine>) { self.walk = walk }

    /// A panel over a walk of `script`.
    public convenience init(script: WalkScript<Engine>) { self.init(walk: ScenarioWalk(script: script)) }

    /// Ends the walk (see ``ScenarioWalk/finish()``), with the session's timeline.
    public func finish() -> WalkScenarioResult {
        // a note being typed when the walk ended (Ctrl-C, a signal) is kept, on the step it was for
        if let note, !note.text.trimmingWhitespaceForNote().isEmpty {
            walk.mark(blocked: note.blocked, note: note.text.trimmingWhitespaceForNote() + " (typed as the walk ended)", now: nil)
        }
        note = nil
        var result = walk.finish()
        result.timeline = timeline()
        return result
    }

    /// The walk's own keys: returns whether `key` was one (the note takes every key while typed).
    func handle(_ key: Key, now: Int64, compact: Bool) -> Bool {
        if var typed = note {
            switch key {
            case .enter:
                walk.mark(blocked: typed.blocked, note: typed.text.trimmingWhitespaceForNote(), now: now)
                note = nil
            case .escape:
                note = nil
            case .backspace:
                if !typed.text.isEmpty { typed.text.removeLast() }
                note = typed
            case .char(let character) where !character.isControlCharacter:
                if typed.text.count < Self.noteLimit { typed.text.append(character) }
                note = typed
            case .paste:
                break  // a paste may be a secret (its bytes are kept as one): a note is typed
            case .resize, .mouse:
                return false
            default:
                break
            }
            return true
        }
        switch key {
        case .function(5):
            if compact { showsOverCard.toggle() } else { showsChecklist.toggle() }
            return true
        case .function(6), .function(7):
            guard !walk.isComplete else { return true }
            note = ("", key == .function(7))
            if compact { showsOverCard = true } else { showsChecklist = true }
            return true
        default:
            return false
        }
    }

    /// Draws the checklist where `layout` puts the log panel (or over the card in a compact
    /// layout, when asked); returns whether it drew (else the log panel is drawn there).
    func draw(in layout: Layout, into buffer: inout CellBuffer, styles: ThemeStyles) -> Bool {
        if let area = layout.log, showsChecklist {
            draw(into: &buffer, area: area, styles: styles)
            return true
        }
        if layout.isCompact, showsOverCard || note != nil {
            draw(into: &buffer, area: layout.body, styles: styles)
            return true
        }
        return false
    }

    /// The checklist's lines, each with its style: the title, the note being typed, the
    /// off-script action, the steps and their expectations; and the line of the current step.
    func lines(width: Int, styles: ThemeStyles) -> (lines: [(String, Style)], current: Int) {
        var lines: [(String, Style)] = []
        let items = walk.items
        let done = items.filter { $0.verdict != nil || $0.isDone }.count
        lines.append(("Walk \(done)/\(items.count) · F5 log · F6 failed · F7 blocked", styles.title))
        if let note {
            lines.append(("\(note.blocked ? "Blocked" : "Failed"), note: \(note.text)▏ Enter keeps · Esc drops", styles.accent))
        }
        if let offScript = walk.offScript {
            for line in wrap("⚠ Off script: " + offScript, width: max(10, width)) { lines.append((line, styles.warning)) }
        }
        var current = lines.count
        for (index, item) in items.enumerated() {
            let isCurrent = index == walk.current
            if isCurrent { current = lines.count }
            let (mark, style) = Self.mark(item, isCurrent: isCurrent, styles: styles)
            lines.append(("\(mark) \(item.entry.title)", style))
            // the expectations of the steps being checked, met or not
            let shows = isCurrent || item.isDone || item.verdict != nil
            guard shows else { continue }
            for (text, state) in zip(item.entry.expectations, item.expectations) {
                switch state {
                case .met: lines.append(("   ✓ " + text, styles.success))
                case .waiting: lines.append(("   · " + text, isCurrent || item.isDone ? styles.text : styles.muted))
                case .unmet(let message):
                    lines.append(("   ✗ " + text, styles.error))
                    for detail in message.split(separator: "\n").dropFirst() {
                        lines.append(("     " + String(detail).trimmingWhitespaceForNote(), styles.error))
                    }
                }
            }
            if case .blocked(let note)? = item.verdict { lines.append(("   note: " + note, styles.muted)) }
            if case .failed(let message)? = item.verdict, message.hasPrefix("marked failed: ") {
                lines.append(("   note: " + message.dropFirst("marked failed: ".count), styles.muted))
            }
        }
        if walk.isComplete { lines.append(("Every step walked: finish the flow or Ctrl-C; the report follows", styles.muted)) }
        return (lines, current)
    }

    /// A step's mark: ✓ passed, ✗ failed, ⊘ blocked, ▶ current, … done and being checked, · not reached.
    static func mark(_ item: ScenarioWalk<Engine>.Item, isCurrent: Bool, styles: ThemeStyles) -> (String, Style) {
        if let verdict = item.verdict {
            switch verdict {
            case .passed: return ("✓", styles.success)
            case .failed: return ("✗", styles.error)
            case .blocked: return ("⊘", styles.warning)
            case .notReached: return ("·", styles.muted)
            }
        }
        if item.isDone { return (item.expectations.allSatisfy { $0 == .met } ? "✓" : "…", styles.success) }
        return isCurrent ? ("▶", styles.accent) : ("·", styles.muted)
    }

    /// The marks a step's line starts with.
    static var marks: [String] { ["▶ ", "✓ ", "· ", "✗ ", "⊘ ", "… "] }

    /// Draws the checklist into `area`, scrolled so the current step shows.
    func draw(into buffer: inout CellBuffer, area: Rect, styles: ThemeStyles) {
        guard area.height > 0, area.width > 2 else { return }
        buffer.fill(area, style: styles.text)
        let inner = area.inset(left: 1)
        let (lines, current) = lines(width: inner.width, styles: styles)
        // the title (and the note, the off-script line) stay; the steps scroll
        let fixed = min(lines.count, max(1, lines.firstIndex { line in Self.marks.contains { line.0.hasPrefix($0) } } ?? lines.count))
        let room = max(0, area.height - fixed)
        let steps = Array(lines[fixed...])
        let currentInSteps = max(0, current - fixed)
        // the step before the current one shows with its expectations when they fit, else the line above
        let titles = steps.indices.filter { index in Self.marks.contains { steps[index].0.hasPrefix($0) } }
        let previous = titles.last { $0 < currentInSteps } ?? currentInSteps
        var start = currentInSteps - previous < room - 1 ? previous : max(0, currentInSteps - 1)
        start = max(0, min(start, steps.count - room))
        var row = area.y
        // the scenario's text (its expectations, the values of its steps) is untrusted: sanitized as drawn
        for line in Array(lines[..<fixed]) + steps.dropFirst(start).prefix(room) where row < area.maxY {
            buffer.text(sanitizeForTerminal(line.0), y: row, x: inner.x, area: inner, style: line.1)
            row += 1
        }
    }
}

extension Character {
    /// Whether the character is a control character (never kept in a note).
    var isControlCharacter: Bool {
        unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

extension String {
    /// The note without white space at its ends.
    func trimmingWhitespaceForNote() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
