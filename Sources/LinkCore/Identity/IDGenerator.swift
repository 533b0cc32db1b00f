/// IDGenerator: the seeded source of every id a session makes.
///
/// SplitMix64 over a 64-bit seed: the same seed gives the same `link_session_id`, request ids,
/// account ids and public token, so a replay is byte-identical. It is a `RandomNumberGenerator`
/// too, for anything else that must be the same on every run (the property tests).
public struct IDGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"
    private static let base62: StaticString = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

    /// A lowercase version-4 UUID, e.g. `30571e9b-d6c6-42ee-a7cf-c34768a8f62d`.
    public mutating func uuid() -> String { uuid(after: "") }

    /// `prefix` then ``uuid()``, made as one string (`link-sandbox-…`, `public-sandbox-…`): the
    /// same text as `prefix + uuid()`, without the UUID's own string on the way.
    public mutating func uuid(after prefix: StaticString) -> String {
        let high = (next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000  // version 4
        let low = (next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        return prefix.withUTF8Buffer { prefix in
            String(unsafeUninitializedCapacity: prefix.count + 36) { out in
                var at = 0
                for byte in prefix {
                    out[at] = byte
                    at += 1
                }
                Self.hexDigits.withUTF8Buffer { digits in
                    for nibble in 0..<32 {
                        if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                            out[at] = 45  // -
                            at += 1
                        }
                        let word = nibble < 16 ? high : low
                        out[at] = digits[Int((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)]
                        at += 1
                    }
                }
                return at
            }
        }
    }

    /// `count` base62 characters (request ids are 15, account ids 37).
    public mutating func alphanumeric(_ count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { out in
            Self.base62.withUTF8Buffer { digits in
                for index in 0..<count { out[index] = digits[Int(next() % 62)] }
            }
            return count
        }
    }

    /// A 15-character request id, e.g. `m8MDnv9okwxFNBV`.
    public mutating func requestID() -> String { alphanumeric(15) }
}
