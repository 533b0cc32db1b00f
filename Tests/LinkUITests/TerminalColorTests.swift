import Testing
@testable import LinkUI

@Suite("Colour degradation")
struct TerminalColorTests {
    @Test func rgbMapsToTheNearestXterm256Entry() {
        #expect(TermColor.nearestXterm256(r: 255, g: 0, b: 0) == 196)
        #expect(TermColor.nearestXterm256(r: 0, g: 0, b: 0) == 16)
        #expect(TermColor.nearestXterm256(r: 255, g: 255, b: 255) == 231)
        #expect(TermColor.nearestXterm256(r: 128, g: 128, b: 128) == 244)
        #expect(TermColor.nearestXterm256(r: 0, g: 95, b: 215) == 26)
        for index in 16...255 {
            let c = TermColor.rgbValue(ofIndex: UInt8(index))
            let back = TermColor.nearestXterm256(r: c.r, g: c.g, b: c.b)
            #expect(TermColor.rgbValue(ofIndex: back) == c, "index \(index)")
        }
    }

    @Test func rgbMapsToTheNearestBasicColour() {
        #expect(TermColor.nearestBasic8(r: 255, g: 0, b: 0) == 1)
        #expect(TermColor.nearestBasic8(r: 10, g: 200, b: 30) == 2)
        #expect(TermColor.nearestBasic8(r: 0, g: 0, b: 200) == 4)
        #expect(TermColor.nearestBasic8(r: 250, g: 250, b: 250) == 7)
        #expect(TermColor.nearestBasic8(r: 20, g: 20, b: 20) == 0)
    }

    @Test func degradationFollowsTheColourCount() {
        let orange = TermColor.rgb(255, 135, 0)
        #expect(orange.degraded(toColorCount: 256) == .indexed(208))
        #expect(orange.degraded(toColorCount: 8) == .indexed(3))
        #expect(orange.degraded(toColorCount: 0) == .default)
        #expect(TermColor.indexed(196).degraded(toColorCount: 256) == .indexed(196))
        #expect(TermColor.indexed(196).degraded(toColorCount: 8) == .indexed(1))
        #expect(TermColor.indexed(196).degraded(toColorCount: 16) == .indexed(9))
        #expect(TermColor.indexed(12).degraded(toColorCount: 8) == .indexed(4))
        #expect(TermColor.indexed(12).degraded(toColorCount: 16) == .indexed(12))
        #expect(TermColor.default.degraded(toColorCount: 256) == .default)
        #expect(TermColor.indexed(2).degraded(toColorCount: 2) == .default)
    }

    @Test func noColorAndFewColoursMeanNoColour() {
        #expect(TerminalScreen.effectiveColorCount(terminalColors: 256, noColor: nil) == 256)
        #expect(TerminalScreen.effectiveColorCount(terminalColors: 256, noColor: "") == 256)
        #expect(TerminalScreen.effectiveColorCount(terminalColors: 256, noColor: "1") == 0)
        #expect(TerminalScreen.effectiveColorCount(terminalColors: 2, noColor: nil) == 0)
        #expect(TerminalScreen.effectiveColorCount(terminalColors: 8, noColor: nil) == 8)
    }

    @Test func packedStylesDifferWhereTheStylesDo() {
        let styles: [Style] = [
            .plain, Style(fg: .indexed(0)), Style(bg: .indexed(0)), Style(fg: .indexed(255)), Style(fg: .rgb(0, 0, 0)),
            Style(fg: .rgb(0, 0, 255)), Style(bg: .rgb(255, 0, 0)), Style(fg: .rgb(1, 2, 3), bg: .rgb(3, 2, 1)),
            Style(bold: true), Style(underline: true), Style(reverse: true), Style(dim: true), Style(italic: true),
            Style(fg: .indexed(7), bg: .default, bold: true, underline: true, reverse: true, dim: true, italic: true),
        ]
        for (i, a) in styles.enumerated() {
            for (j, b) in styles.enumerated() {
                #expect((a.packed == b.packed) == (i == j), "\(a) and \(b)")
            }
        }
        #expect(Style(fg: .indexed(3)).packed == Style(fg: .indexed(3)).packed)
    }

    @Test func pairCacheAllocatesOnceAndDegradesWhenFull() {
        var cache = ColorPairCache(pairLimit: 4)
        var defined: [[Int]] = []
        let define: (Int, Int, Int) -> Void = { defined.append([$0, $1, $2]) }
        // the terminal's own colours get a pair too (switching to pair 0 costs a full reset)
        #expect(cache.pair(fg: -1, bg: -1, define: define) == 1)
        #expect(cache.pair(fg: 1, bg: -1, define: define) == 2)
        #expect(cache.pair(fg: 1, bg: -1, define: define) == 2)
        #expect(cache.pair(fg: 2, bg: 4, define: define) == 3)
        #expect(cache.pair(fg: 3, bg: 4, define: define) == 0)
        #expect(cache.pair(fg: -1, bg: -1, define: define) == 1)
        #expect(defined == [[1, -1, -1], [2, 1, -1], [3, 2, 4]])
    }
}
