// TerminalSanitizer.swift: untrusted text with everything a terminal would act on removed.

extension UntrustedText {
    /// `s` with everything that could move the cursor, change modes or reorder text removed, so
    /// that it can be drawn into a cell or kept as a name:
    /// - escape sequences are removed entirely: CSI (`ESC [ … final`, and the 8-bit `U+009B`),
    ///   OSC/DCS/SOS/PM/APC strings up to BEL or ST (also their 8-bit introducers), and
    ///   two-character and `nF` escapes;
    /// - a tab becomes one space (CR and LF too, with `lineBreaksAsSpaces`); every other C0
    ///   control, DEL and every C1 control (U+0080–U+009F) is dropped;
    /// - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are dropped.
    ///
    /// The result contains no scalar below U+0020. Text with nothing to remove or replace (printable
    /// ASCII, accented letters, most scripts) is returned as is, uncopied.
    public static func sanitized(_ s: String, lineBreaksAsSpaces: Bool = false) -> String {
        if keptAsIs(s) { return s }
        return sanitizedScalarByScalar(s, lineBreaksAsSpaces: lineBreaksAsSpaces)
    }

    /// Whether `s` holds nothing ``sanitized(_:lineBreaksAsSpaces:)`` removes or replaces, judged on
    /// its UTF-8 bytes in one pass: no C0 control or DEL (a byte below 0x20, or 0x7F), no C1 control
    /// (0xC2 then 0x80 to 0x9F), and no lead byte 0xE2 or 0xD8, which begin the bidirectional
    /// controls (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069 and U+061C; any other scalar
    /// they begin goes through the scalar-by-scalar pass too, which keeps it). Every scalar of such
    /// a text is one the pass appends unchanged, in its ordinary-text state, which it never leaves.
    static func keptAsIs(_ s: String) -> Bool {
        func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || byte == 0xE2 || byte == 0xD8 { return false }
                if previous == 0xC2 && byte < 0xA0 { return false }  // a continuation byte: 0x80 to 0x9F
                previous = byte
            }
            return true
        }
        if let kept = s.utf8.withContiguousStorageIfAvailable(check) { return kept }
        return Array(s.utf8).withUnsafeBufferPointer(check)
    }

    /// ``sanitized(_:lineBreaksAsSpaces:)`` a scalar at a time, whatever the text.
    static func sanitizedScalarByScalar(_ s: String, lineBreaksAsSpaces: Bool) -> String {
        var output = String.UnicodeScalarView()
        var state = SanitizerState.text
        for scalar in s.unicodeScalars {
            state = state.consume(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
        }
        return String(output)
    }
}

/// Where the sanitizer is inside an escape sequence.
private enum SanitizerState {
    /// Ordinary text.
    case text
    /// Just after ESC.
    case escape
    /// Inside a CSI sequence, before its final byte.
    case controlSequence
    /// Inside an `nF` escape (ESC followed by intermediate bytes).
    case intermediate
    /// Inside an OSC/DCS/SOS/PM/APC string.
    case controlString
    /// After ESC inside a control string (ESC \ is the string terminator).
    case controlStringEscape

    /// The state after `scalar`, appending it to `output` if it is kept.
    func consume(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView, lineBreaksAsSpaces: Bool) -> SanitizerState {
        let value = scalar.value
        switch self {
        case .text:
            return Self.text(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
        case .escape:
            switch value {
            case 0x5B: return .controlSequence  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .controlString  // ] P X ^ _
            case 0x1B: return .escape
            case 0x20...0x2F: return .intermediate
            case 0x30...0x7E: return .text
            default: return Self.text(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
            }
        case .controlSequence:
            switch value {
            case 0x20...0x3F: return .controlSequence
            case 0x40...0x7E: return .text
            default: return Self.text(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
            }
        case .intermediate:
            switch value {
            case 0x20...0x2F: return .intermediate
            case 0x30...0x7E: return .text
            default: return Self.text(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
            }
        case .controlString:
            switch value {
            case 0x07, 0x9C: return .text
            case 0x1B: return .controlStringEscape
            default: return .controlString
            }
        case .controlStringEscape:
            if value == 0x5C { return .text }  // ESC \ (ST)
            return SanitizerState.escape.consume(scalar, into: &output, lineBreaksAsSpaces: lineBreaksAsSpaces)
        }
    }

    /// Handles `scalar` in ordinary text.
    private static func text(
        _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView, lineBreaksAsSpaces: Bool
    ) -> SanitizerState {
        let value = scalar.value
        switch value {
        case 0x09:
            output.append(" ")
            return .text
        case 0x0A where lineBreaksAsSpaces, 0x0D where lineBreaksAsSpaces:
            output.append(" ")
            return .text
        case 0x1B:
            return .escape
        case 0x9B:
            return .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            return .controlString
        case 0x00...0x1F, 0x7F...0x9F:
            return .text
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            return .text
        default:
            output.append(scalar)
            return .text
        }
    }
}
