/// TopMatches: the best `limit` matches seen so far, by score, then shorter name, then directory
/// order (the order of ``InstitutionSearch/best(_:limit:)``), whatever their number.
///
/// A heap whose root is the worst of those kept: a match that does not beat it (most of them, once
/// the heap is full) costs one comparison, one that does replaces it. So a query most names match
/// keeps `limit` entries, not one a match, and sorts only those at the end.
struct TopMatches {
    let limit: Int
    /// (score, index) in heap order: every entry is worse than (or the same as) its children.
    private(set) var heap: [(score: Int, index: Int)] = []
    /// How many matches were offered.
    private(set) var offered = 0
    /// The length of institution `index`'s name (the first tie-break).
    let nameLength: (Int) -> Int

    init(limit: Int, nameLength: @escaping (Int) -> Int) {
        self.limit = limit
        self.nameLength = nameLength
        heap.reserveCapacity(min(limit, 1024))
    }

    /// Whether `a` ranks before `b`.
    @inline(__always)
    func better(_ a: (score: Int, index: Int), _ b: (score: Int, index: Int)) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let la = nameLength(a.index), lb = nameLength(b.index)
        if la != lb { return la < lb }
        return a.index < b.index
    }

    /// Offers a match.
    @inline(__always)
    mutating func offer(score: Int, index: Int) {
        offered += 1
        guard limit > 0 else { return }
        if heap.count < limit {
            heap.append((score, index))
            siftUp(heap.count - 1)
            return
        }
        // the usual case once full: not as good as the worst kept
        let root = heap[0]
        if score < root.score || !better((score, index), root) { return }
        heap[0] = (score, index)
        siftDown(0)
    }

    /// Offers every match `other` kept.
    mutating func offer(contentsOf other: TopMatches) {
        for entry in other.heap { offer(score: entry.score, index: entry.index) }
        offered += other.offered - other.heap.count
    }

    /// The kept matches, best first.
    func sorted() -> [(score: Int, index: Int)] {
        heap.sorted(by: better)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            // the root is the worst: a parent better than its child moves down
            guard better(heap[parent], heap[child]) else { return }
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
            if right < count && better(heap[left], heap[right]) { worst = right }
            guard better(heap[parent], heap[worst]) else { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
