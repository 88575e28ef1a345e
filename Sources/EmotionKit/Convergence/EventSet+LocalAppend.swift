extension EventSet {
    /// Takes in a tap, add or reset made here, after everything held: folded in as the last event
    /// in O(1) (amortized; a reset's walk included), no recount. Returns whether it was: otherwise
    /// (an undo or redo, an event not after everything held, a set whose order had a cycle, or one
    /// not counted since the last arrival) it is taken in as `insert` does, and the next question
    /// recounts. The counts are the same either way.
    @discardableResult
    package mutating func appendLocal(_ event: HistoryEvent) -> Bool {
        guard var fold, index.place(of: event.id, in: events) == nil, !event.command.isReverting,
            let history = fold.book.historyIndex[event.history],
            (largestNamed[event.history] ?? 0) < event.seq,
            let plan = fold.planLast(event, history: history)
        else {
            insert(event)
            return false
        }
        self.fold = nil  // So that the fold's arrays are not shared, and grow in place.
        let node = Int32(fold.baseCount + events.count)
        fold.foldLast(event, node: node, history: history, plan: plan, stands: standing.stands(event.group))
        events.append(event)
        index.add(place: Int32(events.count - 1), in: events)
        noteArrival(of: event)
        self.fold = fold
        return true
    }
}
