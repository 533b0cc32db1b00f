/// EditableLine: a one-line field a pane draws with
/// ``CellBuffer/field(_:label:y:area:labelWidth:focused:styles:)``: a ``TextField`` (plain text)
/// or a ``SecretField`` (masks only).
protocol EditableLine {
    /// What to draw within `width` columns, and the cursor's column.
    func visible(width: Int) -> (text: String, cursorColumn: Int)
}
