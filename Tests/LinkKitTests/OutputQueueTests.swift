// OutputQueueTests.swift: the bounded, never-blocking writer behind --events and --record.

import Foundation
import Testing
import TestSupport
@testable import LinkKit

/// A pipe: (read end, write end).
private func makePipe() throws -> (Int32, Int32) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    return (fds[0], fds[1])
}

/// Everything readable now from a non-blocking descriptor.
private func readAvailable(_ fd: Int32) -> [UInt8] {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        out += buffer[..<count]
    }
    return out
}

private func line(_ index: Int, size: Int = 1000) -> [UInt8] {
    let text = "\(index) " + String(repeating: "x", count: size - 3 - String(index).count) + "\n"
    return Array(text.utf8)
}

@Suite("OutputQueue: never waits, bounded, nothing lost silently")
struct OutputQueueTests {
    @Test("a full pipe never blocks append; a reader that catches up gets every line in order")
    func slowReader() throws {
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        let queue = OutputQueue(fileDescriptor: writer, limit: 1 << 20)
        let started = ContinuousClock.now
        for index in 0..<200 { queue.append(line(index)) }  // 200 KB, far more than a pipe holds
        print("200 appends to a full pipe took \(ContinuousClock.now - started)")
        #expect(queue.failure == nil)
        let received = Locked<[UInt8]>([])
        let reading = Thread { received.value = readAllUntilEOF(reader) }
        reading.start()
        let (failure, unwritten) = queue.finish(within: .seconds(10))
        while !reading.isFinished { usleep(1000) }
        #expect(failure == nil && unwritten == 0)
        let expected = (0..<200).flatMap { line($0) }
        #expect(received.value.count == expected.count)
        #expect(received.value == expected, "the lines arrived out of order or changed")
    }

    @Test("the bound: a reader that never reads fails the output as stalled; finish gives up and counts")
    func stalledReader() throws {
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        let failed = Locked(false)
        let queue = OutputQueue(fileDescriptor: writer, limit: 16 * 1024)
        queue.onFailure = { failed.value = true }
        for index in 0..<200 { queue.append(line(index)) }
        #expect(queue.failure == .stalled(limit: 16 * 1024))
        #expect(failed.value)
        let (failure, unwritten) = queue.finish(within: .seconds(2))
        #expect(failure == .stalled(limit: 16 * 1024))
        let arrived = readAvailable(reader)
        let complete = arrived.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count - 1
        #expect(unwritten > 0 && complete + unwritten >= 199 && complete + unwritten <= 200,
                "\(complete) lines arrived, \(unwritten) reported unwritten")
    }

    @Test("a write error (a reader gone) fails the output at once and counts every line not written")
    func readerGone() throws {
        signal(SIGPIPE, SIG_IGN)
        let (reader, writer) = try makePipe()
        close(reader)
        let queue = OutputQueue(fileDescriptor: writer, limit: 1 << 16)
        for index in 0..<3 { queue.append(line(index)) }
        #expect(queue.failure == .system(errno: EPIPE))
        let (failure, unwritten) = queue.finish(within: .seconds(1))
        #expect(failure == .system(errno: EPIPE))
        #expect(unwritten == 3)
    }
}

/// Reads until end of file (blocking).
private func readAllUntilEOF(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        out += buffer[..<count]
    }
    return out
}

