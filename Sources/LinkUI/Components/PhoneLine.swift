/// PhoneLine: a phone field as it is drawn: digits alone (4155550010, as typed) grouped as a US
/// number (415-555-0010) while typed, anything else as typed. Display only: the field's text, what
/// is submitted and recorded, is what was typed.
struct PhoneLine: EditableLine {
    /// The field typed into.
    var field: TextField

    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        let characters = field.characters
        guard !characters.isEmpty, characters.count <= 10, characters.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return field.visible(width: width)
        }
        var shown = ""
        var cursorColumn = 0
        for (index, digit) in characters.enumerated() {
            if index == 3 || index == 6 { shown.append("-") }
            shown.append(digit)
            if index + 1 == field.cursor { cursorColumn = shown.count }
        }
        guard shown.count < width else { return field.visible(width: width) }
        return (shown, cursorColumn)
    }
}
