// TerminalScreen+Wait.swift: the UI loop's one blocking call.

import CNcurses

/// What `TerminalScreen.waitForInput(timeoutMs:watching:)` woke for; empty when the timeout passed.
public struct InputWait: OptionSet, Hashable, Sendable {
    /// The raw bits (`LT_WAIT_*`).
    public let rawValue: Int32
    /// Creates a set from its bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Input is waiting: read it with `readKey(timeoutMs: 0)`.
    public static let input = InputWait(rawValue: Int32(LT_WAIT_INPUT))
    /// A signal was caught: take it with `pendingSignal()`.
    public static let signal = InputWait(rawValue: Int32(LT_WAIT_SIGNAL))
    /// The watched descriptor is readable (or hung up).
    public static let watched = InputWait(rawValue: Int32(LT_WAIT_EXTRA))
    /// The input hung up (the terminal went away).
    public static let hangUp = InputWait(rawValue: Int32(LT_WAIT_HANGUP))
}

extension TerminalScreen {
    /// Wakes the UI loop from any thread: its `waitForInput` returns (as for a signal, with none
    /// pending), so the loop looks again at what changed, e.g. an output that failed. Safe from
    /// any thread and from signal handlers.
    public static let wakeLoop: @Sendable () -> Void = { lt_wake() }

    /// Sleeps until there is input, a signal, `watching` (a descriptor, if not -1) is readable,
    /// or `timeoutMs` passes (-1: no timeout): `poll()` on the terminal, the signal handlers'
    /// self-pipe and `watching`, so an idle screen costs no wake-ups at all. Input the reader
    /// already holds (keys pushed back, bytes read and not yet decoded) returns `.input` at once;
    /// a partial input that must be decided (a lone Esc, a sequence cut short, a paste going on:
    /// `inputDueInMs`) shortens the wait and returns `.input` when it is due, so that
    /// `readKey(timeoutMs: 0)` decides it. `.input` with no key from `readKey` is normal then
    /// (a terminal reply read whole, a paste still coming in).
    public func waitForInput(timeoutMs: Int, watching: Int32 = -1) -> InputWait {
        guard isOpen else { return [] }
        var timeout = timeoutMs
        if let due = inputDueInMs {
            if due == 0 { return .input }
            timeout = timeout < 0 ? due : min(timeout, due)
        }
        let woke = lt_wait(lt_screen_input_fd(), watching, Int32(clamping: timeout))
        if woke & Int32(LT_WAIT_ERROR) != 0 { return .hangUp }  // the input descriptor is unusable
        var result = InputWait(rawValue: woke)
        if inputDueInMs == 0 { result.insert(.input) }  // a partial input is due now
        return result
    }
}
