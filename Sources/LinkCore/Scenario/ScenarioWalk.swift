/// ScenarioWalk: a tester walking a scenario by hand, checked live (`linkterm walk`), for either
/// flavor. It sees each action before the engine takes it (``willSend(_:engine:)``) and every
/// record after; a step is done when the action taken is the one the step means on that pane
/// (the same mapping replay plays, ``WalkScript``); its expectations are met, in order, by the
/// records caused from then until the next action, and by it (replay's window, see ``closeWindow()``). Another action is off
/// script: noted, the step stays current. The tester may mark the current step failed or
/// blocked with a note, and the walk goes on to the next.
///
/// It keeps no action and no record: never a secret the tester typed.
public final class ScenarioWalk<Engine: FlowEngine> where Engine.Action: Equatable {
    /// How an expectation stands.
    public enum ExpectState: Hashable, Sendable {
        /// Its step's records so far do not meet it.
        case waiting
        /// Met.
        case met
        /// Not met when its step's window closed; the message names the closest record.
        case unmet(String)
    }

    /// An entry of the checklist: the opening or a step.
    public struct Item {
        /// The step as the report lists it.
        public var entry: WalkOutline.Entry
        /// Each expectation's state, in order.
        public var expectations: [ExpectState]
        /// How it ended, once it has (nil: not yet).
        public var verdict: WalkVerdict?
        /// When it became current, on the session clock.
        var began: Int64?
        /// How long it took.
        public var millis: Int64?
        /// Off-script actions seen on it, the tester's note.
        public var notes: [String] = []
        /// Done as written (its expectations may still be settling).
        public var isDone = false
    }

    /// The scenario.
    public let script: WalkScript<Engine>
    /// The checklist.
    public private(set) var items: [Item]
    /// The index of the current item (``items``'s count once every step is done).
    public private(set) var current: Int
    /// The last off-script action, in words, until the next step is done.
    public private(set) var offScript: String?
    /// The item whose records are being collected (the last step done), and its records.
    private var windowItem: Int?
    private var window: [Engine.Record] = []
    /// Where the records of the action being sent start in ``window``.
    private var split = 0
    /// Whether the item of the window passes once its expectations are met.
    private let hasOpening: Bool

    /// A walk of `script` (not started).
    public init(script: WalkScript<Engine>) {
        self.script = script
        hasOpening = !script.opening.isEmpty
        items = script.outline.map { Item(entry: $0, expectations: Array(repeating: .waiting, count: $0.expectations.count)) }
        current = 0
    }

    /// The session started at `now`: the opening's records are collected; the first step is current.
    public func started(now: Int64) {
        if hasOpening {
            items[0].isDone = true
            items[0].began = now
            items[0].millis = 0
            windowItem = 0
            current = 1
        }
        becomeCurrent(now: now)
    }

    /// The step of ``current``, if any.
    func step(_ index: Int) -> WalkScript<Engine>.Step? {
        let stepIndex = index - (hasOpening ? 1 : 0)
        return script.steps.indices.contains(stepIndex) ? script.steps[stepIndex] : nil
    }

    /// What an action is to the walk.
    public enum Verdict: Equatable, Sendable {
        /// The current step's action.
        case onScript
        /// Typing in progress (a search query not yet the step's).
        case typing
        /// Another action; the words say what was done and what the scenario expects.
        case offScript(String)
        /// No step left, or no walk: nothing to check.
        case none
    }

    /// Classifies `action` before `engine` (the session as the tester sees it) takes it.
    public func willSend(_ action: Engine.Action, engine: Engine) -> Verdict {
        // the records the action causes (during the engine's send) start here
        split = window.count
        guard let step = step(current) else { return .none }
        let expectedAction = step.action(engine)
        if let expectedAction, expectedAction == action { return .onScript }
        if script.isTyping(action) { return .typing }
        if script.isQuit(action) { return .none }  // the tester stops: the steps left are not reached
        var did = script.describe(action, engine)
        // the same in words: what differs is typed (a password, a code), never quoted
        if let expectedAction, script.describe(expectedAction, engine) == did { did += ", with other typed values than the scenario's" }
        return .offScript("you \(did); the scenario expects: \(step.title) (line \(step.line))")
    }

    /// The engine took the action classified as `verdict`; `engine` is the session after it.
    public func sent(_ verdict: Verdict, engine: Engine, now: Int64) {
        switch verdict {
        case .none, .typing: return
        case .offScript(let words):
            closeWindow()
            offScript = words
            items[current].notes.append("off script: " + words)
        case .onScript:
            guard let step = step(current) else { return }
            let caused = Array(window[min(split, window.count)...])
            closeWindow()
            offScript = nil
            guard step.isComplete(engine) else { return }
            items[current].isDone = true
            items[current].millis = items[current].began.map { now - $0 }
            windowItem = current
            window = caused
            evaluate(current, closing: false)
            current += 1
            becomeCurrent(now: now)
        }
    }

    /// A record the session emitted: it counts for the step whose window is open.
    public func record(_ record: Engine.Record) {
        // kept until the next action says whose they are (a step done now opens its window with them)
        window.append(record)
        if let windowItem { evaluate(windowItem, closing: false) }
    }

    /// The tester marks the current step failed (or blocked) with a note; the walk goes on to the next.
    /// `now` nil: the step's time is left unsaid (a note typed as the session ended).
    public func mark(blocked: Bool, note: String, now: Int64?) {
        guard current < items.count else { return }
        closeWindow()
        let note = note.isEmpty ? (blocked ? "blocked" : "failed") : note
        items[current].verdict = blocked ? .blocked(note) : .failed("marked failed: " + note)
        if let now { items[current].millis = items[current].began.map { now - $0 } }
        offScript = nil
        current += 1
        if let now { becomeCurrent(now: now) }
    }

    /// Whether every step is done or marked.
    public var isComplete: Bool { current >= items.count }

    /// Ends the walk: the open window is closed (its unmet expectations fail), the steps not
    /// reached say so; returns the run's result.
    public func finish() -> WalkScenarioResult {
        closeWindow()
        return WalkScenarioResult(file: script.file, steps: items.map { item in
            var verdict = item.verdict ?? .notReached
            if item.verdict == nil, item.isDone { verdict = .passed }
            if item.verdict == nil, !item.isDone, !item.notes.isEmpty {
                verdict = .failed(item.notes.last ?? "off script")
            }
            return WalkStepResult(entry: item.entry, verdict: verdict, millis: item.millis, notes: item.notes)
        })
    }

    /// A wait step is done when reached (a person waits); the next becomes current.
    private func becomeCurrent(now: Int64) {
        while current < items.count {
            items[current].began = items[current].began ?? now
            guard let step = step(current), step.isWait else { return }
            items[current].isDone = true
            items[current].millis = 0
            if step.expectations.isEmpty {
                current += 1
            } else {
                closeWindow()
                windowItem = current
                window = []
                current += 1
            }
        }
    }

    /// Closes the open window: its expectations not met are unmet; the step's verdict is set. The
    /// records of the action that closes it count too: an engine reports what was pending when
    /// the next action came (a search reported by the choice that ends it, when the tester is
    /// quicker than the search's pause), which replay, waiting before each step, sees before it.
    private func closeWindow() {
        if let item = windowItem { evaluate(item, closing: true) }
        windowItem = nil
        window = []
        split = 0
    }

    /// The expectations of `item` against the window, in order (as replay's checker); when
    /// `closing`, those not met are unmet with the closest record, and the step gets its verdict.
    private func evaluate(_ item: Int, closing: Bool) {
        let expectations = item == 0 && hasOpening ? script.opening : step(item)?.expectations ?? []
        let found = ExpectLine.matches(expectations, in: window)
        var firstUnmet: String?
        for (index, expectation) in expectations.enumerated() {
            if found[index] != nil {
                items[item].expectations[index] = .met
                continue
            }
            guard closing else {
                items[item].expectations[index] = .waiting
                continue
            }
            // the records after the last expectation met before this one
            let after = found[..<index].compactMap { $0 }.last.map { $0 + 1 } ?? 0
            let message = unmetMessage(expectation, rest: window[after...])
            items[item].expectations[index] = .unmet(message)
            if firstUnmet == nil { firstUnmet = message }
        }
        if closing, items[item].verdict == nil {
            items[item].verdict = firstUnmet.map { .failed($0) } ?? .passed
        }
    }

    /// `expectation not met: expect …` and the closest record of those after the last one met.
    private func unmetMessage(_ expectation: WalkScript<Engine>.Expect, rest: ArraySlice<Engine.Record>) -> String {
        let message = "expectation not met: \(expectation.text) (line \(expectation.line))"
        guard let closest = expectation.closest(in: rest) else {
            return message + (rest.isEmpty ? "; the step caused nothing more" : "; no record of its kind came")
        }
        return message + "\n  closest: \(script.summary(rest[closest.index])): \(ExpectLine<Engine.Record>.describe(closest.mismatches))"
    }
}
