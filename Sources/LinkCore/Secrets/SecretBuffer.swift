#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SecretBuffer: the UTF-8 bytes of a password, code or MFA answer, in memory it allocates itself
/// and overwrites with zeros whenever it lets bytes go.
///
/// Every byte it drops is zeroed first: removed bytes (`removeSubrange`, `removeAll`), the old
/// block when it grows (it moves to a bigger one), and the whole block on `deinit`. It is never
/// converted to a `String`: the bytes are read only inside ``withUnsafeBytes(_:)``.
///
/// A reference type on purpose: whoever holds it last can wipe it for everyone. It is `Sendable`:
/// its bytes sit behind a lock.
public final class SecretBuffer: Sendable {
    private let storage: Mutex<SecretStorage>

    /// An empty buffer (it allocates on the first byte).
    public init() {
        storage = Mutex(SecretStorage())
    }

    /// A buffer holding a copy of `bytes` (the sequence itself stays wherever its owner keeps it).
    public convenience init<Bytes: Sequence<UInt8>>(copying bytes: Bytes) {
        self.init()
        for byte in bytes { append(byte) }
    }

    /// The number of bytes held.
    public var count: Int { storage.withLock { $0.count } }

    /// Whether no byte is held.
    public var isEmpty: Bool { count == 0 }

    /// Appends one byte.
    public func append(_ byte: UInt8) {
        storage.withLock { $0.insert(byte, at: $0.count) }
    }

    /// Inserts one byte at byte offset `offset` (0…``count``).
    public func insert(_ byte: UInt8, at offset: Int) {
        storage.withLock { $0.insert(byte, at: offset) }
    }

    /// Inserts `bytes` at byte offset `offset` (0…``count``).
    public func insert(contentsOf bytes: UnsafeRawBufferPointer, at offset: Int) {
        storage.withLock { $0.insert(contentsOf: bytes, at: offset) }
    }

    /// Removes the bytes in `range` (within 0…``count``); the bytes freed at the end are zeroed.
    public func removeSubrange(_ range: Range<Int>) {
        storage.withLock { $0.remove(range) }
    }

    /// Zeroes every byte and empties the buffer (its memory is kept for reuse).
    public func removeAll() {
        storage.withLock { $0.wipe() }
    }

    /// A new buffer with a copy of the bytes.
    public func copy() -> SecretBuffer {
        let copy = SecretBuffer()
        withUnsafeBytes { copy.insert(contentsOf: $0, at: 0) }
        return copy
    }

    /// Calls `body` with each character the bytes hold (UTF-8; a malformed byte ends the walk),
    /// one at a time, until it returns `false`. Each is built in a string that holds at most two
    /// characters, so inline (no heap) for all but clusters longer than 15 bytes; never a
    /// `String` of the whole buffer.
    public func forEachCharacter(_ body: (Character) -> Bool) {
        withUnsafeBytes { bytes in
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var pending = ""
            while case .scalarValue(let scalar) = decoder.decode(&iterator) {
                pending.unicodeScalars.append(scalar)
                if pending.count > 1, let complete = pending.first {
                    guard body(complete) else { return }
                    pending = String(pending.dropFirst())
                }
            }
            if let last = pending.first { _ = body(last) }
        }
    }

    /// Gives the bytes to `body` only. Keep nothing of them: no `String`, no array.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The lock is held while `body` runs: `body` must not touch this buffer again.
        var outcome: Swift.Result<Result, Failure>?
        storage.withLock { state in
            do throws(Failure) {
                outcome = .success(try body(state.bytes))
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome!.get()
    }
}

/// Zeroes `count` bytes at `start` with a call the optimiser may not remove (`explicit_bzero`,
/// `memset_s`), even right before the memory is freed.
package func wipeMemory(_ start: UnsafeMutableRawPointer, count: Int) {
    guard count > 0 else { return }
    #if canImport(Glibc)
    explicit_bzero(start, count)
    #else
    _ = memset_s(start, count, 0, count)
    #endif
}

/// The block behind a ``SecretBuffer``: allocated by hand, zeroed before every byte it gives up.
///
/// `@unchecked Sendable`: it owns its block alone (it cannot be copied), and lives inside the
/// buffer's `Mutex`, so only the thread holding the lock reaches the block.
package struct SecretStorage: ~Copyable, @unchecked Sendable {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    deinit {
        if let base {
            wipeMemory(base, count: capacity)
            base.deallocate()
        }
    }

    /// The bytes held.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Makes room for `needed` bytes: a new block, the bytes copied over, the old block zeroed
    /// and freed.
    private mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = max(32, capacity)
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        fresh.initializeMemory(as: UInt8.self, repeating: 0, count: newCapacity)
        if let base {
            fresh.copyMemory(from: base, byteCount: count)
            wipeMemory(base, count: capacity)
            base.deallocate()
        }
        base = fresh
        capacity = newCapacity
    }

    mutating func insert(_ byte: UInt8, at offset: Int) {
        withUnsafeBytes(of: byte) { insert(contentsOf: $0, at: offset) }
    }

    mutating func insert(contentsOf bytes: UnsafeRawBufferPointer, at offset: Int) {
        precondition(offset >= 0 && offset <= count, "SecretBuffer: insertion offset out of range")
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        guard let base else { return }
        // the tail moves up (memmove semantics), then the new bytes go in the gap
        (base + offset + bytes.count).copyMemory(from: base + offset, byteCount: count - offset)
        (base + offset).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func remove(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "SecretBuffer: range out of bounds")
        guard let base, !range.isEmpty else { return }
        (base + range.lowerBound).copyMemory(from: base + range.upperBound, byteCount: count - range.upperBound)
        count -= range.count
        wipeMemory(base + count, count: range.count)
    }

    mutating func wipe() {
        if let base { wipeMemory(base, count: capacity) }
        count = 0
    }
}
