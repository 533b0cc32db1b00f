import Foundation

/// Locked: a value shared between a test and the threads it starts (a reader, a watchdog),
/// read and written under a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// Holds `value`.
    public init(_ value: Value) { stored = value }

    /// The value, read or replaced under the lock.
    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place under the lock.
    public func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}
