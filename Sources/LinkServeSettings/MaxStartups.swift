import Foundation

/// MaxStartups: how many connections that have not authenticated yet the server keeps, modelled on
/// OpenSSH's `MaxStartups start:rate:full`: below `start` every new one is kept; from `start` on, a
/// new one is dropped at random with a chance of `rate` percent, rising linearly to 100% at `full`.
public struct MaxStartups: Sendable, Equatable, CustomStringConvertible {
    /// Below this many unauthenticated connections, every new one is kept.
    public var start: Int
    /// The chance (percent) of dropping a new connection when there are `start`.
    public var rate: Int
    /// At this many unauthenticated connections, every new one is dropped.
    public var full: Int

    /// OpenSSH's default, 10:30:100.
    public static let openSSHDefault = MaxStartups(start: 10, rate: 30, full: 100)

    /// `start:rate:full`, checked (1 ≤ start ≤ full, 0 ≤ rate ≤ 100).
    public init(start: Int, rate: Int, full: Int) {
        self.start = start
        self.rate = rate
        self.full = full
    }

    /// Parses `START:RATE:FULL` (or one number N, meaning N:100:N); nil when it is not that.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.map { $0! }
        switch numbers.count {
        case 1: self.init(start: numbers[0], rate: 100, full: numbers[0])
        case 3: self.init(start: numbers[0], rate: numbers[1], full: numbers[2])
        default: return nil
        }
        guard start >= 1, start <= full, (0...100).contains(rate), full <= 100_000 else { return nil }
    }

    /// `start:rate:full`.
    public var description: String { "\(start):\(rate):\(full)" }

    /// The chance (percent) that a new connection is dropped while `unauthenticated` are open.
    public func dropChance(unauthenticated: Int) -> Int {
        if unauthenticated >= full { return 100 }
        if unauthenticated < start { return 0 }
        return rate + (100 - rate) * (unauthenticated - start) / max(1, full - start)
    }

    /// Whether a new connection is dropped while `unauthenticated` are open (at random between
    /// `start` and `full`).
    public func drops(unauthenticated: Int) -> Bool {
        let chance = dropChance(unauthenticated: unauthenticated)
        return chance >= 100 || (chance > 0 && Int.random(in: 0..<100) < chance)
    }
}
