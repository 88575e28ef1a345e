/// Where every held node sits: per history, its addresses (seq 0 for the base counts, then the
/// events) in seq order, ties by id.
///
/// A node is a history's base counts or an event. Most nodes have one address; an event that a v1
/// import put into two journals has one in each (the same id at two places), which is why
/// addresses and nodes are numbered apart. Flat arrays of small integers, no per-event objects.
struct AddressBook: Sendable {
    /// The histories, sorted by id; elsewhere a history is its index here.
    private(set) var historyIDs: [HistoryID] = []
    /// Each history's index in `historyIDs`.
    private(set) var historyIndex: [HistoryID: Int] = [:]
    /// Per address: its history's index.
    private(set) var addressHistory: [Int32] = []
    /// Per address: its seq.
    private(set) var addressSeq: [UInt64] = []
    /// Per address: its node.
    private(set) var addressNode: [Int32] = []
    /// Per address: where it stands in its history's list.
    private(set) var addressPosition: [Int32] = []
    /// Per node: its first address.
    private(set) var nodeAddress: [Int32] = []
    /// Per node with more than one address: the others.
    private(set) var otherAddresses: [Int32: [Int32]] = [:]
    /// Per history: its addresses in seq order, ties by the node's id.
    private(set) var lists: [[Int32]] = []

    /// A book of `histories` (any order), with no addresses yet.
    init(histories: some Sequence<HistoryID>) {
        historyIDs = Array(Set(histories)).sorted()
        for (index, history) in historyIDs.enumerated() { historyIndex[history] = index }
        lists = Array(repeating: [], count: historyIDs.count)
    }

    /// How many histories.
    var historyCount: Int { historyIDs.count }

    /// Puts `node` at `seq` of history `history` (an index), at the end of its list: call
    /// `sortLists` once all are in, or add only past the list's last seq.
    mutating func add(node: Int32, history: Int, seq: UInt64) {
        let address = Int32(addressHistory.count)
        addressHistory.append(Int32(history))
        addressSeq.append(seq)
        addressNode.append(node)
        addressPosition.append(Int32(lists[history].count))
        lists[history].append(address)
        if Int(node) == nodeAddress.count {
            nodeAddress.append(address)
        } else {
            otherAddresses[node, default: []].append(address)
        }
    }

    /// Sorts every history's list by seq, ties by `value` of the node then the node.
    mutating func sortLists(value: (Int32) -> UInt128) {
        for history in lists.indices {
            lists[history].sort { left, right in
                let (leftSeq, rightSeq) = (addressSeq[Int(left)], addressSeq[Int(right)])
                if leftSeq != rightSeq { return leftSeq < rightSeq }
                let (leftNode, rightNode) = (addressNode[Int(left)], addressNode[Int(right)])
                let (leftValue, rightValue) = (value(leftNode), value(rightNode))
                return leftValue != rightValue ? leftValue < rightValue : leftNode < rightNode
            }
            for (position, address) in lists[history].enumerated() {
                addressPosition[Int(address)] = Int32(position)
            }
        }
    }

    /// The last address of `history` (an index) at or before `seq`, or `nil` if none is held.
    func address(in history: Int, upTo seq: UInt64) -> Int32? {
        let list = lists[history]
        var (low, high) = (0, list.count)  // The answer is just before the first seq past `seq`.
        while low < high {
            let middle = (low + high) / 2
            if addressSeq[Int(list[middle])] <= seq { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : list[low - 1]
    }

    /// The address after `address` in its history, or `nil` if it is the last.
    func next(after address: Int32) -> Int32? {
        let list = lists[Int(addressHistory[Int(address)])]
        let position = Int(addressPosition[Int(address)]) + 1
        return position < list.count ? list[position] : nil
    }

    /// Calls `body` with every address of `node`.
    func forEachAddress(of node: Int32, _ body: (Int32) -> Void) {
        body(nodeAddress[Int(node)])
        if let others = otherAddresses[node] { others.forEach(body) }
    }
}
