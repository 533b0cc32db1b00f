// TermColor.swift: terminal colours and their degradation to what a terminal
// can show (256, 16 or 8 colours, or none).

/// A foreground or background colour as a style asks for it. The terminal
/// backend degrades it to what the terminal supports (`degraded(toColorCount:)`).
public enum TermColor: Hashable, Sendable {
    /// The terminal's own default colour (ncurses colour -1).
    case `default`
    /// An xterm-256 palette index: 0–7 basic, 8–15 bright, 16–231 the 6x6x6
    /// cube, 232–255 the grey ramp.
    case indexed(UInt8)
    /// A 24-bit colour; shown as its nearest palette entry.
    case rgb(UInt8, UInt8, UInt8)

    /// The 16 system colours as xterm draws them by default.
    static let systemPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The channel levels of the xterm 6x6x6 colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value xterm shows for palette `index`.
    public static func rgbValue(ofIndex index: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = Int(index)
        if i < 16 {
            let c = systemPalette[i]
            return (UInt8(c.0), UInt8(c.1), UInt8(c.2))
        }
        if i < 232 {
            let n = i - 16
            return (UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[(n / 6) % 6]), UInt8(cubeLevels[n % 6]))
        }
        let grey = UInt8(8 + 10 * (i - 232))
        return (grey, grey, grey)
    }

    /// The xterm-256 index (16–255: cube or grey ramp) nearest to `r g b`.
    /// The system colours 0–15 are never chosen, since terminals restyle them.
    public static func nearestXterm256(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated() where abs(level - v) < abs(cubeLevels[best] - v) {
                best = i
            }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(Int(r)), nearestLevel(Int(g)), nearestLevel(Int(b)))
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance((Int(r), Int(g), Int(b)), (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]))
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distance((Int(r), Int(g), Int(b)), (grey, grey, grey))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The basic colour (0–7) nearest to `r g b`.
    public static func nearestBasic8(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        nearest(in: 0..<8, r: r, g: g, b: b)
    }

    /// The system colour (0–15) nearest to `r g b`.
    public static func nearestSystem16(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        nearest(in: 0..<16, r: r, g: g, b: b)
    }

    /// The entry of `systemPalette` within `range` nearest to `r g b`.
    private static func nearest(in range: Range<Int>, r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        var best = range.lowerBound
        var bestDistance = Int.max
        for i in range {
            let d = distance((Int(r), Int(g), Int(b)), systemPalette[i])
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    /// Squared Euclidean distance between two RGB triples.
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }

    /// This colour as a terminal with `colorCount` colours can show it:
    /// fewer than 8 colours (or `NO_COLOR`) gives `.default`; 8 gives an
    /// index 0–7; 16 an index 0–15; 256 or more an index 0–255.
    public func degraded(toColorCount colorCount: Int) -> TermColor {
        switch self {
        case .default:
            return .default
        case .indexed(let index):
            if colorCount < 8 { return .default }
            if Int(index) < min(colorCount, 256) { return self }
            if colorCount >= 16 || index >= 16 {
                let c = TermColor.rgbValue(ofIndex: index)
                return TermColor.rgb(c.r, c.g, c.b).degraded(toColorCount: colorCount)
            }
            return .indexed(index - 8)  // bright 8–15 on an 8-colour terminal
        case .rgb(let r, let g, let b):
            if colorCount >= 256 { return .indexed(TermColor.nearestXterm256(r: r, g: g, b: b)) }
            if colorCount >= 16 { return .indexed(TermColor.nearestSystem16(r: r, g: g, b: b)) }
            if colorCount >= 8 { return .indexed(TermColor.nearestBasic8(r: r, g: g, b: b)) }
            return .default
        }
    }

    /// The ncurses colour number of a degraded colour (-1 for `.default`).
    var cursesNumber: Int {
        switch self {
        case .default: return -1
        case .indexed(let index): return Int(index)
        case .rgb(let r, let g, let b): return Int(TermColor.nearestXterm256(r: r, g: g, b: b))
        }
    }
}
