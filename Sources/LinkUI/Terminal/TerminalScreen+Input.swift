// TerminalScreen+Input.swift: keys, mouse and bracketed paste.

import CNcurses

extension TerminalScreen {
    /// How long to wait for the rest of a bracketed paste once it started.
    static let pasteTimeoutMs: Int32 = 500

    /// Reads one input event, waiting up to `timeoutMs` (-1: forever, 0:
    /// poll). Returns `nil` on timeout and for input linkterm does not use
    /// (unbound function keys, stray controls). A bracketed paste comes back
    /// whole as `.paste`; a resize updates `size` before returning `.resize`.
    public func readKey(timeoutMs: Int) -> Key? {
        guard isOpen else { return nil }
        var isKeycode: Int32 = 0
        var value: UInt32 = 0
        let result = lt_read_key(Int32(clamping: timeoutMs), &isKeycode, &value)
        if Int(result) == LT_READ_ERR { return nil }
        if isKeycode != 0 { return decodeKeycode(Int(value)) }
        return Key.fromCharacterCode(value)
    }

    /// The key an ncurses KEY_* code means.
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
        case LT_KEY_RESIZE:
            refreshSize()
            needsFullCopy = true
            return .resize
        case LT_KEY_MOUSE: return readMouse()
        case LT_KEY_PASTE_START: return readPaste()
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

    /// Everything up to the paste end marker, as one `.paste`. Key codes
    /// inside the paste (escape sequences the paste happened to contain) are
    /// dropped; a missing end marker ends the paste after a pause.
    private func readPaste() -> Key {
        var accumulator = PasteAccumulator()
        var isKeycode: Int32 = 0
        var value: UInt32 = 0
        while Int(lt_read_key(Self.pasteTimeoutMs, &isKeycode, &value)) != LT_READ_ERR {
            if isKeycode != 0 {
                if Int(value) == LT_KEY_PASTE_END { break }
                if Int(value) == LT_KEY_RESIZE {
                    refreshSize()
                    needsFullCopy = true
                }
                continue
            }
            accumulator.append(value)
        }
        return .paste(accumulator.text)
    }
}
