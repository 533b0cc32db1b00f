/// JSONLineRecord: a value written as one line of compact JSON: a record of the events file (a
/// Plaid ``SessionRecord``, a ``MeshRecord``) or a callback's metadata (`metadataJSON`).
public protocol JSONLineRecord {
    /// Appends the record's JSON (without a newline) to `writer`.
    func write(to writer: inout JSONWriter)
}

extension JSONLineRecord {
    /// The record as one line of compact JSON (without the newline).
    public var jsonLine: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }
}
