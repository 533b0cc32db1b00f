// KeyDecoderFuzzTests.swift: raw bytes through a socket into a headless ncurses screen, read
// back with `TerminalScreen.readKey`: random bytes, escape sequences split at every position,
// bracketed pastes with hostile content, invalid UTF-8.
//
// Invariants: reading never crashes and always ends (every byte is taken from the socket);
// every `.char` is a printable character, every `.paste` holds text only (line ends as "\n",
// tabs) and at most 1 MiB; pasted line ends never come out as Enter.
//
// Nested in the serialized parent suite: one ncurses screen at a time.

import CNcurses
import Foundation
import Testing
import LinkKit
@testable import LinkUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (LinkKit's seeded id generator): every run plays the same sequences.
private typealias SplitMix64 = IDGenerator

extension IDGenerator {
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    fileprivate mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    fileprivate mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &self) }
}

private let pasteStart = Array("\u{1B}[200~".utf8)
private let pasteEnd = Array("\u{1B}[201~".utf8)
private let mebibyte = 1 << 20

/// Byte fragments the random streams are made of.
private enum Fragments {
    static let escapeSequences: [[UInt8]] = [
        "\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD", "\u{1B}OH", "\u{1B}OF", "\u{1B}[A", "\u{1B}[1;5C",
        "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[3~", "\u{1B}[2~", "\u{1B}[Z", "\u{1B}OP", "\u{1B}OQ", "\u{1B}[15~", "\u{1B}[24~",
        "\u{1B}[<0;5;5M", "\u{1B}[<0;5;5m", "\u{1B}[<64;1;1M", "\u{1B}[<65;300;200M", "\u{1B}[<0;99999;99999M",
        "\u{1B}[<3;0;0m", "\u{1B}[M !!", "\u{1B}[M\u{7F}\u{7F}\u{7F}", "\u{1B}]0;title\u{07}", "\u{1B}P1$r\u{1B}\\",
        "\u{1B}[?1049h", "\u{1B}[999999999999999999999~", "\u{1B}[;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;m",
        "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}[<", "\u{1B}\u{1B}", "\u{1B}[20", "\u{1B}[200", "\u{1B}[201",
    ].map { Array($0.utf8) }

    static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xC3], [0xC2, 0x9B],
    ]

    static let validText: [[UInt8]] = [
        "a", "Z", "0", " ", "~", "é", "日本", "😀", "👨‍👩‍👧", "e\u{301}", "\u{202E}", "\u{FEFF}", "\u{10FFFF}", "\u{FFFD}",
        "\u{85}", "\u{9B}", "\u{2028}",
    ].map { Array($0.utf8) }

    static let controls: [[UInt8]] = [[0x00], [0x03], [0x08], [0x09], [0x0A], [0x0D], [0x0D, 0x0A], [0x1C], [0x7F], [0x1A]]

    /// A random stream of `count` fragments.
    static func stream(_ rng: inout SplitMix64, fragments count: Int, markers: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<count {
            switch rng.int(0...99) {
            case 0...19: out.append(rng.byte())
            case 20...39: out.append(UInt8(rng.int(0x20...0x7E)))
            case 40...54: out += rng.pick(validText)
            case 55...64: out += rng.pick(invalidUTF8)
            case 65...79: out += rng.pick(escapeSequences)
            case 80...89: out += rng.pick(controls)
            case 90...93: out += markers ? pasteStart : [0x41]
            case 94...97: out += markers ? pasteEnd : [0x42]
            default:
                // a sequence cut short
                let sequence = rng.pick(escapeSequences)
                out += sequence.prefix(rng.int(0...sequence.count))
            }
        }
        return out
    }

    /// Text that cannot decode to Enter (no CR, LF, keypad Enter) and holds no paste marker.
    static func plain(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<count {
            switch rng.int(0...3) {
            case 0: out += rng.pick(validText)
            case 1: out += rng.pick(["\u{1B}OA", "\u{1B}[5~", "\u{1B}OP", "\u{1B}[Z"].map { Array($0.utf8) })
            default: out.append(UInt8(rng.int(0x20...0x7E)))
            }
        }
        return out
    }
}

/// What came out of one stream.
private struct Decoded {
    var keys: [Key] = []
    /// Whether reading ended by itself (not by the test's time limit).
    var terminated = true
    /// Bytes still unread in the socket afterwards.
    var leftover: Int32 = 0
    var seconds = 0.0
}

/// A writer on another thread (the test thread owns ncurses), so that streams larger than the
/// socket's buffer flow while the screen reads.
private final class ByteWriter: Sendable {
    let done = DispatchSemaphore(value: 0)

    init(fd: Int32, chunks: [[UInt8]], gapMillis: Int, endOfFile: Bool) {
        let done = self.done
        let thread = Thread {
            for (index, chunk) in chunks.enumerated() {
                if index > 0 && gapMillis > 0 { usleep(UInt32(gapMillis * 1000)) }
                var offset = 0
                while offset < chunk.count {
                    let sent = chunk[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if sent < 0 {
                        if errno == EINTR { continue }
                        break  // the reader is gone
                    }
                    offset += sent
                }
            }
            if endOfFile { shutdown(fd, Int32(SHUT_WR)) }
            done.signal()
        }
        thread.start()
    }
}

extension TerminalScreenTests {
    @Suite("Key decoder fuzz (raw bytes)")
    struct KeyDecoderFuzzTests {
        /// Feeds `chunks` (with `gapMillis` between them) to a fresh headless screen and reads
        /// keys until the input is exhausted: with `endOfFile`, the writer then shuts its side
        /// (reading ends at end of file); otherwise reading ends after `idleMillis` without input.
        fileprivate static func decode(_ chunks: [[UInt8]], gapMillis: Int = 0, endOfFile: Bool = true, idleMillis: Int = 40,
                           limitSeconds: Double = 30) throws -> Decoded {
            var fds: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
                throw TerminalError.unknownTerminal("socketpair failed")
            }
            defer {
                close(fds[0])
                close(fds[1])
            }
            let screen = try TerminalScreen.headless(inputFD: fds[0])
            defer { screen.close() }
            let writer = ByteWriter(fd: fds[1], chunks: chunks, gapMillis: gapMillis, endOfFile: endOfFile)
            var result = Decoded()
            let start = Date()
            var writerDone = false
            var nilStreak = 0
            while true {
                if !writerDone, writer.done.wait(timeout: .now()) == .success { writerDone = true }
                let before = Date()
                let timeout = writerDone && endOfFile ? 0 : idleMillis
                if let key = screen.readKey(timeoutMs: timeout) {
                    result.keys.append(key)
                    nilStreak = 0
                } else {
                    nilStreak += 1
                    let waited = Date().timeIntervalSince(before) * 1000
                    // at end of file every read returns at once; reading is over when nothing is
                    // pending either (a paste being read, a partial sequence waiting for its time)
                    let idle = endOfFile ? nilStreak >= 2 : waited >= Double(idleMillis) * 0.75
                    if writerDone && idle && screen.inputDueInMs == nil { break }
                }
                if Date().timeIntervalSince(start) > limitSeconds {
                    result.terminated = false
                    break
                }
            }
            result.seconds = Date().timeIntervalSince(start)
            var pending: Int32 = 0
            _ = ioctl(fds[0], UInt(FIONREAD), &pending)
            result.leftover = pending
            if !writerDone {
                shutdown(fds[0], Int32(SHUT_RDWR))
                _ = writer.done.wait(timeout: .now() + 10)
            }
            return result
        }

        /// The invariants of every decoded stream.
        fileprivate static func check(_ result: Decoded, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.terminated, "\(context): reading did not end", sourceLocation: sourceLocation)
            #expect(result.leftover == 0, "\(context): \(result.leftover) bytes never read", sourceLocation: sourceLocation)
            for key in result.keys {
                switch key {
                case .char(let character):
                    let bad = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                    #expect(!bad, "\(context): control character in \(key)", sourceLocation: sourceLocation)
                case .paste(let pasted):
                    let text = pasted.text
                    #expect(text.utf8.count <= mebibyte, "\(context): paste of \(text.utf8.count) bytes",
                            sourceLocation: sourceLocation)
                    let bad = text.unicodeScalars.first {
                        $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
                    }
                    #expect(bad == nil, "\(context): control U+\(String(bad?.value ?? 0, radix: 16)) in a paste",
                            sourceLocation: sourceLocation)
                    #expect(!text.contains("\r"), "\(context): CR in a paste", sourceLocation: sourceLocation)
                case .function(let number):
                    #expect((1...63).contains(number), "\(context): F\(number)", sourceLocation: sourceLocation)
                case .ctrl(let letter):
                    #expect(("a"..."z").contains(letter), "\(context): Ctrl-\(letter)", sourceLocation: sourceLocation)
                case .mouse(let event):
                    #expect(event.x >= 0 && event.y >= 0, "\(context): mouse at \(event)", sourceLocation: sourceLocation)
                default:
                    break
                }
            }
        }

        @Test("known sequences decode to their keys")
        func knownSequences() throws {
            let cases: [(String, [Key])] = [
                ("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD", [.up, .down, .right, .left]),
                ("\u{1B}OH\u{1B}OF\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z", [.home, .end, .pageUp, .pageDown, .delete, .backTab]),
                ("\u{1B}OP\u{1B}[15~\u{1B}[24~", [.function(1), .function(5), .function(12)]),
                ("\u{1B}[<0;5;3M\u{1B}[<0;5;3m", [.mouse(MouseEvent(y: 2, x: 4, kind: .click))]),
                ("a\u{1B}[200~x\ry\u{1B}[201~\r", [.char("a"), .paste("x\ny"), .enter]),
                ("\u{3}\u{7F}\t日", [.ctrl("c"), .backspace, .tab, .char("日")]),
            ]
            for (text, expected) in cases {
                let result = try Self.decode([Array(text.utf8)])
                Self.check(result, text.debugDescription)
                #expect(result.keys == expected, "\(text.debugDescription)")
            }
        }

        /// What terminals send on their own (focus and cursor position reports, OSC, DCS, APC,
        /// PM, SOS strings, device attributes) is read whole and gives nothing; Alt+key is one
        /// key; nothing becomes Esc followed by text.
        @Test("terminal replies give nothing; Alt keys are one key")
        func repliesAndAltKeys() throws {
            let cases: [(String, [Key])] = [
                ("\u{1B}[I\u{1B}[Oa", [.char("a")]),
                ("\u{1B}[12;40Rb", [.char("b")]),
                ("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\c", [.char("c")]),
                ("\u{1B}]0;title\u{7}d", [.char("d")]),
                ("\u{1B}P1$r0;1m\u{1B}\\e", [.char("e")]),
                ("\u{1B}_Gi=1\u{1B}\\\u{1B}^pm\u{1B}\\\u{1B}Xsos\u{1B}\\f", [.char("f")]),
                ("\u{1B}[?62;22c\u{1B}[>0;276;0c\u{1B}[?1;2$y\u{1B}[1;5A\u{1B}[99;99;99;99Hg", [.char("g")]),
                ("\u{1B}]11;rgb:00\u{1B}[A", [.up]),  // Esc ends a string and begins the next sequence
                ("\u{1B}]title\u{18}h", [.char("h")]),  // CAN cancels it
                ("\u{1B}y\u{1B}\r\u{1B}\u{1B}[A\u{1B}[1;3B\u{1B}é\u{1B}\u{7F}", [.alt(.char("y")), .alt(.enter), .alt(.up), .alt(.down),
                                                                        .alt(.char("é")), .alt(.backspace)]),
                ("\u{1B}\u{3}", [.ctrl("c")]),  // Esc then Ctrl-C: Ctrl-C, always
                ("\u{1B}", [.escape]),
                ("\u{1B}\u{1B}", [.alt(.escape)]),
                ("\u{1B}Op\u{1B}Oy\u{1B}OM\u{1B}[[A\u{1B}[[E\u{1B}[H\u{1B}[1~\u{1B}[4~", [.char("0"), .char("9"), .enter, .function(1),
                                                                               .function(5), .home, .home, .end]),
            ]
            for (text, expected) in cases {
                for endOfFile in [true, false] {
                    let result = try Self.decode([Array(text.utf8)], endOfFile: endOfFile)
                    Self.check(result, text.debugDescription)
                    #expect(result.keys == expected, "\(text.debugDescription), end of file \(endOfFile): \(result.keys)")
                }
            }
            // Esc and a key 80 ms apart (past the 50 ms Esc timeout): Escape, then the key
            let apart = try Self.decode([[0x1B], Array("x".utf8)], gapMillis: 80)
            #expect(apart.keys == [.escape, .char("x")], "\(apart.keys)")
        }

        @Test("random byte streams: reading ends, every byte is read, keys are sound")
        func randomStreams() throws {
            var rng = SplitMix64(seed: 0xDEC0DE)
            for index in 0..<120 {
                let bytes = Fragments.stream(&rng, fragments: rng.int(0...600))
                // cut into a few writes, as a terminal delivers them
                var chunks: [[UInt8]] = []
                var rest = bytes[...]
                while !rest.isEmpty {
                    let size = rng.int(1...max(1, rest.count))
                    chunks.append(Array(rest.prefix(size)))
                    rest = rest.dropFirst(size)
                }
                let result = try Self.decode(chunks)
                Self.check(result, "stream \(index) (\(bytes.count) bytes)")
            }
        }

        @Test("random bytes with pauses and no end of file: reading still ends")
        func randomStreamsWithoutEndOfFile() throws {
            var rng = SplitMix64(seed: 0x1D1E)
            for index in 0..<12 {
                // no paste start marker: an unterminated paste waits 500 ms, tested on its own below
                let bytes = Fragments.stream(&rng, fragments: rng.int(1...200), markers: false)
                let cut = rng.int(0...bytes.count)
                let result = try Self.decode([Array(bytes[..<cut]), Array(bytes[cut...])], gapMillis: 30, endOfFile: false)
                Self.check(result, "paused stream \(index)")
            }
        }

        /// Each sequence cut in two at every position, the halves sent at once or 40 ms apart
        /// (within the 50 ms Esc timeout): the keys are those of the whole sequence, or those of
        /// the halves read apart, never anything else.
        @Test("escape sequences split at every position")
        func splitSequences() throws {
            let sequences = ["\u{1B}OA", "\u{1B}OH", "\u{1B}[5~", "\u{1B}[3~", "\u{1B}[Z", "\u{1B}OP", "\u{1B}[15~",
                             "\u{1B}[24~", "\u{1B}[<0;12;7M\u{1B}[<0;12;7m"]
            for sequence in sequences {
                let bytes = Array(sequence.utf8)
                func run(_ chunks: [[UInt8]], gap: Int = 0) throws -> Decoded {
                    try Self.decode(chunks, gapMillis: gap, idleMillis: 40)
                }
                let whole = try run([bytes]).keys
                #expect(!whole.isEmpty && !whole.contains(.escape), "\(sequence.debugDescription) decodes whole: \(whole)")
                for position in 1..<bytes.count {
                    let first = Array(bytes[..<position]), second = Array(bytes[position...])
                    for gap in [0, 40] {
                        let context = "\(sequence.debugDescription) split at \(position), \(gap) ms"
                        let result = try run([first, second], gap: gap)
                        Self.check(result, context)
                        if result.keys == whole { continue }
                        let apart = try run([first]).keys + run([second]).keys
                        // two mouse reports cut between them or in the second, 40 ms apart: a press,
                        // then its release (the press is handed out before the release is complete)
                        let secondReport = bytes.lastIndex(of: 0x1B) ?? 0
                        let reports = sequence.hasSuffix("m") && secondReport > 0 && position >= secondReport
                            ? [Key.mouse(MouseEvent(y: 6, x: 11, kind: .press)), .mouse(MouseEvent(y: 6, x: 11, kind: .release))]
                            : apart
                        #expect(result.keys == apart || result.keys == reports,
                                "\(context): \(result.keys), expected \(whole) or \(apart)")
                    }
                }
            }
        }

        /// A paste whose markers are cut anywhere, the halves sent at once or 40 ms apart (within
        /// the 50 ms Esc timeout, well within the 250 ms a partial sequence waits): one paste,
        /// exactly its text. Pasted line ends never come out as Enter.
        @Test("paste markers split at every position")
        func splitPasteMarkers() throws {
            let bytes = pasteStart + Array("ab\rc".utf8) + pasteEnd
            for position in 1..<bytes.count {
                for gap in [0, 40] {
                    let context = "paste split at \(position), \(gap) ms"
                    let result = try Self.decode([Array(bytes[..<position]), Array(bytes[position...])], gapMillis: gap)
                    Self.check(result, context)
                    #expect(!result.keys.contains(.enter), "\(context): Enter came out of pasted text")
                    guard result.keys.count == 1, case .paste(let pasted) = result.keys[0] else {
                        Issue.record("\(context): \(result.keys)")
                        continue
                    }
                    let text = pasted.text
                    #expect(text == "ab\nc", "\(context): \(text.debugDescription)")
                }
            }
        }

        /// A paste between plain text: hostile content (controls, invalid UTF-8, escape
        /// sequences, nested start markers, CR/LF) never turns into Enter.
        @Test("paste content never produces Enter")
        func pasteContent() throws {
            var rng = SplitMix64(seed: 0x9A57E)
            for index in 0..<80 {
                var content = Fragments.stream(&rng, fragments: rng.int(0...300), markers: false)
                content += [0x0D, 0x0A, 0x0D]
                // fragments may join into an end marker, which would end the paste early
                while let range = content.firstRange(of: pasteEnd) { content.removeSubrange(range) }
                if rng.int(0...2) == 0 { content.insert(contentsOf: pasteStart, at: rng.int(0...content.count)) }  // nested
                let terminated = index % 4 != 0
                let stream = Fragments.plain(&rng, count: rng.int(0...20)) + pasteStart + content
                    + (terminated ? pasteEnd + Fragments.plain(&rng, count: rng.int(0...20)) : [])
                let result = try Self.decode([stream])
                let context = "paste \(index) (\(terminated ? "terminated" : "unterminated"), \(content.count) bytes)"
                Self.check(result, context)
                #expect(!result.keys.contains(.enter), "\(context): Enter came out of pasted text")
                #expect(result.keys.contains { if case .paste = $0 { true } else { false } }, "\(context): no paste")
            }
        }

        @Test("an unterminated paste ends after its timeout; keys after it are keys again")
        func unterminatedPasteTimesOut() throws {
            let result = try Self.decode([pasteStart + Array("abc\r".utf8), Array("x\r".utf8)], gapMillis: 700,
                                         endOfFile: false, idleMillis: 100)
            Self.check(result, "unterminated paste")
            #expect(result.keys == [.paste("abc\n"), .char("x"), .enter])
        }

        @Test("a paste is capped at 1 MiB; the rest is read and dropped")
        func pasteCap() throws {
            let line = Array(String(repeating: "0123456789abcdef", count: 4).utf8) + [0x0D]  // 65 bytes
            var content: [UInt8] = []
            while content.count < mebibyte + mebibyte / 2 { content += line }
            var chunks = [pasteStart]
            var rest = content[...]
            while !rest.isEmpty {
                chunks.append(Array(rest.prefix(60_000)))
                rest = rest.dropFirst(60_000)
            }
            chunks.append(pasteEnd + Array("z".utf8))
            let result = try Self.decode(chunks)
            Self.check(result, "1.5 MiB paste")
            #expect(result.keys.count == 2, "\(result.keys.count) keys")
            guard case .paste(let pasted)? = result.keys.first else {
                Issue.record("no paste")
                return
            }
            #expect(pasted.byteCount == mebibyte, "the paste keeps 1 MiB exactly (got \(pasted.byteCount))")
            #expect(result.keys.last == .char("z"))
        }

        /// Invalid UTF-8 between plain keys: reading ends, every byte is read, nothing unprintable.
        @Test("invalid UTF-8 alone")
        func invalidUTF8() throws {
            for (index, invalid) in Fragments.invalidUTF8.enumerated() {
                for suffix in ["", "A", "A\r", "\u{1B}OA"] {
                    let result = try Self.decode([Array("x".utf8) + invalid + Array(suffix.utf8)])
                    Self.check(result, "invalid \(index) + \(suffix.debugDescription)")
                    #expect(result.keys.first == .char("x"))
                }
            }
            var rng = SplitMix64(seed: 0xBAD)
            for index in 0..<40 {
                var bytes: [UInt8] = []
                for _ in 0..<rng.int(1...400) { bytes += rng.int(0...1) == 0 ? rng.pick(Fragments.invalidUTF8) : [rng.byte()] }
                Self.check(try Self.decode([bytes]), "invalid stream \(index)")
            }
        }

        /// After a byte that is not UTF-8, the keys already waiting (letters, Enter) are kept,
        /// typed or pasted: the bad byte alone is dropped. (ncurses' own decoder, wget_wch,
        /// dropped every plain key up to the next pause; key_decoder.c decodes UTF-8 itself.)
        @Test("text after an invalid byte is kept")
        func textAfterInvalidByte() throws {
            let typed = try Self.decode([[0x61, 0xFF, 0x62, 0x0D]])
            let truncated = try Self.decode([[0x61, 0xC3, 0x62, 0xE2, 0x82, 0x0D]])
            let pasted = try Self.decode([pasteStart + [0x61, 0xFF] + Array("bcdef".utf8) + [0xC3] + pasteEnd])
            Self.check(typed, "typed")
            Self.check(truncated, "truncated")
            Self.check(pasted, "pasted")
            #expect(typed.keys == [.char("a"), .char("b"), .enter], "typed: \(typed.keys)")
            #expect(truncated.keys == [.char("a"), .char("b"), .enter], "truncated: \(truncated.keys)")
            #expect(pasted.keys == [.paste("abcdef")], "pasted: \(pasted.keys)")
        }

        /// ncurses 6.4 decoded SGR mouse reports itself (`kmous=\E[<` of xterm-256color) and,
        /// once `ESC [ <` had arrived, read the rest with blocking read(2) calls whatever the
        /// timeout: a report cut short froze the UI loop, and at end of input (a hung-up tty)
        /// wgetch spun forever at 100% CPU. linkterm now reads and decodes every byte itself
        /// (key_decoder.c), never blocking past the timeout; a report cut short is dropped once
        /// stale. Each case runs in a child process that alarm(2)
        /// stops if reading blocks or spins; a wrong key exits with the case's own status.
        @Test("a mouse report cut short does not block reading")
        func mouseReportCutShort() async {
            await #expect(processExitsWith: .success, "waiting for the rest of the report") {
                alarm(10)
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0,
                      let screen = try? TerminalScreen.headless(inputFD: fds[0]) else { exit(3) }
                func send(_ text: String) {
                    let bytes = Array(text.utf8)
                    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                }
                for (index, partial) in ["\u{1B}[<", "\u{1B}[<0", "\u{1B}[<0;5", "\u{1B}[<0;5;", "\u{1B}[<0;5;3"].enumerated() {
                    send(partial)
                    // the report never ends: dropped once it is stale (no byte for 250 ms)
                    if screen.readKey(timeoutMs: 50) != nil { exit(Int32(10 + index)) }
                    while let due = screen.inputDueInMs {
                        if screen.readKey(timeoutMs: max(1, due)) != nil { exit(Int32(50 + index)) }
                    }
                    send("x\r\u{1B}[<0;5;3M")
                    if screen.readKey(timeoutMs: -1) != .char("x") { exit(Int32(20 + index)) }
                    if screen.readKey(timeoutMs: -1) != .enter { exit(Int32(30 + index)) }
                    if screen.readKey(timeoutMs: -1) != .mouse(MouseEvent(y: 2, x: 4, kind: .press)) { exit(Int32(40 + index)) }
                }
                screen.close()
                exit(0)
            }
            await #expect(processExitsWith: .success, "at end of input") {
                alarm(10)
                for (index, partial) in ["\u{1B}[<", "\u{1B}[<0;5", "\u{1B}[<0;5;3", "\u{1B}[<0;5;3M\u{1B}[<0;5"].enumerated() {
                    var fds: [Int32] = [0, 0]
                    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0,
                          let screen = try? TerminalScreen.headless(inputFD: fds[0]) else { exit(3) }
                    let bytes = Array(("a" + partial).utf8)
                    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                    shutdown(fds[1], Int32(SHUT_WR))
                    if screen.readKey(timeoutMs: 0) != .char("a") { exit(Int32(10 + index)) }
                    var keys: [Key] = []
                    while let key = screen.readKey(timeoutMs: 0) { keys.append(key) }
                    let expected: [Key] = partial.hasSuffix("M") || partial.contains("M\u{1B}")
                        ? [.mouse(MouseEvent(y: 2, x: 4, kind: .press))] : []
                    if keys != expected { exit(Int32(20 + index)) }
                    // and stays at end of input: every read returns at once
                    for _ in 0..<3 where screen.readKey(timeoutMs: 0) != nil { exit(Int32(30 + index)) }
                    screen.close()
                    close(fds[0])
                    close(fds[1])
                }
                exit(0)
            }
        }

        /// Mouse reports linkterm decodes itself: button 1 press and release (one click when
        /// both are already there), the wheel, modifier keys ignored; motion, other buttons
        /// and broken reports are dropped, the keys around them kept.
        @Test("mouse reports decode to their events")
        func mouseReports() throws {
            func mouse(_ y: Int, _ x: Int, _ kind: MouseEvent.Kind) -> Key { .mouse(MouseEvent(y: y, x: x, kind: kind)) }
            let cases: [(String, [Key])] = [
                ("\u{1B}[<0;5;3M", [mouse(2, 4, .press)]),
                ("\u{1B}[<0;5;3m", [mouse(2, 4, .release)]),
                ("\u{1B}[<0;5;3M\u{1B}[<0;5;3m", [mouse(2, 4, .click)]),
                ("\u{1B}[<0;5;3M\u{1B}[<0;6;3m", [mouse(2, 4, .press), mouse(2, 5, .release)]),
                ("\u{1B}[<0;5;3M\u{1B}[<64;1;1M", [mouse(2, 4, .press), mouse(0, 0, .wheelUp)]),
                ("\u{1B}[<0;5;3Mq", [mouse(2, 4, .press), .char("q")]),
                ("\u{1B}[<0;5;3M\u{1B}OA", [mouse(2, 4, .press), .up]),
                // motion between is dropped: the press and its release are one click
                ("\u{1B}[<0;5;3M\u{1B}[<35;6;3M\u{1B}[<0;5;3m", [mouse(2, 4, .click)]),
                ("\u{1B}[<4;5;3M\u{1B}[<4;5;3m", [mouse(2, 4, .click)]),  // shift
                ("\u{1B}[<16;5;3M", [mouse(2, 4, .press)]),  // control
                ("\u{1B}[<8;5;3m", [mouse(2, 4, .release)]),  // meta
                ("\u{1B}[<64;2;2M\u{1B}[<65;300;200M\u{1B}[<81;2;2M", [mouse(1, 1, .wheelUp), mouse(199, 299, .wheelDown),
                                                                      mouse(1, 1, .wheelDown)]),
                ("\u{1B}[<32;5;5M\u{1B}[<1;5;5M\u{1B}[<2;5;5m\u{1B}[<66;5;5M\u{1B}[<128;5;5M\u{1B}[<64;5;5m", []),
                ("\u{1B}[<0;0;0M\u{1B}[<0;1;0M", []),  // outside the 1-based cells
                ("\u{1B}[<0;999999;999999M", [mouse(999_998, 999_998, .press)]),
                // malformed reports are dropped whole, nothing typed (a 7-digit field typed `7;1M`)
                ("\u{1B}[<0;1234567;1Mz", [.char("z")]),
                ("\u{1B}[<0;5xy", [.char("y")]),  // a complete (unknown) CSI ending in x
                ("\u{1B}[<;5;3Ma", [.char("a")]),
                ("\u{1B}[<0;5;3;4Mb", [.char("b")]),
                ("\u{1B}[<0;5\u{1B}[<0;6;3M", [mouse(2, 5, .press)]),
                ("\u{1B}[<0;5;3\u{1B}OB", [.down]),
                ("\u{1B}[<0;5;3\r", [.enter]),
                ("\u{1B}[<0;5;3é", [.char("é")]),
            ]
            for (text, expected) in cases {
                for endOfFile in [true, false] {
                    let result = try Self.decode([Array(text.utf8)], endOfFile: endOfFile)
                    Self.check(result, text.debugDescription)
                    #expect(result.keys == expected, "\(text.debugDescription), end of file \(endOfFile)")
                }
            }
        }

        /// Terminals whose kmous is `ESC [ M` (screen, tmux-256color) get SGR reporting too; where
        /// one sends X10 reports anyway, they decode the same way (release is button code 3).
        @Test("X10 mouse reports where kmous is ESC [ M")
        func x10MouseReports() throws {
            func decode(_ bytes: [UInt8]) throws -> [Key] {
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
                    throw TerminalError.unknownTerminal("socketpair failed")
                }
                defer {
                    close(fds[0])
                    close(fds[1])
                }
                let screen = try TerminalScreen.headless(inputFD: fds[0], term: "screen-256color")
                defer { screen.close() }
                _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                shutdown(fds[1], Int32(SHUT_WR))
                var keys: [Key] = []
                while let key = screen.readKey(timeoutMs: 0) { keys.append(key) }
                return keys
            }
            func mouse(_ y: Int, _ x: Int, _ kind: MouseEvent.Kind) -> Key { .mouse(MouseEvent(y: y, x: x, kind: kind)) }
            let esc: [UInt8] = [0x1B, 0x5B, 0x4D]  // ESC [ M
            #expect(try decode(esc + [32, 37, 35]) == [mouse(2, 4, .press)])
            #expect(try decode(esc + [32, 37, 35] + esc + [35, 37, 35]) == [mouse(2, 4, .click)])
            #expect(try decode(esc + [32, 37, 35] + esc + [35, 38, 35]) == [mouse(2, 4, .press), mouse(2, 5, .release)])
            #expect(try decode(esc + [96, 33, 33] + esc + [97, 255, 255]) == [mouse(0, 0, .wheelUp), mouse(222, 222, .wheelDown)])
            #expect(try decode(esc + [33, 37, 35] + esc + [64, 37, 35]) == [])  // button 2, motion
            #expect(try decode(esc + [32, 37] + Array("a".utf8)) == [mouse(64, 4, .press)])  // any byte from 32 on is a field
            #expect(try decode(esc + [32, 37, 0x0D]) == [.enter])
            #expect(try decode(esc + [32, 37]) == [])
            #expect(try decode(Array("\u{1B}[<0;5;3M".utf8)) == [mouse(2, 4, .press)])
        }

        /// The modes behind the decoding: ncurses' own mouse decoding is never used; reporting
        /// is turned on and off by the shim, and only where the terminal has `kmous`.
        @Test("mouse reporting is the shim's own")
        func mouseModes() throws {
            func contains(_ bytes: [UInt8], _ text: String) -> Bool {
                let needle = Array(text.utf8)
                guard needle.count <= bytes.count else { return false }
                return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            }
            let screen = try TerminalScreen.headless(capture: true)
            #expect(contains(screen.takeCapturedOutput(), "\u{1B}[?1006;1000h"))
            lt_resume()
            #expect(contains(screen.takeCapturedOutput(), "\u{1B}[?1006;1000h"))
            screen.close()
            #expect(contains(screen.takeCapturedOutput(), "\u{1B}[?1006;1000l"))

            let plain = try TerminalScreen.headless(term: "vt100", capture: true)
            plain.close()
            let output = plain.takeCapturedOutput()
            #expect(!contains(output, "1000h") && !contains(output, "1006"))
        }
    }
}
