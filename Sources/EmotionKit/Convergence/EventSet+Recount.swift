extension EventSet {
    /// The fold of the whole set from scratch: the addresses, the canonical order, then the fold.
    func recounted() -> CountFold {
        let baseHistories = bases.keys.sorted()
        let baseCount = baseHistories.count
        let nodeCount = baseCount + events.count
        var histories = Set(baseHistories)
        for event in events { histories.insert(event.history) }
        for addresses in otherAddresses.values { histories.formUnion(addresses.map(\.history)) }
        var book = AddressBook(histories: histories)
        for (node, history) in baseHistories.enumerated() {
            book.add(node: Int32(node), history: book.historyIndex[history] ?? 0, seq: 0)
        }
        for (place, event) in events.enumerated() {
            book.add(node: Int32(baseCount + place), history: book.historyIndex[event.history] ?? 0, seq: event.seq)
        }
        for (place, addresses) in otherAddresses.sorted(by: { $0.key < $1.key }) {
            for address in addresses {
                book.add(
                    node: Int32(baseCount + Int(place)), history: book.historyIndex[address.history] ?? 0,
                    seq: address.seq)
            }
        }
        let events = self.events
        let key: (Int32) -> UInt128 = { node in
            Int(node) < baseCount
                ? baseHistories[Int(node)].eventID.value : events[Int(node) - baseCount].id.value
        }
        book.sortLists(value: key)
        var pairs: [(from: Int32, to: Int32)] = []
        for (place, event) in events.enumerated() {
            for mark in event.after {
                guard let history = book.historyIndex[mark.history],
                    let target = book.address(in: history, upTo: mark.seq)
                else { continue }
                pairs.append((book.addressNode[Int(target)], Int32(baseCount + place)))
            }
        }
        let marked = EventSet.markedAddresses(of: events, in: book)
        let edges = AfterEdges(nodeCount: nodeCount, pairs: pairs)
        let (order, hadCycle) = CanonicalOrder.of(nodeCount: nodeCount, book: book, edges: edges, key: key)
        var fold = CountFold(book: book, baseCount: baseCount, nodeCount: nodeCount, marked: marked)
        fold.hadCycle = hadCycle
        let anyUndone = standing.anyUndone
        for node in order {
            if Int(node) < baseCount {
                let history = baseHistories[Int(node)]
                fold.foldBase(node: node, history: book.historyIndex[history] ?? 0, before: bases[history] ?? Tally())
            } else {
                let event = events[Int(node) - baseCount]
                fold.foldEvent(event, node: node, stands: !anyUndone || standing.stands(event.group))
            }
        }
        return fold
    }

    /// The addresses the marks of `events` name (the last held at or before each mark).
    private static func markedAddresses(of events: [HistoryEvent], in book: AddressBook) -> [Int32] {
        var marked: [Int32] = []
        for event in events {
            for mark in event.after {
                if let history = book.historyIndex[mark.history], let target = book.address(in: history, upTo: mark.seq) {
                    marked.append(target)
                }
            }
        }
        return marked
    }
}
