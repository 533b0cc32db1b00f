/// ExpectLine: an `expect` line of a scenario of either flavor, as the checkers read it: its
/// line, its text as written and how a record meets it. Plaid's ``Expectation`` and Mesh's
/// ``MeshExpectation`` each make one (``Expectation/line``, ``MeshExpectation/line``); replay,
/// the autopilot and the walk check them with the one rule of ``ExpectLine/matches(_:in:)``.
public struct ExpectLine<Record> {
    /// One key a record does not match: the key (or path), what the line expects, what the record has.
    public typealias Mismatch = (key: String, expected: String, actual: String)

    /// The 1-based line.
    public var line: Int
    /// The line as written (`expect TRANSITION_VIEW view_name=MFA`).
    public var text: String
    /// The keys `record` does not match, or nil when it is of another kind.
    public var mismatches: (Record) -> [Mismatch]?

    /// An `expect` line.
    public init(line: Int, text: String, mismatches: @escaping (Record) -> [Mismatch]?) {
        self.line = line
        self.text = text
        self.mismatches = mismatches
    }

    /// The rule every checker keeps: the expectations in order, each met by a later record than
    /// the one that met the expectation before it. For each expectation, the index in `records`
    /// of the record that met it, or nil (the search for the next one goes on from the same place).
    public static func matches(_ expectations: [ExpectLine], in records: [Record]) -> [Int?] {
        var next = 0
        return expectations.map { expectation in
            guard let found = records[next...].firstIndex(where: { expectation.mismatches($0)?.isEmpty == true }) else {
                return nil
            }
            next = found + 1
            return found
        }
    }

    /// The first expectation not met and the records after the last one met before it, or nil
    /// when every one is met.
    public static func firstUnmet(_ expectations: [ExpectLine], in records: [Record]) -> (ExpectLine, ArraySlice<Record>)? {
        let found = matches(expectations, in: records)
        guard let index = found.firstIndex(where: { $0 == nil }) else { return nil }
        let after = found[..<index].last.map { $0! + 1 } ?? 0
        return (expectations[index], records[after...])
    }

    /// Of `records`, the one of this line's kind with the fewest keys that differ (the first of
    /// equals), with those keys; nil when none is of its kind.
    public func closest(in records: ArraySlice<Record>) -> (index: Int, mismatches: [Mismatch])? {
        var best: (index: Int, mismatches: [Mismatch])?
        for index in records.indices {
            guard let differences = mismatches(records[index]) else { continue }
            if best == nil || differences.count < best!.mismatches.count { best = (index, differences) }
        }
        return best
    }

    /// The differences of a closest record, as the messages give them: `key is actual, not expected`, `; `-separated.
    public static func describe(_ mismatches: [Mismatch]) -> String {
        mismatches.map { "\($0.key) is \($0.actual), not \($0.expected)" }.joined(separator: "; ")
    }

    /// What replay says of an unmet expectation: the line, what the step caused after the last
    /// expectation met (a record a line, by `summary`), the closest record marked.
    public func unmetMessage(after step: String, rest: ArraySlice<Record>, summary: (Record) -> String) -> String {
        var message = "expectation not met: \(text)\n  after \(step), the session emitted"
        if rest.isEmpty { return message + " nothing more" }
        message += ":"
        let closest = closest(in: rest)
        for index in rest.indices {
            message += "\n    \(summary(rest[index]))"
            if index == closest?.index, let closest { message += "   ← closest: \(Self.describe(closest.mismatches))" }
        }
        return message
    }
}
