import CNcurses
import Foundation
import Testing
@testable import LinkUI

@Suite("Audience: watchers' screens")
struct AudienceTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aWholeFrameClearsThenPaintsEveryCell() {
        var buffer = CellBuffer(rows: 2, cols: 4)
        buffer.put("ab", y: 0, x: 0, style: Style(fg: .indexed(1), bold: true))
        let frame = text(AudienceFrame.bytes(buffer, after: nil, colors: 256))
        #expect(frame.hasPrefix("\u{1b}[?1049h\u{1b}[?25l\u{1b}[0m\u{1b}[H\u{1b}[2J"))
        // every row placed by itself, never by wrapping
        #expect(frame.contains("\u{1b}[1;1H\u{1b}[0;1;31mab\u{1b}[0m  \u{1b}[2;1H    "))
        #expect(frame.hasSuffix("\u{1b}[0m"))
    }

    @Test func aFrameAfterAnotherSendsOnlyWhatChanged() {
        var before = CellBuffer(rows: 3, cols: 10)
        before.put("Search  f", y: 1, x: 0, style: .plain)
        var after = before
        after.put("fi", y: 1, x: 8, style: .plain)
        #expect(text(AudienceFrame.bytes(after, after: before, colors: 8)) == "\u{1b}[2;10H\u{1b}[0mi\u{1b}[0m")
        #expect(AudienceFrame.bytes(after, after: after, colors: 8).isEmpty)
        // another size: a whole frame
        #expect(text(AudienceFrame.bytes(CellBuffer(rows: 3, cols: 9), after: before, colors: 8)).hasPrefix("\u{1b}[?1049h"))
    }

    @Test func coloursAreDegradedToTheWatchersTerminal() {
        let style = Style(fg: .rgb(255, 0, 0), bg: .indexed(12), reverse: true)
        #expect(text(AudienceFrame.sgr(style, colors: 256)) == "\u{1b}[0;7;38;5;196;104m")
        #expect(text(AudienceFrame.sgr(style, colors: 8)) == "\u{1b}[0;7;31;44m")
        #expect(text(AudienceFrame.sgr(style, colors: 0)) == "\u{1b}[0;7m")
    }

    @Test func wideGlyphsAndJoinersAreSentAsTheScreenSendsThem() {
        #expect(AudienceFrame.glyph("中", roomForWide: true).width == 2)
        #expect(AudienceFrame.glyph("中", roomForWide: false).bytes == [0x20])
        #expect(text(AudienceFrame.glyph("👨‍👩‍👧", roomForWide: true).bytes) == "👨")
        #expect(text(AudienceFrame.glyph("e\u{301}", roomForWide: true).bytes) == "e\u{301}")
        var buffer = CellBuffer(rows: 1, cols: 4)
        buffer.put("中a", y: 0, x: 0, style: .plain)
        // after a glyph that is not ASCII the cursor is placed again
        #expect(text(AudienceFrame.bytes(buffer, after: CellBuffer(rows: 1, cols: 4), colors: 0))
                == "\u{1b}[1;1H\u{1b}[0m中\u{1b}[1;3Ha\u{1b}[0m")
    }

    /// The whole path in one process: a `watch` message with a socket attached, a frame drawn at
    /// the watcher's size, a resize, then `leave` (the descriptor closed: the watcher's end sees EOF).
    @Test func messagesAddResizeAndDropWatchers() throws {
        var control: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &control) == 0)
        var screen: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &screen) == 0)
        defer { [control[1], screen[0]].forEach { close($0) } }
        let audience = Audience(controlFD: control[0])
        audience.handle("watch 7 3 12 256", fd: screen[1])
        #expect(audience.count == 1)
        var sizes: [String] = []
        audience.serve { rows, cols in
            sizes.append("\(cols)x\(rows)")
            var buffer = CellBuffer(rows: rows, cols: cols)
            buffer.put("hello", y: 0, x: 0, style: .plain)
            return buffer
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let read1 = read(screen[0], &bytes, bytes.count)
        #expect(read1 > 0 && text(Array(bytes.prefix(read1))).contains("hello"))
        audience.serve { _, _ in Issue.record("no change, no frame"); return CellBuffer(rows: 1, cols: 1) }
        audience.handle("size 7 4 20", fd: -1)
        audience.handle("size 7 x 20", fd: -1)  // not a message: ignored
        audience.serve { rows, cols in
            sizes.append("\(cols)x\(rows)")
            return CellBuffer(rows: rows, cols: cols)
        }
        #expect(sizes == ["12x3", "20x4"])
        audience.handle("leave 7", fd: -1)
        #expect(audience.count == 0)
        var rest = 0
        while true {
            let n = read(screen[0], &bytes, bytes.count)
            if n <= 0 { break }
            rest += n
        }
        #expect(rest > 0)  // the resized frame, then the end
        audience.close()
    }

    @Test func aDescriptorWithAnythingButAWatchMessageIsClosed() {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        let audience = Audience(controlFD: -1)
        audience.handle("size 1 2 3", fd: pair[1])
        #expect(audience.count == 0 && fcntl(pair[1], F_GETFD) == -1)
    }

    /// The presenter's header counts the watchers, quietly, where the row is blank (nothing when
    /// none watch, nothing where it would not fit); a watcher's footer says they watch and how to leave.
    @Test func theRoomIsMarked() {
        var screen = CellBuffer(rows: 24, cols: 80)
        screen.put(" linkterm  Plaid Link · sandbox", y: 0, x: 0, style: Style(dim: true))
        screen.put("CONSENT ", y: 0, x: 72, style: .plain)
        screen.put(" Enter continue  F1 keys", y: 23, x: 0, style: .plain)
        var marked = screen
        Audience.markHeader(&marked, watchers: 0)
        #expect(marked == screen)
        Audience.markHeader(&marked, watchers: 2)
        #expect(marked.line(0).contains("● 2 watching") && marked.line(0).hasPrefix(" linkterm  Plaid Link · sandbox")
                && marked.line(0).hasSuffix("CONSENT"))
        var narrow = CellBuffer(rows: 24, cols: 40)
        narrow.put(" linkterm  Plaid Link · sandbox CONSENT", y: 0, x: 0, style: .plain)
        var narrowMarked = narrow
        Audience.markHeader(&narrowMarked, watchers: 3)
        #expect(narrowMarked == narrow)  // no room: nothing overwritten
        let watcher = Audience.watcherView(screen, watchers: 1)
        #expect(watcher.line(23).hasPrefix(" watching the presenter's session · q leaves") && !watcher.line(23).contains("F1"))
        #expect(watcher.line(0).contains("● 1 watching"))
    }
}
