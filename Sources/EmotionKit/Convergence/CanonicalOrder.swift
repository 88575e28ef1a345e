/// The one order every history folds the same set of events in: each node after its causal past
/// (its history's earlier seqs and what its `after` marks name), ties by the smallest id.
///
/// When no remaining node is ready, there is a cycle (an id at two addresses, from a v1 import made
/// on two machines): the smallest remaining id goes next. Missing predecessors are ignored: a mark
/// names the last held address at or before it. Kahn's algorithm over a heap: O(n log n) at worst,
/// and O(n) for one history, whose heap holds one node at a time.
enum CanonicalOrder {
    /// The nodes `0..<nodeCount` in canonical order, and whether a cycle had to be broken.
    ///
    /// - Parameters:
    ///   - edges: per event node, the nodes its `after` marks name (each before it).
    ///   - key: each node's id value.
    static func of(
        nodeCount: Int, book: AddressBook, edges: AfterEdges, key: @escaping (Int32) -> UInt128
    ) -> (order: [Int32], hadCycle: Bool) {
        var waitingFor = [Int32](repeating: 0, count: nodeCount)
        for list in book.lists where list.count > 1 {
            for position in 1..<list.count {
                let (before, node) = (book.addressNode[Int(list[position - 1])], book.addressNode[Int(list[position])])
                if before != node { waitingFor[Int(node)] += 1 }
            }
        }
        edges.forEachEdge { _, node in waitingFor[Int(node)] += 1 }
        var ready = ReadyNodes(key: key)
        for node in 0..<nodeCount where waitingFor[node] == 0 { ready.push(Int32(node)) }
        var placed = [Bool](repeating: false, count: nodeCount)
        var order: [Int32] = []
        order.reserveCapacity(nodeCount)
        var byKey: [Int32]? = nil  // Only made when a cycle is met.
        var nextByKey = 0
        var hadCycle = false
        func release(_ node: Int32) {
            waitingFor[Int(node)] -= 1
            if waitingFor[Int(node)] == 0, !placed[Int(node)] { ready.push(node) }
        }
        while order.count < nodeCount {
            if ready.isEmpty {
                hadCycle = true
                let sorted = byKey ?? (0..<Int32(nodeCount)).sorted { key($0) != key($1) ? key($0) < key($1) : $0 < $1 }
                byKey = sorted
                while placed[Int(sorted[nextByKey])] { nextByKey += 1 }
                ready.push(sorted[nextByKey])
            }
            guard let node = ready.pop() else { break }
            if placed[Int(node)] { continue }
            placed[Int(node)] = true
            order.append(node)
            book.forEachAddress(of: node) { address in
                if let next = book.next(after: address), book.addressNode[Int(next)] != node {
                    release(book.addressNode[Int(next)])
                }
            }
            edges.forEachSuccessor(of: node, release)
        }
        return (order, hadCycle)
    }
}
