/// OccurrenceVisitor: what ``InstitutionSearch/occurrences(of:in:into:)`` shows each occurrence to.
protocol OccurrenceVisitor {
    /// An occurrence at `position` (ascending).
    mutating func visit(_ position: Int)
}
