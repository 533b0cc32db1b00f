/// SessionTimeline: a session as the panes a person went through: each view in the order it was
/// shown, when and for how long, what happened there (a search, a choice, an answer, an error),
/// the views shown again marked as such, and the outcome. Built from the session's records (live,
/// or read back from an events file); ``lines(width:)`` is the text a QA report takes. Names and
/// queries from the data are made visible (controls escaped), so the text is safe to print.
public struct SessionTimeline: Hashable, Sendable {
    /// Step: one visit to a view.
    public struct Step: Hashable, Sendable {
        /// The view (`CONSENT`, `CREDENTIAL`, `MFA (code)` …).
        public var view: String
        /// When it was shown.
        public var start: Timestamp
        /// How long it stayed, in milliseconds (until the next view or the session's last record).
        public var millis: Int64
        /// Which visit of this view it is (1 the first time, 2 when shown again …; the text marks
        /// a view shown again, LOADING aside).
        public var visit: Int
        /// What the person did there, in order (`searched "chase"`, `chose Chase` …).
        public var notes: [String]
        /// The errors it ended in (`INVALID_CREDENTIALS` …).
        public var errors: [String]

        package init(view: String, start: Timestamp, millis: Int64, visit: Int, notes: [String], errors: [String]) {
            self.view = view
            self.start = start
            self.millis = millis
            self.visit = visit
            self.notes = notes
            self.errors = errors
        }
    }

    /// The views, in order.
    public package(set) var steps: [Step] = []
    /// How the session ended (`onSuccess: First Platypus Bank, 2 accounts`), or `nil` while it goes on.
    public package(set) var outcome: String?
    /// When the first view was shown.
    public var start: Timestamp? { steps.first?.start }
    /// The session's last timestamp.
    public package(set) var end: Timestamp?

    /// Mark: one thing that happened, for a flavor whose records say nothing of views (Mesh):
    /// a view shown, what was done there, an error, the outcome.
    public enum Mark: Hashable, Sendable {
        /// A view shown at a time.
        case view(String, Timestamp)
        /// What happened in the view shown last.
        case note(String)
        /// An error in the view shown last.
        case error(String)
        /// How the session ended.
        case outcome(String)
    }

    /// The timeline of `marks`, in order; `now`, for a session still going on: the view shown
    /// last has lasted until then.
    public init(marks: [Mark], now: Timestamp? = nil) {
        var visits: [String: Int] = [:]
        for mark in marks {
            switch mark {
            case .view(let view, let time):
                end = time
                if let last = steps.indices.last { steps[last].millis = max(0, time.millis - steps[last].start.millis) }
                visits[view, default: 0] += 1
                steps.append(Step(view: view, start: time, millis: 0, visit: visits[view] ?? 1, notes: [], errors: []))
            case .note(let text): note(text)
            case .error(let code): note(error: code)
            case .outcome(let text): outcome = text
            }
        }
        finish(now: now)
    }

    /// A session still going on: the view shown last lasts until `now`.
    package mutating func finish(now: Timestamp?) {
        if outcome == nil, let now, let last = steps.indices.last, now > steps[last].start {
            steps[last].millis = now.millis - steps[last].start.millis
            end = now
        }
    }

    package mutating func note(_ text: String) {
        guard let last = steps.indices.last else { return }
        steps[last].notes.append(text)
    }

    package mutating func note(error code: String) {
        guard let last = steps.indices.last else { return }
        steps[last].errors.append(code)
    }

    /// The timeline as text: a title line (the whole duration, the outcome), then one line per
    /// view: its start from the session's start, how long it stayed, the view (marked when shown
    /// again), what happened there and its errors (`✗`); the outcome last. With `width`, the
    /// title is cut to it and the other lines wrap to it.
    public func lines(width: Int? = nil) -> [String] {
        let origin = start?.millis ?? 0
        let total = (end?.millis ?? origin) - origin
        var lines = ["Timeline · \(steps.count) view\(steps.count == 1 ? "" : "s") · \(Self.seconds(total)) · "
                        + (outcome.map { $0.split(separator: ":").first.map(String.init) ?? $0 } ?? "in progress")]
        let viewWidth = min(32, (steps.map { $0.view.count + ($0.visit > 1 ? 8 : 0) }.max() ?? 10) + 2)
        for step in steps {
            // a view shown again is a retry (LOADING, Mesh's `loading`, comes back after every
            // submission: no mark)
            var view = step.view + (step.visit > 1 && step.view.uppercased() != "LOADING" ? " (again)" : "")
            view += String(repeating: " ", count: max(1, viewWidth - view.count))
            let offset = "+" + Self.seconds(step.start.millis - origin)
            var line = offset.padding(8) + "  " + view + Self.seconds(step.millis).padding(8, right: true)
            let said = step.notes + step.errors.map { "✗ " + $0 }
            if !said.isEmpty { line += "   " + said.joined(separator: "; ") }
            lines.append(line)
        }
        lines.append("end     " + "  " + "◆ " + (outcome ?? "the session has not ended"))
        // what came from a file read back (a view or event name it made up) can hold controls:
        // every line is made visible, so the text is safe to print
        lines = lines.map { UntrustedText.visible($0, limit: nil, quoting: false) }
        guard let width, width > 0 else { return lines }
        // the title line is cut; a longer line goes on under what it says (a view's notes under
        // its notes' column)
        let title = lines[0].count > width ? String(lines[0].prefix(max(0, width - 1))) + "…" : lines[0]
        return [title] + lines.dropFirst().flatMap { line in
            Self.wrap(line, width: width, indent: line.hasPrefix("end ") ? 12 : viewWidth + 21)
        }
    }

    /// `line` in lines of `width` characters at most, broken at spaces where it has them (else
    /// anywhere), the lines after the first indented by `indent` (less when that leaves under 20
    /// columns).
    static func wrap(_ line: String, width: Int, indent requested: Int) -> [String] {
        guard line.count > width else { return [line] }
        // under the notes' column while it leaves them 20 columns, else under the view's
        let indent = width - requested >= 20 ? requested : width - 10 >= 20 ? 10 : min(2, max(0, width - 1))
        var lines: [String] = []
        var rest = Substring(line)
        var room = width
        while rest.count > room {
            let head = rest.prefix(room)
            // the last space of the part that fits (on the first line, past the indent), else a cut
            let space = head.dropFirst(lines.isEmpty ? indent : 0).lastIndex(of: " ")
            let cut = space.map { head.index(after: $0) } ?? head.endIndex
            lines.append((lines.isEmpty ? "" : String(repeating: " ", count: indent)) + String(rest[..<cut]).trimmingTrailingSpaces())
            rest = rest[cut...].drop { $0 == " " }
            room = width - indent
        }
        if !rest.isEmpty { lines.append((lines.isEmpty ? "" : String(repeating: " ", count: indent)) + rest) }
        return lines
    }

    /// `millis` as seconds with a tenth (`1.2 s`), or milliseconds under a second (`300 ms`).
    static func seconds(_ millis: Int64) -> String {
        let millis = max(0, millis)  // an events file out of order: no negative durations
        if millis < 1000 { return "\(millis) ms" }
        return "\(millis / 1000).\((millis % 1000) / 100) s"
    }
}

extension String {
    /// The string padded with spaces to `width` characters (on the left when `right`).
    fileprivate func padding(_ width: Int, right: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return right ? pad + self : self + pad
    }

    /// The string without the spaces it ends in.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
