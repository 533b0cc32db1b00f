// ColorPairCache.swift: allocating ncurses colour pairs on demand.

/// Maps a (foreground, background) pair of ncurses colour numbers (-1 is the
/// terminal default) to a colour pair number, allocating pairs 1, 2, … on
/// first use up to `pairLimit - 1`. When the pairs run out it answers 0 (the
/// default pair) rather than failing.
///
/// The pairs are kept in a list, not a dictionary: a screen uses a few dozen at most, and a
/// dictionary keyed by a type of our own costs the Swift runtime a search through every protocol
/// conformance of the program the first time (about 250,000 instructions, on the way to the
/// first frame).
struct ColorPairCache {
    /// One more than the highest pair number that may be allocated.
    let pairLimit: Int
    /// Pairs allocated so far: the colours of pair `i + 1` at `i`.
    private var pairs: [(fg: Int, bg: Int)] = []
    /// The next free pair number.
    private var next = 1

    /// A cache for a terminal with `pairLimit` colour pairs (COLOR_PAIRS).
    init(pairLimit: Int) {
        self.pairLimit = max(1, pairLimit)
    }

    /// Number of pairs allocated.
    var count: Int { pairs.count }

    /// The pair for `fg` on `bg`; calls `define(pair, fg, bg)` when it
    /// allocates a new one.
    /// The terminal's own colours (-1, -1) get a pair of their own too, not pair 0: going from
    /// a coloured pair to pair 0 makes ncurses reset every attribute on the wire, going to
    /// another pair only sets the colours.
    mutating func pair(fg: Int, bg: Int, define: (Int, Int, Int) -> Void) -> Int {
        if let index = pairs.firstIndex(where: { $0.fg == fg && $0.bg == bg }) { return index + 1 }
        guard next < pairLimit else { return 0 }
        let pair = next
        next += 1
        pairs.append((fg, bg))
        define(pair, fg, bg)
        return pair
    }
}
