/// What importing an export made since issue 23 takes in: the file names where each change was made
/// (`history`, `hseq`, `after`), so an import is a union by id with the same meaning as sync. For
/// each other history, its changes the journal lacks that go on with no gap from what it holds of
/// that history are taken in; a change held already is there; one past a gap in its history waits
/// (an export cut by a range), as a sync folder's would; this history's own are there, or were made
/// by a copy of it, and are left out. No merge rule: the model gives the counts.
struct ImportUnion {
    /// The changes to take in, each with its origin, in the order to append them.
    private(set) var events: [JournalEvent] = []
    /// How many of the file's changes the journal holds already.
    private(set) var alreadyThere = 0
    /// How many are left out: past a gap in their history, at a place held by another change, or
    /// this history's own that it does not hold.
    private(set) var leftOut = 0
    /// Changes held here under another address (see `SyncState.aliases`).
    private(set) var aliases: [SyncState.Alias] = []

    /// The union of `batch` with a journal that holds `held`, and of each other history up to
    /// `taken`, this history speaking as `own`.
    ///
    /// - Throws: `ImportError.unlikeHistory` for a change whose id the journal holds for another
    ///   change (`heldEvents`: another command, emotion or amount).
    init(
        _ batch: ImportBatch, own: Set<HistoryID>, held: Set<EventID>, taken: [HistoryID: UInt64],
        heldEvents: [EventID: HistoryEvent] = [:]
    ) throws(ImportError) {
        for command in batch.commands {
            for (index, event) in command.events.enumerated() {
                if let reason = FileIntake.unkeepable(event) { throw .unkeepable(line: command.lines[index], reason: reason) }
                guard let found = heldEvents[event.id] else { continue }
                if found.command != event.command || found.emotion != event.emotion
                    || (event.command == .tap || event.command == .add) && found.delta != event.delta || found.reverts != event.reverts
                {
                    throw .unlikeHistory(line: command.lines[index], id: event.id)
                }
            }
        }
        // Each change by where it sits in the batch, not copied: the batch may hold 100,000 of them.
        var byHistory: [HistoryID: [(place: UInt64, command: Int, index: Int)]] = [:]
        for (commandIndex, command) in batch.commands.enumerated() {
            for (index, event) in command.events.enumerated() {
                guard let origin = event.origin else { continue }
                byHistory[origin.history, default: []].append((origin.sequence, commandIndex, index))
            }
        }
        var held = held
        var pending = byHistory.mapValues { $0.sorted { $0.place < $1.place }[...] }
        var expected = taken
        // Where each change taken in sits: `events` is then made at its size, not grown (up to twice the room).
        var chosen: [(command: Int, index: Int)] = []
        // Round after round over the histories: an undo or redo waits for the command it names, which
        // another history's changes may bring, so the journal holds every command before its undos.
        var goesOn = true
        while goesOn {
            goesOn = false
            for history in pending.keys.sorted() {
                while let (place, command, index) = pending[history]?.first {
                    let event = batch.commands[command].events[index]
                    if held.contains(event.id) {
                        alreadyThere += 1
                        if !own.contains(history), place == (expected[history] ?? 0) + 1, let origin = event.origin {
                            aliases.append(SyncState.Alias(id: event.id, history: history, sequence: place, after: origin.after))
                            expected[history] = place
                        }
                    } else if own.contains(history) || place != (expected[history] ?? 0) + 1 {
                        leftOut += 1
                    } else if event.id == event.group, let target = event.reverts, !held.contains(target) {
                        break
                    } else {
                        chosen.append((command, index))
                        held.insert(event.id)
                        expected[history] = place
                    }
                    pending[history]?.removeFirst()
                    goesOn = true
                }
            }
        }
        leftOut += pending.values.reduce(0) { $0 + $1.count }
        events = chosen.map { batch.commands[$0.command].events[$0.index] }
    }
}

extension JournalLedger {
    /// The events held whose ids `batch` holds, by id: what a union checks the file's changes against.
    func events(sharedWith batch: ImportBatch) -> [EventID: HistoryEvent] {
        let ids = Set(batch.commands.flatMap { $0.events.map(\.id) })
        var found: [EventID: HistoryEvent] = [:]
        for event in events where ids.contains(event.id) { found[event.id] = event }
        return found
    }
}

extension ImportBatch {
    /// Whether every change names where it was made: an export made since issue 23, imported as a union.
    package var namesWhereMade: Bool {
        !commands.isEmpty && commands.allSatisfy { $0.events.allSatisfy { $0.origin != nil } }
    }
}
