/// How an import writes what it takes in: ahead of its commit point, a chunk of whole commands at a time.
extension TallyStore {
    /// About how many changes are placed and written at once: enough that the writes cost little, few
    /// enough that their lines take little room.
    static let importChunk = 1_000

    /// Places what sync took in, then `plan`'s union (an import's), and writes their lines to the
    /// journal a chunk of whole commands at a time ahead of the commit point (see `ArrivalAppender`;
    /// `ready` readies the journal before the first), so that their lines are never held all at once.
    /// Leaves the placed events in `plan.commit` (`arrived`, `events`); the union's changes are placed
    /// where they are, so `plan`'s import plan holds them placed too.
    ///
    /// Should the process stop before the commit point, the whole commands written are rolled forward
    /// by the next reader, and importing the file again passes over the ids held: nothing is lost,
    /// nothing taken in twice. An update that fails before its commit point cuts them off again.
    func writeUnionAhead(
        _ plan: inout EditPlanning, reading: inout UpdateReading, sync: inout SyncStep, arrivals: inout ArrivalAppender,
        ready: (inout UpdateReading) throws(StoreError) -> Bool
    ) throws(StoreError) {
        var arrived = sync.arrived
        sync.dropArrived()
        if !arrived.isEmpty { try arrivals.append(&arrived, to: &reading, ready: ready) }
        plan.commit.arrived = arrived
        try plan.commit.importPlan?.placeChanges { changes throws(StoreError) in
            var start = changes.startIndex
            while start < changes.endIndex {
                var end = min(start + TallyStore.importChunk, changes.endIndex)
                // A chunk ends where a command starts (its first change, whose id is its group), so that it holds whole commands.
                while end < changes.endIndex, changes[end].id != changes[end].group { end += 1 }
                var chunk = Array(changes[start..<end])
                try arrivals.append(&chunk, to: &reading, ready: ready)
                changes.replaceSubrange(start..<end, with: chunk)  // Placed where they were: the same count.
                start = end
            }
        }
        arrivals.finish()
        plan.commit.events = plan.commit.importPlan?.changes ?? []  // The same array, not a copy.
    }
}
