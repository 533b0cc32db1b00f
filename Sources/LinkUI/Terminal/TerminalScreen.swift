// TerminalScreen.swift: the ncurses backend (lifecycle and output).

import CNcurses
import Foundation

/// A terminal size in cells.
public struct TerminalSize: Hashable, Sendable {
    /// Number of rows.
    public var rows: Int
    /// Number of columns.
    public var cols: Int

    /// A size.
    public init(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
    }
}

/// The ncurses backend: opens the terminal, copies cell buffers to it
/// (only the cells that changed, one `doupdate` per frame), reads keys and
/// reports signals.
///
/// Not `Sendable`: ncurses is not thread-safe, so one thread (the UI loop)
/// owns the screen from `open` to `close`. One screen at a time per process.
public final class TerminalScreen {
    /// The current size; updated on resize.
    public internal(set) var size: TerminalSize
    /// Whether this screen writes to /dev/null (tests).
    public let isHeadless: Bool
    /// Whether the screen is open (until `close()`).
    public private(set) var isOpen = true
    /// Colours in use: 0 (no colour: `NO_COLOR` or fewer than 8), 8, 16, 256…
    public let colorCount: Int

    /// The buffer presented last, to copy only what changed.
    private var lastPresented: CellBuffer?
    /// Set after resize, resume and Ctrl-L: the next present copies every cell.
    var needsFullCopy = true
    /// A bracketed paste being read (see `readKey(timeoutMs:)`).
    var pasteInProgress: PasteInProgress?
    /// Whether the hardware cursor is visible.
    private var cursorShown = false
    /// Colour pairs allocated so far.
    private var pairCache: ColorPairCache
    /// Every style seen (``Style/packed``), and at the same index its ncurses attributes and pair:
    /// lists, not a dictionary, for a dictionary keyed by a type of our own costs the Swift
    /// runtime a search through every protocol conformance of the program on first use (about
    /// 250,000 instructions on the way to the first frame), and a screen uses a few dozen styles.
    private var styleKeys: [UInt64] = []
    private var styleValues: [(attrs: UInt32, pair: Int32)] = []
    /// Whether `use_default_colors` worked (colour -1 allowed).
    private let defaultColorsOK: Bool
    /// Whether close() must uninstall the signal and crash handlers.
    private let ownsSignalHandlers: Bool

    /// Takes over a screen that the shim has just opened.
    private init(headless: Bool, ownsSignalHandlers: Bool, colorCount: Int) {
        self.isHeadless = headless
        self.ownsSignalHandlers = ownsSignalHandlers
        self.colorCount = colorCount
        self.defaultColorsOK = lt_has_default_colors() != 0
        self.pairCache = ColorPairCache(pairLimit: Int(lt_color_pairs()))
        self.size = TerminalSize(rows: Int(lt_lines()), cols: Int(lt_cols()))
    }

    deinit {
        close()
    }

    /// Throws what ``open(term:environment:installSignalHandlers:capture:)`` would throw for a
    /// standard input or output that is not a terminal, or a `TERM` that is unset or `dumb`,
    /// without touching the terminal: for a program to refuse before it creates any file.
    /// `environment` (default: the process's own) gives `TERM` when `term` is `nil`.
    public static func checkUsable(term: String? = nil, environment: [String: String]? = nil) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        let name = term ?? variable("TERM", in: environment) ?? ""
        if name.isEmpty || name == "dumb" { throw TerminalError.unsupportedTerminal(name) }
    }

    /// The variable `name` of `environment`, or of the process's environment when it is `nil`
    /// (read with `getenv`: `ProcessInfo`'s environment is a dictionary of every variable, made
    /// on each use, and the first costs a search through every protocol conformance of the program).
    static func variable(_ name: String, in environment: [String: String]?) -> String? {
        if let environment { return environment[name] }
        return EnvironmentVariable.value(name)
    }

    /// Opens the full-screen interface on the controlling terminal.
    ///
    /// Checks first that standard input and output are terminals and that
    /// `term` (default: `TERM` from `environment`, by default the process's) is set and not `dumb`;
    /// saves the termios, installs the flag-only signal handlers and the crash
    /// handlers (unless `installSignalHandlers` is false), then calls
    /// `newterm`. Colours follow the terminal, and are off when `NO_COLOR` is
    /// set and not empty.
    ///
    /// With `capture`, every byte sent to the terminal from `newterm` on (the
    /// mode setup, then each frame) is also captured for a recording; see
    /// `startCapture()` and `takeCapturedOutput()`. Bytes captured before and
    /// not taken are discarded first. Check `isCapturing`: it stays false
    /// where this build cannot capture.
    /// - Throws: `TerminalError` with a message for the user.
    public static func open(
        term: String? = nil,
        environment: [String: String]? = nil,
        installSignalHandlers: Bool = true,
        capture: Bool = false
    ) throws -> TerminalScreen {
        try checkUsable(term: term, environment: environment)
        let name = term ?? variable("TERM", in: environment) ?? ""
        if lt_screen_is_open() != 0 { throw TerminalError.alreadyOpen }
        _ = lt_save_termios()
        if installSignalHandlers {
            _ = lt_install_signal_handlers()  // before newterm: ncurses then installs none of its own
            _ = lt_install_crash_handlers()
        }
        if capture { beginCaptureBeforeOpen() }
        let result = lt_screen_open(name)
        guard result == 0 else {
            if capture { _ = lt_capture_enable(0) }
            if installSignalHandlers {
                lt_uninstall_crash_handlers()
                lt_uninstall_signal_handlers()
            }
            throw result == -2 ? TerminalError.alreadyOpen : TerminalError.unknownTerminal(name)
        }
        let colors = effectiveColorCount(terminalColors: Int(lt_colors()), noColor: variable("NO_COLOR", in: environment))
        return TerminalScreen(headless: false, ownsSignalHandlers: installSignalHandlers, colorCount: colors)
    }

    /// Opens a screen of `rows` x `cols` that writes to and reads from
    /// /dev/null, for tests: present buffers, read them back with
    /// `readBack()`, inject keys with `lt_unget_wch` / `lt_unget_key`.
    /// No signal handlers are installed. Tests that open screens must not run
    /// in parallel (one `@Suite(.serialized)` parent). With `capture`, the
    /// bytes written to /dev/null are captured as for `open(capture:)`.
    /// - Throws: `TerminalError.unknownTerminal` or `.alreadyOpen`.
    public static func headless(
        rows: Int = 24, cols: Int = 80, term: String = "xterm-256color", noColor: Bool = false,
        capture: Bool = false
    ) throws -> TerminalScreen {
        if capture { beginCaptureBeforeOpen() }
        let result = lt_screen_open_headless(term, Int32(rows), Int32(cols))
        guard result == 0 else {
            if capture { _ = lt_capture_enable(0) }
            throw result == -2 ? TerminalError.alreadyOpen : TerminalError.unknownTerminal(term)
        }
        let colors = effectiveColorCount(terminalColors: Int(lt_colors()), noColor: noColor ? "1" : nil)
        return TerminalScreen(headless: true, ownsSignalHandlers: false, colorCount: colors)
    }

    /// Opens a headless screen of `rows` x `cols` (output to /dev/null) whose
    /// input is read from `inputFD`, for tests that feed raw bytes to the key
    /// decoder through a pipe. The screen reads its own duplicate of the
    /// descriptor (closed by `close()`); the caller keeps and closes `inputFD`.
    /// The same rules as `headless(rows:cols:term:noColor:capture:)` apply.
    /// - Throws: `TerminalError.unknownTerminal` (also for a bad descriptor) or `.alreadyOpen`.
    public static func headless(
        inputFD: Int32, rows: Int = 24, cols: Int = 80, term: String = "xterm-256color"
    ) throws -> TerminalScreen {
        let result = lt_screen_open_headless_input(term, Int32(rows), Int32(cols), inputFD)
        guard result == 0 else {
            throw result == -2 ? TerminalError.alreadyOpen : TerminalError.unknownTerminal(term)
        }
        let colors = effectiveColorCount(terminalColors: Int(lt_colors()), noColor: nil)
        return TerminalScreen(headless: true, ownsSignalHandlers: false, colorCount: colors)
    }

    /// The number of colours to use: 0 when `noColor` (the `NO_COLOR`
    /// variable) is set and not empty or the terminal has fewer than 8,
    /// otherwise the terminal's count.
    public static func effectiveColorCount(terminalColors: Int, noColor: String?) -> Int {
        if let noColor, !noColor.isEmpty { return 0 }
        return terminalColors < 8 ? 0 : terminalColors
    }

    /// Restores the terminal: paste and mouse off, cursor visible, `endwin`,
    /// and the previous signal handlers. Safe to call more than once. When
    /// capturing, the closing bytes are captured and capture stops; take them
    /// with `takeCapturedOutput()` after `close()`.
    ///
    /// - Parameter keepingSignalHandlers: keep linkterm's SIGINT, SIGTERM, SIGHUP (…) handlers,
    ///   which only raise flags, instead of restoring the previous ones: for a program about to
    ///   exit, so that a Ctrl-C typed as the session ends cannot cut its last writes short.
    public func close(keepingSignalHandlers: Bool = false) {
        guard isOpen else { return }
        isOpen = false
        lt_screen_close()
        if ownsSignalHandlers {
            lt_uninstall_crash_handlers()
            if !keepingSignalHandlers { lt_uninstall_signal_handlers() }
        }
    }

    /// Restores the saved termios and writes the reset bytes at once, without
    /// ncurses (async-signal-safe), for fatal paths where `close()` cannot
    /// run. Does nothing unless a terminal screen is open.
    public static func restoreTerminalNow() {
        lt_restore_terminal_now()
    }

    /// Asks the terminal to put `text` on the system clipboard (OSC 52), where the terminal
    /// allows it (xterm with `allowWindowOps`, kitty, iTerm2, tmux with `set-clipboard on` …);
    /// others ignore the sequence. Not recorded: a recording replays what was drawn.
    public func copyToClipboard(_ text: String) {
        guard isOpen, !isHeadless else { return }
        let sequence = Array("\u{1b}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
        let fd = lt_screen_output_fd()
        guard fd >= 0 else { return }
        sequence.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
            }
        }
    }

    /// Makes the next `present` repaint the whole terminal (Ctrl-L).
    public func forceRepaint() {
        needsFullCopy = true
        lt_repaint_all_next_refresh()
    }

    /// Suspends the process (as for Ctrl-Z): leaves curses mode, stops with
    /// SIGTSTP, and once continued re-sends every terminal mode and repaints.
    public func suspend() {
        guard isOpen, !isHeadless else { return }
        lt_suspend()
        refreshSize()
        needsFullCopy = true
    }

    /// Re-reads the size ncurses uses.
    func refreshSize() {
        size = TerminalSize(rows: Int(lt_lines()), cols: Int(lt_cols()))
    }

    /// Shows `buffer`: copies the cells that differ from the last presented
    /// buffer (all of them after a resize or `forceRepaint()`) into stdscr and
    /// updates the terminal once. Cells beyond the screen are ignored; screen
    /// cells beyond the buffer are blanked on a full copy. With `cursor`, the
    /// hardware cursor is shown there (for text fields), otherwise hidden.
    public func present(_ buffer: CellBuffer, cursor: CellPosition? = nil) {
        guard isOpen else { return }
        let rows = size.rows
        let cols = size.cols
        var row = CellRow(capacity: 2 * cols + 2)
        defer { row.deallocate() }
        let lookup = { (style: Style) in self.styleAttributes(style) }
        let shape = (rows: min(rows, buffer.rows), cols: min(cols, buffer.cols))
        buffer.cells.withUnsafeBufferPointer { new in
            if let previous = lastPresented, !needsFullCopy, previous.rows == buffer.rows, previous.cols == buffer.cols {
                previous.cells.withUnsafeBufferPointer { old in
                    Self.copyChanged(new, old: old, width: buffer.cols, shape: shape, screenCols: cols, into: &row,
                                     styles: lookup)
                }
            } else {
                Self.copyAll(new, rows: buffer.rows, cols: buffer.cols, screen: size, into: &row, styles: lookup)
            }
        }
        if let cursor, cursor.y >= 0, cursor.y < rows, cursor.x >= 0, cursor.x < cols {
            if !cursorShown {
                lt_cursor_visible(1)
                cursorShown = true
            }
            _ = lt_move_cursor(Int32(cursor.y), Int32(cursor.x))
        } else if cursorShown {
            lt_cursor_visible(0)
            cursorShown = false
        }
        _ = lt_refresh()
        lastPresented = buffer
        needsFullCopy = false
    }

    /// Copies the cells of `new` that differ from `old` (both `width` columns wide), within
    /// `shape`, into stdscr through `row`.
    private static func copyChanged(
        _ new: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>, width: Int, shape: (rows: Int, cols: Int),
        screenCols: Int, into row: inout CellRow, styles: (Style) -> (attrs: UInt32, pair: Int32)
    ) {
        for y in 0..<shape.rows {
            let base = y * width
            for x in 0..<shape.cols where new[base + x] != old[base + x] {
                row.append(new[base + x], x: x, cols: screenCols, styles: styles)
            }
            row.flush(y: y)
        }
    }

    /// Copies every cell of the screen into stdscr through `row`: those of `cells` (`rows` x
    /// `cols`) where it has them, blanks elsewhere.
    private static func copyAll(
        _ cells: UnsafeBufferPointer<Cell>, rows: Int, cols: Int, screen: TerminalSize, into row: inout CellRow,
        styles: (Style) -> (attrs: UInt32, pair: Int32)
    ) {
        for y in 0..<screen.rows {
            for x in 0..<screen.cols {
                row.append(y < rows && x < cols ? cells[y * cols + x] : .blank, x: x, cols: screen.cols, styles: styles)
            }
            row.flush(y: y)
        }
    }

    /// The ncurses attributes and colour pair for `style`, degraded to the
    /// terminal's colours; cached.
    private func styleAttributes(_ style: Style) -> (attrs: UInt32, pair: Int32) {
        let key = style.packed
        if let index = styleKeys.firstIndex(of: key) { return styleValues[index] }
        var attrs = lt_a_normal()
        if style.bold { attrs |= lt_a_bold() }
        if style.underline { attrs |= lt_a_underline() }
        if style.reverse { attrs |= lt_a_reverse() }
        if style.dim { attrs |= lt_a_dim() }
        if style.italic { attrs |= lt_a_italic() }
        var pair: Int32 = 0
        if colorCount > 0 {
            var fg = style.fg.degraded(toColorCount: colorCount).cursesNumber
            var bg = style.bg.degraded(toColorCount: colorCount).cursesNumber
            if !defaultColorsOK && (fg != -1 || bg != -1) {
                if fg == -1 { fg = 7 }
                if bg == -1 { bg = 0 }
            }
            pair = Int32(pairCache.pair(fg: fg, bg: bg) { number, foreground, background in
                _ = lt_init_pair(Int32(number), Int32(foreground), Int32(background))
            })
        }
        let result = (attrs: attrs, pair: pair)
        styleKeys.append(key)
        styleValues.append(result)
        return result
    }
}

// MARK: - Output capture (recordings)

extension TerminalScreen {
    /// Discards bytes left from an earlier capture and turns capture on,
    /// before a screen opens (so that `newterm`'s setup is captured).
    private static func beginCaptureBeforeOpen() {
        _ = takeCapturedBytes()
        _ = lt_capture_enable(1)
    }

    /// Whether the bytes sent to the terminal are being captured.
    public var isCapturing: Bool { isOpen && lt_capture_is_enabled() != 0 }

    /// Starts capturing every byte sent to the terminal from now on, in the
    /// order sent: ncurses output and the backend's own mode sequences
    /// (bracketed paste, mouse, keypad, cursor, the resets of suspend, resume
    /// and `close()`). Input is never captured. The next `present` repaints
    /// the whole screen, so that the capture starts with a full frame. To
    /// capture the mode setup too, open with `capture: true` instead. Bytes
    /// captured earlier and not yet taken are kept.
    /// - Returns: whether capture is on: false once the screen is closed, or
    ///   where this build cannot capture what ncurses writes.
    @discardableResult
    public func startCapture() -> Bool {
        guard isOpen, lt_capture_enable(1) == 0 else { return false }
        forceRepaint()
        return true
    }

    /// Stops capturing; bytes captured so far stay available to
    /// `takeCapturedOutput()`. `close()` stops capture by itself.
    public func stopCapture() {
        _ = lt_capture_enable(0)
    }

    /// Hands over the bytes captured since the last call (empty if none) and
    /// clears them. Works after `close()`, to take the closing bytes (leaving
    /// the alternate screen, cursor visible). Call it after each `present`
    /// so that the capture buffer stays small and the timing is right.
    public func takeCapturedOutput() -> [UInt8] {
        Self.takeCapturedBytes()
    }

    /// Takes the shim's capture buffer.
    private static func takeCapturedBytes() -> [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard lt_capture_take(&data, &length) == 0, let data else { return [] }
        defer { free(data) }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

/// Whether `value` only changes how its neighbours are shown, with a width
/// terminals do not agree on: ZERO WIDTH JOINER, VARIATION SELECTOR-15/16,
/// and the tag characters of subdivision flags (U+E0020–U+E007F).
func isJoinerOrPresentationSelector(_ value: UInt32) -> Bool {
    value == 0x200D || value == 0xFE0E || value == 0xFE0F || (0xE0020...0xE007F).contains(value)
}

extension TerminalScreen {
    /// The theme this screen shows `theme` with: without colour (NO_COLOR, a monochrome terminal)
    /// the monochrome styles, which keep the selection and matches visible through reverse video
    /// and underline.
    public func shown(_ theme: Theme) -> Theme {
        colorCount == 0 ? ((try? ThemeLoader.load("monochrome")) ?? theme) : theme
    }
}
