/// PaneHold: the autopilot's pace: each view stays on screen at least ``millis`` before the
/// autopilot acts on it, so that a demo (or its recording) can be read as it plays.
struct PaneHold {
    /// The least time a view is shown before the next step acts on it, in milliseconds.
    var millis: Int64
    private var shown: String?
    private var since: Int64 = 0

    init(millis: Int64) {
        self.millis = max(0, millis)
    }

    /// When the autopilot may act on `view`, seen at `now` (a view seen for the first time is
    /// held from now); `now` itself when it has been shown long enough.
    mutating func readyAt(view: String, now: Int64) -> Int64 {
        if view != shown {
            shown = view
            since = now
        }
        return max(now, since + millis)
    }
}
