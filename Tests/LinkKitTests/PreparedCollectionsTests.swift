import Testing

@testable import LinkKit

// Sets and dictionaries made on the way to the first frame by generic code (PreparedCollections),
// so that the Swift runtime builds their storage's type without searching every protocol
// conformance of the program: they must be empty, with room for what they will hold.
@Suite("PreparedCollections: empty collections with room, made by generic code")
struct PreparedCollectionsTests {
    @Test("a set has room for its elements: adding them keeps its storage")
    func setHasRoom() {
        var products = PreparedCollections.set(room: LinkProduct.allCases.count, of: LinkProduct.self)
        #expect(products.isEmpty)
        let capacity = products.capacity
        #expect(capacity >= LinkProduct.allCases.count)
        for product in LinkProduct.allCases { products.insert(product) }
        #expect(products == Set(LinkProduct.allCases))
        #expect(products.capacity == capacity)
    }

    @Test("a dictionary has room for its entries: adding them keeps its storage")
    func dictionaryHasRoom() {
        var table: [String: Int] = PreparedCollections.dictionary(room: 16)
        #expect(table.isEmpty)
        let capacity = table.capacity
        #expect(capacity >= 16)
        for number in 0..<16 { table["key \(number)"] = number }
        #expect(table.count == 16 && table["key 7"] == 7)
        #expect(table.capacity == capacity)
    }

    @Test("a configuration's products are transactions when none are given")
    func defaultProducts() {
        #expect(SessionConfiguration().products == [.transactions])
        #expect(SessionConfiguration.transactionsOnly == [.transactions])
        #expect(LinkEngine(configuration: SessionConfiguration()).offers(.transactions))
        #expect(!LinkEngine(configuration: SessionConfiguration()).offers(.auth))
        let both = LinkEngine(configuration: SessionConfiguration(products: [.auth, .identityVerification]))
        #expect(both.offers(.auth) && both.offers(.identityVerification) && !both.offers(.transactions))
    }
}
