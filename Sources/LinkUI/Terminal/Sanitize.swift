// Sanitize.swift: making untrusted text safe to draw on a terminal.

import LinkKit

/// `s` with everything that could move the cursor, change modes or reorder
/// text removed, so that it can be drawn into a cell:
/// - escape sequences are removed entirely: CSI (`ESC [ … final`, and the
///   8-bit `U+009B`), OSC/DCS/SOS/PM/APC strings up to BEL or ST (also their
///   8-bit introducers), and two-character and `nF` escapes;
/// - a tab becomes one space; every other C0 control (including CR and LF),
///   DEL and every C1 control (U+0080–U+009F) is dropped;
/// - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
///   U+061C) are dropped.
///
/// The result contains no scalar below U+0020. Printable ASCII is returned
/// as is without copying.
public func sanitizeForTerminal(_ s: String) -> String {
    UntrustedText.sanitized(s)
}
