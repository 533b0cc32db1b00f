import Foundation
import Testing

@testable import LinkKit

// InstitutionSearch's index keeps each name's first byte (ASCII letters lowercased) and the names
// beyond ASCII; both are found in C (lt_first_bytes, lt_flagged), sixteen flags at a time: they must
// be what a plain Swift loop finds, for lists of every length around the sixteen-name blocks.
@Suite("InstitutionSearch's first bytes and names beyond ASCII")
struct SearchIndexFirstBytesTests {
    @Test("the first byte of each name and the names beyond ASCII, lists of 1 to 70 names", arguments: [1, 2, 15, 16, 17, 31, 33, 64, 70])
    func firstBytesAndFolded(count: Int) throws {
        let pool = ["Zions Bank", "apple Credit Union", "\u{C9}cole Bank", "1st Bank", "_under", "M\u{FC}nchen Sparkasse",
                    "bank", "\u{1F3E6} Emoji Bank", "Q", "~tilde", "\u{D8}rsted Savings", "Young"]
        var names: [String] = []
        for index in 0..<count { names.append("\(pool[(index * 7 + count) % pool.count])") }
        let directory = try InstitutionDirectory.parse(Data(names.joined(separator: "\n").utf8), file: "names.txt")
        let search = InstitutionSearch(directory: directory, foldingAhead: false)
        let records = directory.records
        var expectedFirst: [UInt8] = []
        var expectedFolded: [Int] = []
        for index in 0..<records.count {
            let name = records.name(at: index)
            expectedFirst.append(name.utf8.first.map(InstitutionSearch.low) ?? 0)
            if name.utf8.contains(where: { $0 >= 0x80 }) { expectedFolded.append(index) }
        }
        #expect(search.foldedIndices == expectedFolded)
        for index in expectedFolded {
            // a name beyond ASCII starts with its folded name's first byte instead
            expectedFirst[index] = search.firstBytes[index]
            #expect(expectedFirst[index] == InstitutionSearch.firstFoldedByte(of: records.name(at: index)))
        }
        #expect(search.firstBytes == expectedFirst)
        #expect(records.count == count)
    }
}
