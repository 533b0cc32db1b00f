import Foundation

/// DescriptorWrite: how writing bytes to a descriptor ended. The one place that writes to a
/// descriptor: the events file's queue, the recording's, and `replay`'s standard output.
package enum DescriptorWrite: Equatable {
    /// Every byte was written.
    case done
    /// A non-blocking descriptor would block once this many bytes (of the whole array) were written.
    case wouldBlock(Int)
    /// `write(2)` failed with this error number.
    case failed(Int32)

    /// Writes `bytes` from `offset` to `descriptor` until every byte is written, the descriptor
    /// would block, or a write fails; interrupted (`EINTR`) and short writes are retried.
    static func writeAll(_ bytes: [UInt8], from offset: Int = 0, to descriptor: Int32) -> DescriptorWrite {
        var written = offset
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock(written) }
                return .failed(errno)
            }
            written += count
        }
        return .done
    }
}
