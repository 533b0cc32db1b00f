/// TopMatches: the best `limit` matches seen so far, by score, then shorter name, then directory
/// order (the order of ``InstitutionSearch/best(_:limit:)``), whatever their number.
///
/// A heap whose root is the worst of those kept: a match that does not beat it (most of them, once
/// the heap is full) costs one comparison, one that does replaces it. So a query most names match
/// keeps `limit` entries, not one a match, and sorts only those at the end. Each entry carries its
/// name's (folded) length, the first tie-break, so that comparing never looks the name up.
struct TopMatches {
    /// One match: its score, the length of its folded name, its index.
    typealias Entry = (score: Int, length: Int, index: Int)

    let limit: Int
    /// The entries in heap order: every entry is worse than (or the same as) its children.
    private(set) var heap: [Entry] = []
    /// How many matches were offered.
    private(set) var offered = 0

    init(limit: Int) {
        self.limit = limit
        heap.reserveCapacity(min(limit, 1024))
    }

    /// Whether `a` ranks before `b`.
    @inline(__always)
    static func better(_ a: Entry, _ b: Entry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.length != b.length { return a.length < b.length }
        return a.index < b.index
    }

    /// Offers a match: institution `index`, whose folded name is `length` bytes long.
    @inline(__always)
    mutating func offer(score: Int, length: Int, index: Int) {
        offered += 1
        guard limit > 0 else { return }
        let entry = (score, length, index)
        if heap.count < limit {
            heap.append(entry)
            siftUp(heap.count - 1)
            return
        }
        // the usual case once full: not as good as the worst kept
        guard Self.better(entry, heap[0]) else { return }
        heap[0] = entry
        siftDown(0)
    }

    /// Offers every match `other` kept.
    mutating func offer(contentsOf other: TopMatches) {
        for entry in other.heap { offer(score: entry.score, length: entry.length, index: entry.index) }
        offered += other.offered - other.heap.count
    }

    /// The kept matches, best first.
    func sorted() -> [(score: Int, index: Int)] {
        heap.sorted(by: Self.better).map { ($0.score, $0.index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            // the root is the worst: a parent better than its child moves down
            guard Self.better(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var worst = left
            let right = left + 1
            if right < count && Self.better(heap[left], heap[right]) { worst = right }
            guard Self.better(heap[parent], heap[worst]) else { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
