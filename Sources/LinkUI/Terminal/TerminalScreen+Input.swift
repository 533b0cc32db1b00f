// TerminalScreen+Input.swift: keys, mouse and bracketed paste.

import CNcurses
import Dispatch

extension TerminalScreen {
    /// Reads one input event, waiting up to `timeoutMs` (-1: until one comes, 0: only what is
    /// there). Returns `nil` on timeout, when a signal ends the wait (check `pendingSignal()`), at
    /// end of input, and never blocks past the timeout. Input linkterm does not use (terminal
    /// replies, unbound keys, stray controls) gives nothing.
    ///
    /// A bracketed paste is read a piece at a time across calls, never holding the caller: it
    /// comes back as `.paste` when its end marker comes; when no input came for 500 ms (the end
    /// marker was lost: what came is delivered, what follows is keys again); and, for a paste
    /// that trickles on (no input waiting), every second (a piece; the rest follows). Nothing inside a paste is ever a
    /// key (Ctrl-C and Enter are text there, dropped or a line break); escape sequences and mouse
    /// reports inside it are dropped; a resize is reported at once.
    public func readKey(timeoutMs: Int) -> Key? {
        guard isOpen else { return nil }
        let end: Int64? = timeoutMs < 0 ? nil : Self.nowMs() + Int64(timeoutMs)
        var first = true
        while true {
            let now = Self.nowMs()
            // a paste ends for lack of input only when none is waiting (the read below times out):
            // an app busy for longer than the paste's idle time finds the rest of it still there
            // a paste that floods in is read on at the next call: the caller's loop goes on
            if !first, let end, now > end { return nil }
            first = false
            var wait: Int64 = end.map { max(0, $0 - now) } ?? -1
            if let due = pasteInProgress?.deadlineMs {
                let untilDue = max(0, due - now)
                wait = wait < 0 ? untilDue : min(wait, untilDue)
            }
            var input = lt_input()
            let result = Int(lt_read_input(Int32(clamping: wait), &input))
            switch result {
            case LT_READ_EVENT:
                if let key = take(input) { return key }
            case LT_READ_TIMEOUT:
                // no input waiting: a paste that trickles on is handed over a piece at a time
                let later = Self.nowMs()
                if let piece = pastePiece(at: later) { return piece }
                if let end, later >= end { return idlePaste(at: later) }
            case LT_READ_END:
                // nothing more will come: a paste in progress is delivered as it is
                guard var paste = pasteInProgress else { return nil }
                pasteInProgress = nil
                return .paste(paste.accumulator.take())
            default:  // a signal: the caller acts on it now
                return nil
            }
        }
    }

    /// When a partial input is due, in milliseconds: 0 if an input is waiting already, N if a
    /// lone Esc, a partial sequence or a paste must be decided in N ms (call `readKey` then,
    /// even if no byte comes), `nil` if nothing is pending. A loop that waits for the terminal
    /// itself must not wait longer.
    public var inputDueInMs: Int? {
        guard isOpen else { return nil }
        var due = Int(lt_input_due_ms())
        if let paste = pasteInProgress {
            let untilPaste = Int(max(0, paste.deadlineMs - Self.nowMs()))
            due = due < 0 ? untilPaste : min(due, untilPaste)
        }
        return due < 0 ? nil : due
    }

    /// The monotonic clock, in milliseconds.
    static func nowMs() -> Int64 {
        Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }

    /// The paste that has ended for lack of input by `now`, if any.
    private func idlePaste(at now: Int64) -> Key? {
        guard var paste = pasteInProgress, paste.isIdle(at: now) else { return nil }
        pasteInProgress = nil
        return .paste(paste.accumulator.take())
    }

    /// The piece of a paste that goes on, due at `now` (when no input is waiting), if any: the
    /// paste's text so far is handed over and the paste goes on.
    private func pastePiece(at now: Int64) -> Key? {
        if let ended = idlePaste(at: now) { return ended }
        guard var paste = pasteInProgress, paste.isPieceDue(at: now) else { return nil }
        paste.pieceStartMs = now
        let piece = paste.accumulator.byteCount > 0 ? paste.accumulator.take() : nil
        pasteInProgress = paste
        return piece.map { .paste($0) }
    }

    /// The key an input is, or nil (inputs inside a paste are collected; unused ones dropped).
    private func take(_ input: lt_input) -> Key? {
        let isKey = Int(input.kind) == LT_INPUT_KEY
        let code = Int(input.value)
        if isKey && code == LT_KEY_RESIZE {
            refreshSize()
            needsFullCopy = true
            return .resize
        }
        if var paste = pasteInProgress {
            paste.lastInputMs = Self.nowMs()
            if isKey && code == LT_KEY_PASTE_END {
                pasteInProgress = nil
                return .paste(paste.accumulator.take())
            }
            if !isKey { paste.accumulator.append(input.value) }
            pasteInProgress = paste
            if isKey && code == LT_KEY_MOUSE { _ = readMouse() }  // dropped
            return nil
        }
        if isKey && code == LT_KEY_PASTE_START {
            pasteInProgress = PasteInProgress(now: Self.nowMs())
            return nil
        }
        let key = isKey ? decodeKeycode(code) : Key.fromCharacterCode(input.value)
        guard let key else { return nil }
        return input.alt != 0 ? .alt(key) : key
    }

    /// The key an LT_KEY_* code means.
    private func decodeKeycode(_ code: Int) -> Key? {
        switch code {
        case LT_KEY_UP: return .up
        case LT_KEY_DOWN: return .down
        case LT_KEY_LEFT: return .left
        case LT_KEY_RIGHT: return .right
        case LT_KEY_HOME: return .home
        case LT_KEY_END: return .end
        case LT_KEY_PPAGE: return .pageUp
        case LT_KEY_NPAGE: return .pageDown
        case LT_KEY_DC: return .delete
        case LT_KEY_BACKSPACE: return .backspace
        case LT_KEY_BTAB: return .backTab
        case LT_KEY_ENTER: return .enter
        case (LT_KEY_F0 + 1)...LT_KEY_F_LAST: return .function(code - LT_KEY_F0)
        case LT_KEY_MOUSE: return readMouse()
        default: return nil
        }
    }

    /// The pending mouse event, if it is one linkterm uses.
    private func readMouse() -> Key? {
        var y: Int32 = 0
        var x: Int32 = 0
        var state: UInt = 0
        guard lt_get_mouse(&y, &x, &state) == 0 else { return nil }
        let kind: MouseEvent.Kind
        if state & lt_wheel_up() != 0 {
            kind = .wheelUp
        } else if state & lt_wheel_down() != 0 {
            kind = .wheelDown
        } else if state & lt_button1_pressed() != 0 {
            kind = .press
        } else if state & lt_button1_released() != 0 {
            kind = .release
        } else if state & lt_button1_clicked() != 0 {
            kind = .click
        } else {
            return nil
        }
        return .mouse(MouseEvent(y: Int(y), x: Int(x), kind: kind))
    }
}
