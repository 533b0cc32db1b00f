import ArgumentParser
import Foundation
import LinkKit

/// NamedFile: a file the command line names, as an input (read) or an output (written).
struct NamedFile {
    /// How the command line names it: `--events`, `--script`, `the scenario's option institutions`…
    var role: String
    /// The path given.
    var path: String
    /// Whether linkterm writes (and empties) it.
    var isOutput: Bool
    /// Whether it is a folder whose files linkterm keeps (`--mesh-store`): no other output may
    /// be written in it.
    var isFolder = false
}

/// The same file, as far as the system can tell: device and inode for a file that exists (through
/// symbolic and hard links), else the path made absolute with its folder's links resolved; none
/// for a character device (`/dev/null` may take several outputs).
private enum FileIdentity: Hashable {
    case inode(dev: UInt64, ino: UInt64)
    case path(String)

    init?(path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFCHR { return nil }  // /dev/null twice is no conflict
            self = .inode(dev: UInt64(status.st_dev), ino: UInt64(status.st_ino))
            return
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let url = URL(fileURLWithPath: absolute).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if realpath(folder, &resolved) != nil {
            let real = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            self = .path((real == "/" ? "" : real) + "/" + url.lastPathComponent)
        } else {
            self = .path(url.path)
        }
    }

    /// The identity of an open descriptor, if it is a regular file.
    init?(regularFileDescriptor fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self = .inode(dev: UInt64(status.st_dev), ino: UInt64(status.st_ino))
    }
}

/// The files a scenario reads: its own, and its `option institutions` file if it names one.
func inputFiles(of scenario: Scenario) -> [NamedFile] {
    var files: [NamedFile] = []
    if scenario.file != "-" { files.append(NamedFile(role: "the scenario", path: scenario.file, isOutput: false)) }
    if let path = directoryPath(of: scenario) {
        files.append(NamedFile(role: "the scenario's option institutions", path: path, isOutput: false))
    }
    return files
}

/// Refuses (exit 2, naming both) an output that is also an input or another output: checked
/// before any output is opened, so nothing is emptied. `standardStreams` adds standard output
/// and standard error, when they are regular files, as outputs that must not be one of `files`.
func refuseOverlappingFiles(_ files: [NamedFile], standardStreams: Bool = true) throws {
    for file in files where file.isOutput && isTerminal(file.path) {
        printError("linkterm: \(file.role): \(file.path) is a terminal: what is written there would be drawn "
                   + "over the screen; give a file, a FIFO or /dev/null")
        throw ExitCode(2)
    }
    let identities = files.map { FileIdentity(path: $0.path) }
    for folder in files where folder.isFolder {
        guard let folderIdentity = FileIdentity(path: folder.path) else { continue }
        for file in files where file.isOutput && !file.isFolder
        && FileIdentity(path: (file.path as NSString).deletingLastPathComponent.isEmpty
                        ? "." : (file.path as NSString).deletingLastPathComponent) == folderIdentity {
            printError("linkterm: \(file.role) \(file.path) is inside the \(folder.role) folder \(folder.path): "
                       + "an output must not be written among the files linkterm keeps there")
            throw ExitCode(2)
        }
    }
    for (i, first) in files.enumerated() {
        for j in files.indices where j > i && (first.isOutput || files[j].isOutput) {
            if let identity = identities[i], identity == identities[j] {
                let second = files[j]
                let same = first.path == second.path ? "\(first.path)" : "\(first.path) and \(second.path)"
                printError("linkterm: \(first.role) and \(second.role) name the same file (\(same)): "
                           + "an output must be neither an input nor another output")
                throw ExitCode(2)
            }
        }
    }
    guard standardStreams else { return }
    for (fd, name) in [(Int32(1), "standard output"), (Int32(2), "standard error")] {
        guard let stream = FileIdentity(regularFileDescriptor: fd) else { continue }
        if let index = identities.firstIndex(where: { $0 == stream }) {
            printError("linkterm: \(name) is the file of \(files[index].role) (\(files[index].path)): "
                       + "an output must be neither an input nor another output")
            throw ExitCode(2)
        }
    }
}

/// Whether `path` is a terminal device (`/dev/tty`, `/dev/pts/N`, `/dev/stdout` on a terminal):
/// opened without becoming the controlling terminal and without waiting, then closed.
private func isTerminal(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return false }
    let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return isatty(fd) == 1
}
