import Foundation

/// AtomicFile: replaces a file's contents so that a crash at any moment (SIGKILL, power loss)
/// leaves the old contents or the new, never a mix: the bytes go to a fresh temporary file in
/// the same folder (created 0600, exclusive), are synced, and the temporary file is renamed over
/// the target; then the folder is synced so the rename itself lasts.
public enum AtomicFile {
    /// Why a replacement failed; the old file is untouched.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What was being done, e.g. `writing /dir/.file.tmp-123`.
        public var step: String
        /// The system's error number.
        public var code: Int32

        /// `writing …: No space left on device`.
        public var description: String { "\(step): \(String(cString: strerror(code)))" }
    }

    /// Writes `bytes` to `path` atomically, the file readable and writable by its owner only.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(step: "creating \(temporary)", code: errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        func fail(_ step: String, _ code: Int32) -> Failure {
            unlink(temporary)
            return Failure(step: step, code: code)
        }
        if case .failed(let code) = DescriptorWrite.writeAll(bytes, to: descriptor) { throw fail("writing \(temporary)", code) }
        if fsync(descriptor) != 0 { throw fail("syncing \(temporary)", errno) }
        closed = true
        if close(descriptor) != 0 { throw fail("closing \(temporary)", errno) }
        if rename(temporary, path) != 0 { throw fail("renaming \(temporary) to \(path)", errno) }
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes what an interrupted replacement of `path` left behind (`.NAME.tmp-*` files whose
    /// process is gone); returns how many were removed.
    @discardableResult
    public static func removeLeftovers(of path: String) -> Int {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = ".\((path as NSString).lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            // `.NAME.tmp-PID-RANDOM`: leave a file a live process is writing
            let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int32($0) } ?? 0
            if pid > 0, pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }
            if unlink((folder as NSString).appendingPathComponent(name)) == 0 { removed += 1 }
        }
        return removed
    }
}
