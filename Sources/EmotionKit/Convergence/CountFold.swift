/// The fold of a set of events into counts, node by node in canonical order, per emotion: taps and
/// adds (and the base counts) add with a floor at zero, each remembering what it really added; a
/// reset takes back what every event it had seen (and no reset took back yet) added, then floors,
/// and remembers what the floor added as its own contribution. So the count is always the sum of
/// the contributions not taken back, and a reset that has seen everything shows 0 (see `reset`).
///
/// What a reset has seen is a version vector per history (its row), kept for the last node folded
/// of each history and copied only at the nodes a mark names. Within one history the fold meets
/// nodes in seq order, so per emotion and history a reset's walk starts where the last one stopped:
/// every node is walked at most once per emotion. A taken-back contribution is set to zero, which
/// is what "cleared" means. Kept after a recount, so that a local event can be folded in as the
/// last one in O(1) (see `EventSet.appendLocal`).
struct CountFold: Sendable {
    /// Where every node sits.
    var book: AddressBook
    /// How many nodes are base counts: nodes `0..<baseCount`, events after.
    let baseCount: Int
    /// Per emotion (in `Emotion.allCases` order), the count so far, 0 or more.
    var counts = [Int](repeating: 0, count: Emotion.allCases.count)
    /// Whether the order had a cycle to break: the quick append is then not offered.
    var hadCycle = false

    /// Per event node, what it added and has not been taken back (0 once a reset did).
    var contribution: [Int]
    /// Per base node and emotion, the same.
    var baseContribution: [Int]
    /// Per node: its emotion's index (bases: unused).
    var nodeEmotion: [UInt8]
    /// Per node: whether it was folded yet.
    var folded: [Bool]
    /// Per history, its row: the version vector of its last node folded, each entry seq + 1, 0 for
    /// none seen. `historyCount` rows of `historyCount`.
    var rows: [UInt64]
    /// Copies of rows, at the addresses a mark names.
    var copies: [UInt64] = []
    /// Per address, where its row's copy starts in `copies`, or -1.
    var copyStart: [Int32]
    /// Per emotion and history: how far in the history's list resets have walked.
    var walked: [Int]
    /// Per emotion: addresses a reset covered before they were folded (only with a cycle).
    var coveredEarly: [[Int32]]

    private static let emotionCount = Emotion.allCases.count

    /// A fold of nothing yet over `book`, whose first `baseCount` nodes are bases; `marked` are
    /// the addresses some mark names, whose rows are copied when folded.
    init(book: AddressBook, baseCount: Int, nodeCount: Int, marked: some Sequence<Int32>) {
        self.book = book
        self.baseCount = baseCount
        let histories = book.historyCount
        contribution = [Int](repeating: 0, count: nodeCount - baseCount)
        baseContribution = [Int](repeating: 0, count: baseCount * CountFold.emotionCount)
        nodeEmotion = [UInt8](repeating: 0, count: nodeCount)
        folded = [Bool](repeating: false, count: nodeCount)
        rows = [UInt64](repeating: 0, count: histories * histories)
        copyStart = [Int32](repeating: -1, count: book.addressSeq.count)
        walked = [Int](repeating: 0, count: CountFold.emotionCount * histories)
        coveredEarly = Array(repeating: [], count: CountFold.emotionCount)
        for address in marked where copyStart[Int(address)] < 0 {
            copyStart[Int(address)] = -2  // Marked: copied when folded.
        }
    }

    /// The counts as a `Tally`: each at most what a `Tally` holds with the ones before it.
    var tally: Tally {
        var tally = Tally()
        var room = Int.max
        for emotion in Emotion.allCases {
            let count = min(counts[emotion.index], room)
            room -= count
            _ = try? tally.set(emotion, to: count)
        }
        return tally
    }

    // MARK: Folding

    /// Folds base node `node` (history index `history`) holding `before`.
    mutating func foldBase(node: Int32, history: Int, before: Tally) {
        folded[Int(node)] = true
        raise(row: history, at: history, to: 1)
        copyRowIfMarked(address: book.nodeAddress[Int(node)], row: history)
        for emotion in Emotion.allCases {
            let added = add(before[emotion], to: emotion)
            baseContribution[Int(node) * CountFold.emotionCount + emotion.index] = added
        }
    }

    /// Folds event node `node`; `stands` says whether its command stands.
    mutating func foldEvent(_ event: HistoryEvent, node: Int32, stands: Bool) {
        folded[Int(node)] = true
        nodeEmotion[Int(node)] = UInt8(event.emotion.index)
        let primary = book.nodeAddress[Int(node)]
        let history = Int(book.addressHistory[Int(primary)])
        for mark in event.after {
            guard let markHistory = book.historyIndex[mark.history] else { continue }
            raise(row: history, at: markHistory, to: mark.seq + 1)
            if let target = book.address(in: markHistory, upTo: mark.seq), copyStart[Int(target)] >= 0 {
                join(row: history, copyAt: Int(copyStart[Int(target)]))
            }
        }
        raise(row: history, at: history, to: event.seq + 1)
        copyRowIfMarked(address: primary, row: history)
        var addresses = [(history: history, seq: event.seq)]
        book.forEachAddress(of: node) { address in
            guard address != primary else { return }
            let otherHistory = Int(book.addressHistory[Int(address)])
            raise(row: otherHistory, at: otherHistory, to: book.addressSeq[Int(address)] + 1)
            copyRowIfMarked(address: address, row: otherHistory)
            addresses.append((otherHistory, book.addressSeq[Int(address)]))
        }
        guard stands else { return }
        switch event.command {
        case .tap, .add:
            contribution[Int(node) - baseCount] = add(event.delta, to: event.emotion)
        case .reset:
            // What it had seen: its rows, but of its own histories only the seqs before its own,
            // so that a later reset's walk meets it and takes back what its floor added.
            var seen = seenVector(rows: addresses.map(\.history))
            for address in addresses { seen[address.history] = min(seen[address.history], address.seq) }
            contribution[Int(node) - baseCount] = reset(event.emotion, seen: seen)
        case .undo, .redo:
            break
        }
    }

    /// Adds `delta` to `emotion`'s count, floored at 0 and held at `Int.max`; returns what it added.
    private mutating func add(_ delta: Int, to emotion: Emotion) -> Int {
        let old = counts[emotion.index]
        let (sum, overflow) = old.addingReportingOverflow(delta)
        let new = overflow ? (delta > 0 ? Int.max : 0) : max(0, sum)
        counts[emotion.index] = new
        return new - old  // Both are 0 through Int.max: no overflow.
    }
}
