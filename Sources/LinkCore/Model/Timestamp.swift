import Foundation

/// Timestamp: an instant in whole milliseconds since 1970-01-01T00:00:00Z.
///
/// The engine keeps time as an integer so that replays are byte-identical; ``iso8601`` formats
/// it as ISO 8601 UTC with milliseconds (`2026-01-01T00:00:00.000Z`), the wire format.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Milliseconds since the Unix epoch.
    public var millis: Int64

    /// Creates a timestamp from milliseconds since the Unix epoch.
    public init(millis: Int64) { self.millis = millis }

    /// Creates a timestamp from a `Date`, truncated to the millisecond.
    public init(_ date: Date) {
        millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The same instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    /// This instant plus some milliseconds (saturating at the ends of time).
    public func adding(millis delta: Int64) -> Timestamp {
        let (sum, overflow) = millis.addingReportingOverflow(delta)
        return Timestamp(millis: overflow ? (delta > 0 ? .max : .min) : sum)  // saturates
    }

    /// Orders by instant.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.millis < rhs.millis }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-01-01T00:00:00.000Z`.
    public var iso8601: String {
        String(unsafeUninitializedCapacity: Self.iso8601Length) { buffer in
            writeISO8601(into: buffer.baseAddress!)
            return Self.iso8601Length
        }
    }

    /// The length of ``iso8601``'s text.
    static let iso8601Length = 24

    /// Writes the 24 ASCII bytes of ``iso8601`` to `out` (the JSON writer's path: no string made).
    func writeISO8601(into out: UnsafeMutablePointer<UInt8>) {
        var days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let msOfDay = millis - days * 86_400_000
        // Civil date from days since the epoch (H. Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // the low `width` digits of `value` at `out[start...]`
        func digits(_ value: Int64, _ width: Int, at start: Int) {
            var rest = value
            for index in stride(from: start + width - 1, through: start, by: -1) {
                out[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            }
        }
        digits(year, 4, at: 0); out[4] = 45
        digits(month, 2, at: 5); out[7] = 45
        digits(day, 2, at: 8); out[10] = 84
        digits(msOfDay / 3_600_000, 2, at: 11); out[13] = 58
        digits(msOfDay / 60_000 % 60, 2, at: 14); out[16] = 58
        digits(msOfDay / 1000 % 60, 2, at: 17); out[19] = 46
        digits(msOfDay % 1000, 3, at: 20); out[23] = 90
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS.mmmZ` (the format ``iso8601`` writes); `nil` otherwise.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58,
            bytes[16] == 58, bytes[19] == 46, bytes[23] == 90
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            let milli = number(20, 3), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        // Days from civil (H. Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * mp + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        millis = days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli
    }
}
