import Foundation

/// EnvironmentVariable: one variable of the process's environment, read with `getenv`.
///
/// `ProcessInfo.processInfo.environment` makes a dictionary of every variable on each use, and
/// the first dictionary keyed by strings costs the Swift runtime a search through every protocol
/// conformance of the program: on the way to the first frame, a variable is read on its own.
enum EnvironmentVariable {
    /// The value of `name`, or `nil` when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
