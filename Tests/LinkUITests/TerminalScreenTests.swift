import CNcurses
import Testing
@testable import LinkUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every test that opens an ncurses screen or touches process-wide signal
/// state lives under this one serialized parent: screens must
/// never run in parallel. Nested suites are in the other
/// `TerminalScreen*Tests.swift` files, as extensions.
@Suite("ncurses backend (headless)", .serialized)
struct TerminalScreenTests {
    /// Opens an 80x24 headless screen, runs `body`, closes the screen.
    static func withScreen(
        rows: Int = 24, cols: Int = 80, term: String = "xterm-256color", noColor: Bool = false,
        _ body: (TerminalScreen) throws -> Void
    ) throws {
        let screen = try TerminalScreen.headless(rows: rows, cols: cols, term: term, noColor: noColor)
        defer { screen.close() }
        try body(screen)
    }

    @Suite("Output")
    struct Output {
        /// A buffer with ASCII, wide glyphs, an emoji, a combining accent and
        /// a box of Unicode line characters.
        static func sampleBuffer() -> CellBuffer {
            var buffer = CellBuffer(rows: 24, cols: 80)
            buffer.put("Hello, linkterm", y: 0, x: 0, style: Style(bold: true))
            buffer.put("日本語 😀 Cafe\u{301}", y: 1, x: 2, style: .plain)
            buffer.drawBox(Rect(x: 4, y: 3, width: 12, height: 4), style: Style(fg: .indexed(4)))
            buffer.put("inside", y: 4, x: 6, style: .plain)
            buffer.put("right edge", y: 23, x: 70, style: .plain)
            return buffer
        }

        @Test func presentedBufferReadsBackAsText() throws {
            try withScreen { screen in
                #expect(screen.size == TerminalSize(rows: 24, cols: 80))
                let buffer = Self.sampleBuffer()
                screen.present(buffer)
                let back = screen.readBack()
                #expect(back == buffer.lines())
                #expect(back[1] == "  日本語 😀 Cafe\u{301}")
                #expect(back[3] == "    ┌──────────┐")
                #expect(back[4] == "    │ inside   │")
                #expect(back[6] == "    └──────────┘")
                #expect(back[23].hasSuffix("right edge"))
            }
        }

        @Test func secondFrameChangesOnlyWhatDiffers() throws {
            try withScreen { screen in
                let first = Self.sampleBuffer()
                screen.present(first)
                var second = first
                second.put("J", y: 0, x: 0, style: Style(bold: true))
                #expect(second.diff(from: first) == [CellPosition(y: 0, x: 0)])
                screen.present(second)
                #expect(screen.readBack() == second.lines())
                #expect(screen.readBack()[0] == "Jello, linkterm")

                var third = second
                third.put("ab", y: 1, x: 2, style: .plain)  // replaces the wide 日
                third.put("日", y: 4, x: 7, style: .plain)  // wide over narrow
                screen.present(third)
                #expect(screen.readBack() == third.lines())
                #expect(screen.readBack()[1] == "  ab本語 😀 Cafe\u{301}")
            }
        }

        @Test func forceRepaintAndResizeKeepTheScreenConsistent() throws {
            try withScreen { screen in
                screen.present(Self.sampleBuffer())
                screen.forceRepaint()
                screen.present(Self.sampleBuffer())
                #expect(screen.readBack() == Self.sampleBuffer().lines())

                #expect(lt_resize(10, 30) == 0)
                #expect(screen.readKey(timeoutMs: 0) == .resize)
                #expect(screen.size == TerminalSize(rows: 10, cols: 30))
                var small = CellBuffer(rows: 10, cols: 30)
                small.put("small", y: 9, x: 25, style: .plain)
                screen.present(small)
                #expect(screen.readBack() == small.lines())
            }
        }

        @Test func stylesBecomeAttributesAndColourPairs() throws {
            try withScreen { screen in
                #expect(screen.colorCount == 256)
                var buffer = CellBuffer(rows: 24, cols: 80)
                buffer.put("R", y: 0, x: 0, style: Style(fg: .rgb(255, 0, 0), bold: true))
                buffer.put("B", y: 0, x: 1, style: Style(fg: .indexed(33), bg: .indexed(236), underline: true))
                buffer.put("P", y: 0, x: 2, style: Style(reverse: true))
                screen.present(buffer)
                let red = try #require(screen.readBackCell(y: 0, x: 0))
                #expect(red.text == "R")
                #expect(red.bold && !red.underline)
                #expect(red.foreground == 196 && red.background == -1)
                let blue = try #require(screen.readBackCell(y: 0, x: 1))
                #expect(blue.underline && blue.foreground == 33 && blue.background == 236)
                let plain = try #require(screen.readBackCell(y: 0, x: 2))
                #expect(plain.reverse && plain.foreground == -1 && plain.background == -1)
            }
        }

        @Test func eightColourTerminalsGetBasicColours() throws {
            try withScreen(term: "xterm") { screen in
                #expect(screen.colorCount == 8)
                var buffer = CellBuffer(rows: 24, cols: 80)
                buffer.put("R", y: 0, x: 0, style: Style(fg: .rgb(255, 0, 0), bg: .indexed(21)))
                screen.present(buffer)
                let cell = try #require(screen.readBackCell(y: 0, x: 0))
                #expect(cell.foreground == 1 && cell.background == 4)
            }
        }

        @Test func noColorKeepsAttributesOnly() throws {
            try withScreen(noColor: true) { screen in
                #expect(screen.colorCount == 0)
                var buffer = CellBuffer(rows: 24, cols: 80)
                buffer.put("X", y: 0, x: 0, style: Style(fg: .rgb(255, 0, 0), bold: true, reverse: true))
                screen.present(buffer)
                let cell = try #require(screen.readBackCell(y: 0, x: 0))
                #expect(cell.pair == 0 && cell.bold && cell.reverse)
            }
        }

        @Test func cursorCanBeShownAndHidden() throws {
            try withScreen { screen in
                var buffer = CellBuffer(rows: 24, cols: 80)
                buffer.put("Username: ", y: 2, x: 2, style: .plain)
                screen.present(buffer, cursor: CellPosition(y: 2, x: 12))
                screen.present(buffer, cursor: nil)
                screen.present(buffer, cursor: CellPosition(y: 99, x: 99))
                #expect(screen.readBack()[2] == "  Username:")
            }
        }
    }

    @Suite("Lifecycle")
    struct Lifecycle {
        @Test func unknownTerminalIsAClearError() {
            #expect(throws: TerminalError.unknownTerminal("no-such-terminal-xyz")) {
                _ = try TerminalScreen.headless(term: "no-such-terminal-xyz")
            }
            #expect(lt_screen_is_open() == 0)
            #expect(TerminalError.unknownTerminal("vt999").description.contains("TERM=vt999"))
        }

        @Test func onlyOneScreenAtATimeAndCloseIsIdempotent() throws {
            let screen = try TerminalScreen.headless()
            #expect(throws: TerminalError.alreadyOpen) { _ = try TerminalScreen.headless() }
            screen.close()
            screen.close()
            #expect(!screen.isOpen)
            #expect(screen.readKey(timeoutMs: 0) == nil)
            screen.present(CellBuffer(rows: 1, cols: 1))
            let again = try TerminalScreen.headless(rows: 5, cols: 20)
            #expect(again.size == TerminalSize(rows: 5, cols: 20))
            again.close()
        }

        @Test func tinyScreensDoNotCrash() throws {
            try withScreen(rows: 1, cols: 1) { screen in
                var buffer = CellBuffer(rows: 1, cols: 1)
                buffer.put("日本", y: 0, x: 0, style: .plain)
                screen.present(buffer, cursor: CellPosition(y: 0, x: 0))
                buffer.put("x", y: 0, x: 0, style: .plain)
                screen.present(buffer)
                #expect(screen.readBack() == ["x"])
            }
        }

        @Test func wcwidthOfTheCLibraryAgreesWithDisplayWidth() {
            #expect(lt_setup_locale() == 1)
            var disagreements: [String] = []
            for value in UInt32(0x20)...0x3FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let c = Int(lt_wcwidth(wchar_t(bitPattern: value)))
                if c < 0 { continue }  // unassigned or non-printable for the C library
                if c != displayWidth(of: scalar) {
                    disagreements.append(String(value, radix: 16))
                }
            }
            #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(40))")
        }
    }
}
