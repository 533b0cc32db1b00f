/// LatinFolding: ``TextFolding/fold(_:)`` of the letters of Latin-1 and Latin Extended-A and -B
/// (U+00C0 to U+024F) from a table, without decomposing them: folding the accented names of a
/// directory through Foundation's decomposition took about 14,000 instructions a letter (100,000
/// names, 110 of them accented: 1.6 million instructions before the search pane could show).
/// `TextFoldingTests` checks every entry against the decomposition.
enum LatinFolding {
    /// The first scalar of the table.
    static let first: UInt32 = 0xC0
    /// The last scalar of the table.
    static let last: UInt32 = 0x24F

    /// The folded form of `value`, if it is in the table.
    @inline(__always)
    static func fold(_ value: UInt32) -> String? {
        guard value >= first, value <= last else { return nil }
        return table[Int(value - first)]
    }

    /// The folded forms of U+00C0 to U+024F, in order.
    static let table: [String] = [
        "a", "a", "a", "a", "a", "a", "\u{E6}", "c", "e", "e", "e", "e",
        "i", "i", "i", "i", "\u{F0}", "n", "o", "o", "o", "o", "o", "\u{D7}",
        "\u{F8}", "u", "u", "u", "u", "y", "\u{FE}", "\u{DF}", "a", "a", "a", "a",
        "a", "a", "\u{E6}", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "\u{F0}", "n", "o", "o", "o", "o", "o", "\u{F7}", "\u{F8}", "u", "u", "u",
        "u", "y", "\u{FE}", "y", "a", "a", "a", "a", "a", "a", "c", "c",
        "c", "c", "c", "c", "c", "c", "d", "d", "\u{111}", "\u{111}", "e", "e",
        "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "\u{127}", "\u{127}", "i", "i", "i", "i",
        "i", "i", "i", "i", "i", "\u{131}", "\u{133}", "\u{133}", "j", "j", "k", "k",
        "\u{138}", "l", "l", "l", "l", "l", "l", "\u{140}", "\u{140}", "\u{142}", "\u{142}", "n",
        "n", "n", "n", "n", "n", "\u{149}", "\u{14B}", "\u{14B}", "o", "o", "o", "o",
        "o", "o", "\u{153}", "\u{153}", "r", "r", "r", "r", "r", "r", "s", "s",
        "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "\u{167}", "\u{167}",
        "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u",
        "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "\u{17F}",
        "\u{180}", "\u{253}", "\u{183}", "\u{183}", "\u{185}", "\u{185}", "\u{254}", "\u{188}", "\u{188}", "\u{256}", "\u{257}", "\u{18C}",
        "\u{18C}", "\u{18D}", "\u{1DD}", "\u{259}", "\u{25B}", "\u{192}", "\u{192}", "\u{260}", "\u{263}", "\u{195}", "\u{269}", "\u{268}",
        "\u{199}", "\u{199}", "\u{19A}", "\u{19B}", "\u{26F}", "\u{272}", "\u{19E}", "\u{275}", "o", "o", "\u{1A3}", "\u{1A3}",
        "\u{1A5}", "\u{1A5}", "\u{280}", "\u{1A8}", "\u{1A8}", "\u{283}", "\u{1AA}", "\u{1AB}", "\u{1AD}", "\u{1AD}", "\u{288}", "u",
        "u", "\u{28A}", "\u{28B}", "\u{1B4}", "\u{1B4}", "\u{1B6}", "\u{1B6}", "\u{292}", "\u{1B9}", "\u{1B9}", "\u{1BA}", "\u{1BB}",
        "\u{1BD}", "\u{1BD}", "\u{1BE}", "\u{1BF}", "\u{1C0}", "\u{1C1}", "\u{1C2}", "\u{1C3}", "\u{1C6}", "\u{1C6}", "\u{1C6}", "\u{1C9}",
        "\u{1C9}", "\u{1C9}", "\u{1CC}", "\u{1CC}", "\u{1CC}", "a", "a", "i", "i", "o", "o", "u",
        "u", "u", "u", "u", "u", "u", "u", "u", "u", "\u{1DD}", "a", "a",
        "a", "a", "\u{E6}", "\u{E6}", "\u{1E5}", "\u{1E5}", "g", "g", "k", "k", "o", "o",
        "o", "o", "\u{292}", "\u{292}", "j", "\u{1F3}", "\u{1F3}", "\u{1F3}", "g", "g", "\u{195}", "\u{1BF}",
        "n", "n", "a", "a", "\u{E6}", "\u{E6}", "\u{F8}", "\u{F8}", "a", "a", "a", "a",
        "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",
        "r", "r", "r", "r", "u", "u", "u", "u", "s", "s", "t", "t",
        "\u{21D}", "\u{21D}", "h", "h", "\u{19E}", "\u{221}", "\u{223}", "\u{223}", "\u{225}", "\u{225}", "a", "a",
        "e", "e", "o", "o", "o", "o", "o", "o", "o", "o", "y", "y",
        "\u{234}", "\u{235}", "\u{236}", "\u{237}", "\u{238}", "\u{239}", "\u{2C65}", "\u{23C}", "\u{23C}", "\u{19A}", "\u{2C66}", "\u{23F}",
        "\u{240}", "\u{242}", "\u{242}", "\u{180}", "\u{289}", "\u{28C}", "\u{247}", "\u{247}", "\u{249}", "\u{249}", "\u{24B}", "\u{24B}",
        "\u{24D}", "\u{24D}", "\u{24F}", "\u{24F}"
    ]
}
