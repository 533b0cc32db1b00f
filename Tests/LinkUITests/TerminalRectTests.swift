import Testing
@testable import LinkUI

@Suite("Rect")
struct TerminalRectTests {
    @Test func splitsClampAndCoverTheRect() {
        let r = Rect(x: 2, y: 1, width: 10, height: 6)
        let (left, right) = r.splitLeft(width: 3)
        #expect(left == Rect(x: 2, y: 1, width: 3, height: 6))
        #expect(right == Rect(x: 5, y: 1, width: 7, height: 6))
        #expect(r.splitRight(width: 4).right == Rect(x: 8, y: 1, width: 4, height: 6))
        #expect(r.splitLeft(width: 99).right.isEmpty)
        let (top, bottom) = r.splitTop(height: 2)
        #expect(top == Rect(x: 2, y: 1, width: 10, height: 2))
        #expect(bottom == Rect(x: 2, y: 3, width: 10, height: 4))
        #expect(r.splitBottom(height: 1).bottom == Rect(x: 2, y: 6, width: 10, height: 1))
    }

    @Test func insetNeverGoesNegative() {
        let r = Rect(x: 0, y: 0, width: 10, height: 4)
        #expect(r.inset(by: 1) == Rect(x: 1, y: 1, width: 8, height: 2))
        #expect(r.inset(by: 5).isEmpty)
        #expect(Rect(x: 0, y: 0, width: -3, height: 2).width == 0)
    }

    @Test func intersectionContainsAndCentre() {
        let a = Rect(x: 0, y: 0, width: 5, height: 5)
        #expect(a.intersection(Rect(x: 3, y: 3, width: 5, height: 5)) == Rect(x: 3, y: 3, width: 2, height: 2))
        #expect(a.intersection(Rect(x: 7, y: 7, width: 1, height: 1)).isEmpty)
        #expect(a.contains(y: 4, x: 4))
        #expect(!a.contains(y: 5, x: 0))
        #expect(Rect(rows: 24, cols: 80).centered(width: 40, height: 10) == Rect(x: 20, y: 7, width: 40, height: 10))
    }
}
