/// What importing an export made since issue 23 takes in: the file names where each change was made
/// (`history`, `hseq`, `after`), so an import is a union by id with the same meaning as sync. For
/// each other history, its changes the journal lacks that go on with no gap from what it holds of
/// that history are taken in; a change held already is there; one past a gap in its history waits
/// (an export cut by a range), as a sync folder's would; this history's own are there, or were made
/// by a copy of it, and are left out. No merge rule: the model gives the counts.
struct ImportUnion {
    /// The changes to take in, as indices into the batch's `changes`, in the order to append them.
    private(set) var chosen: [Int32] = []
    /// How many of the file's changes the journal holds already.
    private(set) var alreadyThere = 0
    /// How many are left out: past a gap in their history, at a place held by another change, or
    /// this history's own that it does not hold.
    private(set) var leftOut = 0
    /// Changes held here under another address (see `SyncState.aliases`).
    private(set) var aliases: [SyncState.Alias] = []

    /// The union of `batch` with a journal that holds `held` (of each other history up to its
    /// `taken`), this history speaking as `own`.
    ///
    /// - Throws: `ImportError.unlikeHistory` for a change whose id the journal holds for another
    ///   change (`heldEvents`: another command, emotion or amount); `ImportSourceError` if a line
    ///   cannot be read again.
    init(
        _ batch: ImportBatch, own: Set<HistoryID>, held: HeldChanges
    ) throws {
        var reader = ImportBatch.Reader(batch)
        for change in batch.changes {
            guard let found = held.event(change.id) else { continue }
            // Its line read again: only what the union needs of each change is kept.
            let event = try reader.lineEvent(of: change)
            if found.command != event.command || found.emotion != event.emotion
                || (event.command == .tap || event.command == .add) && found.delta != event.new - event.old
                || found.reverts != batch.reverts[change.id]
            {
                throw ImportError.unlikeHistory(line: Int(change.line), id: change.id)
            }
        }
        // Each change by its place in its history, as its index in the batch: the batch may hold 100,000 of them.
        var byHistory: [UInt32: [(place: UInt64, index: Int32)]] = [:]
        for (index, change) in batch.changes.enumerated() where change.history != ImportBatch.unaddressed {
            byHistory[change.history, default: []].append((change.sequence, Int32(index)))
        }
        var chosenIDs: Set<EventID> = []
        var pending = byHistory.mapValues { $0.sorted { $0.place < $1.place }[...] }
        byHistory = [:]
        var expected = held.taken
        let order = pending.keys.sorted { batch.histories[Int($0)] < batch.histories[Int($1)] }
        // Round after round over the histories: an undo or redo waits for the command it names, which
        // another history's changes may bring, so the journal holds every command before its undos.
        var goesOn = true
        while goesOn {
            goesOn = false
            for index in order {
                let history = batch.histories[Int(index)]
                while let (place, member) = pending[index]?.first {
                    let change = batch.changes[Int(member)]
                    if held.holds(change.id) || chosenIDs.contains(change.id) {
                        alreadyThere += 1
                        if !own.contains(history), place == (expected[history] ?? 0) + 1 {
                            let after = try batch.event(of: change, reader: &reader).origin?.after ?? []
                            aliases.append(SyncState.Alias(id: change.id, history: history, sequence: place, after: after))
                            expected[history] = place
                        }
                    } else if own.contains(history) || place != (expected[history] ?? 0) + 1 {
                        leftOut += 1
                    } else if change.isFirst, let target = batch.target(of: change), !held.holds(target), !chosenIDs.contains(target) {
                        break
                    } else {
                        chosen.append(member)
                        chosenIDs.insert(change.id)
                        expected[history] = place
                    }
                    pending[index]?.removeFirst()
                    goesOn = true
                }
            }
        }
        leftOut += pending.values.reduce(0) { $0 + $1.count }
    }
}
