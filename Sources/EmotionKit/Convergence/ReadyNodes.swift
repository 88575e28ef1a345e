/// The nodes ready to be placed next in the canonical order, smallest key first: a binary heap.
///
/// A node's key is its id's value then its number, so the smallest id is taken first and two nodes
/// never tie.
struct ReadyNodes {
    private var heap: [Int32] = []
    private let key: (Int32) -> UInt128

    /// An empty heap ordering nodes by `key`, then by number.
    init(key: @escaping (Int32) -> UInt128) {
        self.key = key
    }

    /// Whether no node is ready.
    var isEmpty: Bool { heap.isEmpty }

    /// Adds a ready node.
    mutating func push(_ node: Int32) {
        heap.append(node)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the node with the smallest key, or `nil` if none is ready.
    mutating func pop() -> Int32? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        heap[0] = last
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var smallest = parent
            if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    private func precedes(_ left: Int32, _ right: Int32) -> Bool {
        let (leftKey, rightKey) = (key(left), key(right))
        return leftKey != rightKey ? leftKey < rightKey : left < right
    }
}
