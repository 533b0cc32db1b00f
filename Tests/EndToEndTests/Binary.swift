import Foundation
import Testing

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `linkterm` binary (`LINKTERM_BIN` overrides).
let linktermBinary: String = {
    if let path = ProcessInfo.processInfo.environment["LINKTERM_BIN"] { return path }
    for configuration in ["debug", "release"] {
        let path = packageRoot.appendingPathComponent(".build/\(configuration)/linkterm").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return packageRoot.appendingPathComponent(".build/debug/linkterm").path
}()

/// What a finished process left.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `linkterm` with arguments and optional standard input; waits for it to end.
func runLinkterm(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: linktermBinary)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // read both pipes to the end before waiting, so a large output cannot block the child
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}

/// Writes text to a fresh temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "scenario.txt") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}
