/// The edges `after` marks make: from the node a mark names to the event carrying it, grouped by
/// the node named, in flat arrays (compressed rows).
struct AfterEdges {
    /// Where each node's successors start in `successors`; one more entry than nodes.
    private var start: [Int32]
    private var successors: [Int32]

    /// The edges `pairs` (named node, event node), among `nodeCount` nodes; a node naming itself is left out.
    init(nodeCount: Int, pairs: [(from: Int32, to: Int32)]) {
        start = [Int32](repeating: 0, count: nodeCount + 1)
        let kept = pairs.filter { $0.from != $0.to }
        for pair in kept { start[Int(pair.from) + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        successors = [Int32](repeating: 0, count: kept.count)
        var fill = start
        for pair in kept {
            successors[Int(fill[Int(pair.from)])] = pair.to
            fill[Int(pair.from)] += 1
        }
    }

    /// Calls `body` with every edge.
    func forEachEdge(_ body: (Int32, Int32) -> Void) {
        for node in 0..<(start.count - 1) {
            for index in Int(start[node])..<Int(start[node + 1]) { body(Int32(node), successors[index]) }
        }
    }

    /// Calls `body` with every node `node` comes before by a mark.
    func forEachSuccessor(of node: Int32, _ body: (Int32) -> Void) {
        for index in Int(start[Int(node)])..<Int(start[Int(node) + 1]) { body(successors[index]) }
    }
}
