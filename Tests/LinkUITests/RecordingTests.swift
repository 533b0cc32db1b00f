import CNcurses
import Foundation
import Testing
@testable import LinkUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh path in a private temporary directory; removed by `cleanUp`.
private func temporaryCastPath() throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("linkterm-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("session.cast").path
}

private func cleanUp(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}

/// The recording's lines, each parsed with JSONSerialization: the header
/// object, then the events as arrays.
private func parseCast(_ path: String) throws -> (header: [String: Any], events: [[Any]]) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    let header = try #require(objects.first as? [String: Any])
    let events = try objects.dropFirst().map { try #require($0 as? [Any]) }
    return (header, events)
}

/// The text of the output events, concatenated.
private func outputText(_ events: [[Any]]) -> String {
    events.filter { $0[1] as? String == "o" }.compactMap { $0[2] as? String }.joined()
}

@Suite("Recording: asciicast v2 writer")
struct RecordingTests {
    @Test func headerAndEventsAreJSONLinesAndTimesNeverGoBack() throws {
        let path = try temporaryCastPath()
        defer { cleanUp(path) }
        let start = Date(timeIntervalSince1970: 1_700_000_000.75)
        let recorder = try CastRecorder(
            path: path, width: 100, height: 30, term: "xterm-256color", title: "linkterm \"demo\"", startTime: start)
        recorder.output(Array("\u{1b}[?1049h\u{1b}[1mHello\u{1b}[m\r\n".utf8), at: 0.1)
        recorder.output(Array("tab\there \"quoted\" back\\slash \u{7f}\u{9b}".utf8), at: 0.25)
        recorder.output(Array("earlier".utf8), at: 0.2)  // a clock going back is clamped
        recorder.resize(width: 120, height: 40, at: 1.234_567_89)
        recorder.output(Array("after".utf8), at: 2)
        recorder.close()
        recorder.close()
        #expect(recorder.failure == nil)

        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        let (header, events) = try parseCast(path)
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)
        #expect(header["timestamp"] as? Int == 1_700_000_000)
        #expect(header["env"] as? [String: String] == ["TERM": "xterm-256color"])
        #expect(header["title"] as? String == "linkterm \"demo\"")

        #expect(events.count == 5)
        var last = -1.0
        for event in events {
            #expect(event.count == 3)
            let time = try #require((event[0] as? NSNumber)?.doubleValue)
            #expect(time >= last)
            last = time
            #expect(["o", "r"].contains(event[1] as? String))
        }
        #expect(events.map { $0[1] as? String } == ["o", "o", "o", "r", "o"])
        #expect((events[2][0] as? NSNumber)?.doubleValue == 0.25)
        #expect((events[3][0] as? NSNumber)?.doubleValue == 1.234568)
        #expect(events[3][2] as? String == "120x40")
        #expect(events[0][2] as? String == "\u{1b}[?1049h\u{1b}[1mHello\u{1b}[m\r\n")
        #expect(events[1][2] as? String == "tab\there \"quoted\" back\\slash \u{7f}\u{9b}")

        // Times have at most 6 decimals; the raw lines hold no control character.
        let raw = try String(contentsOfFile: path, encoding: .utf8)
        for line in raw.split(separator: "\n").dropFirst() {
            let time = line.dropFirst().prefix { $0 != "," }
            #expect((time.split(separator: ".").last?.count ?? 0) <= 6)
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func headerWithoutTermOrTitleOmitsThem() throws {
        let path = try temporaryCastPath()
        defer { cleanUp(path) }
        let recorder = try CastRecorder(path: path, width: 80, height: 24, term: nil, title: nil)
        recorder.close()
        let (header, events) = try parseCast(path)
        #expect(header["env"] == nil)
        #expect(header["title"] == nil)
        #expect(events.isEmpty)
        let now = Date().timeIntervalSince1970
        let timestamp = try #require(header["timestamp"] as? Int)
        #expect(abs(Double(timestamp) - now) < 60)
    }

    @Test func characterSplitAcrossChunksComesOutWhole() throws {
        let path = try temporaryCastPath()
        defer { cleanUp(path) }
        let recorder = try CastRecorder(path: path, width: 80, height: 24, term: "xterm", title: nil)
        let text = "é 日本 😀!"
        let bytes = Array(text.utf8)
        // Cut inside é (2 bytes), inside 日 (3 bytes), and twice inside 😀 (4 bytes).
        let e = bytes.firstIndex(of: 0xC3)!
        let ni = bytes.firstIndex(of: 0xE6)!
        let emoji = bytes.firstIndex(of: 0xF0)!
        let cuts = [e + 1, ni + 2, emoji + 1, emoji + 3, bytes.count]
        var from = 0
        for (index, cut) in cuts.enumerated() {
            recorder.output(Array(bytes[from..<cut]), at: Double(index) * 0.01)
            from = cut
        }
        recorder.close()
        let (_, events) = try parseCast(path)
        #expect(outputText(events) == text)
        for event in events {
            #expect(!(event[2] as? String ?? "").contains("\u{FFFD}"))
        }
        // The chunks holding only the start of é and only the middle of 😀
        // produced no event of their own.
        #expect(events.count == cuts.count - 2)
    }

    @Test func invalidBytesBecomeReplacementCharacters() throws {
        let path = try temporaryCastPath()
        defer { cleanUp(path) }
        let recorder = try CastRecorder(path: path, width: 80, height: 24, term: nil, title: nil)
        recorder.output([0x41, 0xFF, 0x42, 0xC0, 0xAF, 0x43], at: 0)
        recorder.output([0x44, 0xE6, 0x97], at: 1)  // ends with a cut sequence never completed
        recorder.close()
        let (_, events) = try parseCast(path)
        #expect(outputText(events) == "A\u{FFFD}B\u{FFFD}\u{FFFD}CD\u{FFFD}")
    }

    @Test func completePrefixLengthStopsBeforeACutSequence() {
        #expect(CastRecorder.completePrefixLength([]) == 0)
        #expect(CastRecorder.completePrefixLength(Array("abc".utf8)) == 3)
        #expect(CastRecorder.completePrefixLength([0x61, 0xC3]) == 1)
        #expect(CastRecorder.completePrefixLength([0x61, 0xC3, 0xA9]) == 3)
        #expect(CastRecorder.completePrefixLength([0xF0, 0x9F, 0x98]) == 0)
        #expect(CastRecorder.completePrefixLength([0xF0, 0x9F, 0x98, 0x80]) == 4)
        #expect(CastRecorder.completePrefixLength([0x61, 0xFF]) == 2)  // never valid: not held
        #expect(CastRecorder.completePrefixLength([0x80, 0x80, 0x80, 0x80]) == 4)
    }

    @Test func unwritablePathIsAnErrorNamingIt() {
        let path = "/nonexistent-linkterm-dir/session.cast"
        #expect {
            _ = try CastRecorder(path: path, width: 80, height: 24, term: nil, title: nil)
        } throws: { error in
            let description = String(describing: error)
            return error is CastRecorderError && description.contains(path)
                && description.hasPrefix("cannot create recording")
        }
    }

    @Test func elapsedIsMonotonic() throws {
        let path = try temporaryCastPath()
        defer { cleanUp(path) }
        let recorder = try CastRecorder(path: path, width: 80, height: 24, term: nil, title: nil)
        let first = recorder.elapsed
        let second = recorder.elapsed
        #expect(first >= 0)
        #expect(second >= first)
        recorder.close()
    }
}

/// Runs `asciinema cat path` on a pseudo-terminal of its own (asciinema opens /dev/tty, and the
/// suite may run with no controlling terminal): its status, and the bytes it played back.
private func asciinemaCat(_ path: String) throws -> (status: Int32, output: String) {
    let inPty = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/in_pty.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", inPty, "python3", "-m", "asciinema", "cat", path]
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C.UTF-8"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

extension TerminalScreenTests {
    /// Capture of the bytes a screen writes (headless screens write to
    /// /dev/null; capture still sees them).
    @Suite("Capture")
    struct Capture {
        static func frame(_ text: String) -> CellBuffer {
            var buffer = CellBuffer(rows: 24, cols: 80)
            buffer.put(text, y: 2, x: 3, style: Style(bold: true))
            buffer.put("日本語 ok", y: 5, x: 0, style: .plain)
            return buffer
        }

        static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
            let needle = Array(text.utf8)
            guard needle.count <= bytes.count else { return false }
            return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }

        @Test func captureFromOpenHoldsSetupFramesAndClose() throws {
            let screen = try TerminalScreen.headless(capture: true)
            defer { screen.close() }
            #expect(screen.isCapturing)
            screen.present(Self.frame("Hello, recording"))
            let first = screen.takeCapturedOutput()
            #expect(Self.contains(first, "Hello, recording"))
            #expect(Self.contains(first, "日本語 ok"))
            #expect(Self.contains(first, "\u{1b}[?1049h"))  // alternate screen (newterm)
            #expect(Self.contains(first, "\u{1b}[?2004h"))  // bracketed paste (the shim's own write)
            #expect(Self.contains(first, "\u{1b}[?1006;1000h"))  // SGR mouse
            #expect(screen.takeCapturedOutput().isEmpty)

            var next = Self.frame("Hello, recording")
            next.put("changed", y: 10, x: 10, style: .plain)
            screen.present(next)
            let second = screen.takeCapturedOutput()
            #expect(Self.contains(second, "changed"))
            #expect(!Self.contains(second, "Hello, recording"))  // only what changed

            screen.close()
            #expect(!screen.isCapturing)
            let closing = screen.takeCapturedOutput()
            #expect(Self.contains(closing, "\u{1b}[?2004l"))  // paste off
            #expect(Self.contains(closing, "\u{1b}[?1049l"))  // alternate screen left
            #expect(Self.contains(closing, "\u{1b}[?25h"))  // cursor visible
            #expect(screen.takeCapturedOutput().isEmpty)
        }

        @Test func startCaptureLaterBeginsWithAFullFrame() throws {
            let screen = try TerminalScreen.headless()
            defer { screen.close() }
            _ = screen.takeCapturedOutput()
            #expect(!screen.isCapturing)
            screen.present(Self.frame("Not recorded yet"))
            #expect(screen.takeCapturedOutput().isEmpty)

            #expect(screen.startCapture())
            screen.present(Self.frame("Not recorded yet"))  // unchanged, but repainted whole
            let bytes = screen.takeCapturedOutput()
            #expect(Self.contains(bytes, "Not recorded yet"))
            #expect(Self.contains(bytes, "日本語 ok"))

            screen.stopCapture()
            screen.present(Self.frame("Stopped"))
            #expect(screen.takeCapturedOutput().isEmpty)
        }

        @Test func recordingPlaysBackWithAsciinema() throws {
            let path = try temporaryCastPath()
            defer { cleanUp(path) }
            let recorder = try CastRecorder(path: path, width: 80, height: 24, term: "xterm-256color", title: "test")
            let screen = try TerminalScreen.headless(capture: true)
            screen.present(Self.frame("Played back by asciinema"))
            recorder.output(screen.takeCapturedOutput(), at: recorder.elapsed)
            #expect(lt_resize(30, 100) == 0)
            #expect(screen.readKey(timeoutMs: 0) == .resize)
            recorder.resize(width: screen.size.cols, height: screen.size.rows, at: recorder.elapsed)
            var wide = CellBuffer(rows: 30, cols: 100)
            wide.put("Played back at 100 columns", y: 29, x: 70, style: .plain)
            screen.present(wide)
            recorder.output(screen.takeCapturedOutput(), at: recorder.elapsed)
            screen.close()
            recorder.output(screen.takeCapturedOutput(), at: recorder.elapsed)
            recorder.close()
            #expect(recorder.failure == nil)

            let (status, output) = try asciinemaCat(path)
            #expect(status == 0, "asciinema cat: \(output.suffix(500)) (Tests/run.sh installs asciinema)")
            #expect(output.contains("Played back by asciinema"))
            #expect(output.contains("日本語 ok"))
            #expect(output.contains("Played back at 100 columns"))
        }
    }
}
