import Dispatch
import LinkKit
import Synchronization

/// DirectoryInBackground: an `--institutions` file loaded and indexed on another thread, so that
/// the first frame shows at once however large the file is (100,000 names take tens of
/// milliseconds); the session starts once it is ready.
final class DirectoryInBackground: Sendable {
    private let result = Mutex<Result<(InstitutionDirectory, InstitutionSearch), DirectoryError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts loading `path`.
    init(path: String) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let loaded = Result { () throws(DirectoryError) in
                let directory = try InstitutionDirectory.load(path: path)
                return (directory, InstitutionSearch(directory: directory))
            }
            result.withLock { $0 = loaded }
            done.signal()
        }
    }

    /// Waits for the directory and its index.
    func wait() -> Result<(InstitutionDirectory, InstitutionSearch), DirectoryError> {
        done.wait()
        return result.withLock { $0! }
    }
}
