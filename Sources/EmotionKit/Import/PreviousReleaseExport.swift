/// An export written by the release before issue 23 (lines without `history` and `hseq`), read as
/// the events of the one history that wrote it, so that `import` takes it in as a union by id like
/// an export of this version (`ImportUnion`): no merge rule of its own, the model gives the counts.
///
/// The file's changes are read in the order the exporting history made them: by the time each
/// command was recorded (`recorded`, else `at`), then by line (`ImportBatch`'s order: `export`
/// wrote them by `at`, which puts a backdated tap before a reset it came after), each undo or redo
/// after the command it names. A change this history holds already (by id, whoever made it) stays
/// at its address here. Each change it lacks is an event of the exporting history, named by the
/// first of them (as a history is named by its first event), numbered from 1 in that order, and
/// made after the held changes that came before it in the file (its `after` names their addresses
/// here). So a reset has seen everything before it in the file and nothing after, wherever this
/// history holds it, and an undo or redo keeps the command it names. Imported into a history that
/// holds none of it, the exporting history is named by the file's first change and each change's
/// place is its place in the file.
enum PreviousReleaseExport {
    /// `batch` with every change addressed, for `ImportUnion`; a batch that names where each change
    /// was made already comes back as it is. `held` is what this history holds (with what sync
    /// took in just now) and where.
    ///
    /// - Throws: `ImportError.unknownReverts` for an undo or redo whose command is neither in the
    ///   file nor held here, `.revertsNoChange` for one that names its own command.
    static func addressed(
        _ batch: ImportBatch, held: HeldChanges
    ) throws(ImportError) -> ImportBatch {
        if batch.namesWhereMade { return batch }
        var groupOf: [EventID: EventID] = [:]  // Each change's command, by its id.
        for index in 0..<batch.commandCount {
            let range = batch.command(index)
            for change in batch.changes[range] { groupOf[change.id] = batch.changes[range.lowerBound].id }
        }
        for index in 0..<batch.commandCount {
            let first = batch.changes[batch.command(index).lowerBound]
            guard let target = batch.target(of: first) else { continue }
            if target == first.id { throw .revertsNoChange(line: Int(first.line), reverts: target) }
            if groupOf[target] != target, !held.holds(target) { throw .unknownReverts(line: Int(first.line), reverts: target) }
        }
        var addressed = batch
        var history: UInt32?
        var place: UInt64 = 0
        var seenSince: [HistoryID: UInt64] = [:]
        var changes: [ImportBatch.Change] = []
        changes.reserveCapacity(batch.changes.count)
        var ends: [Int] = []
        var recordedTimes: [Int64] = []
        for index in inMadeOrder(batch, groupOf: groupOf) {
            for var change in batch.changes[batch.command(index)] {
                defer { changes.append(change) }
                if change.history != ImportBatch.unaddressed {
                    continue
                } else if let address = held.address(of: change.id) {
                    seenSince[address.history] = max(seenSince[address.history] ?? 0, address.seq)
                    change.history = addressed.index(of: address.history)
                    change.sequence = address.seq
                    // The previous release named an undo's command by the group it took in, which is
                    // another of that command's changes where its first one changed nothing there.
                    if let mine = held.event(change.id)?.reverts, let target = batch.target(of: change), groupOf[mine] == target {
                        addressed.reverts[change.id] = mine
                    }
                } else {
                    let named = history ?? addressed.index(of: HistoryID(change.id))
                    history = named
                    place += 1
                    change.history = named
                    change.sequence = place
                    if !seenSince.isEmpty { addressed.afters[change.id] = seenSince.map { HistoryMark($0.key, $0.value) } }
                    seenSince = [:]
                }
            }
            ends.append(changes.count)
            recordedTimes.append(batch.recordedTime(of: index))
        }
        return ImportBatch(addressed, changes: changes, ends: ends, recordedTimes: recordedTimes)
    }

    /// The commands of `batch` (by index) in its order, except that an undo or redo whose command
    /// (one of `groupOf`'s) comes later is moved to just after it: where a clock went back, it was still
    /// made after it.
    private static func inMadeOrder(_ batch: ImportBatch, groupOf: [EventID: EventID]) -> [Int] {
        var ordered: [Int] = []
        var placed: Set<EventID> = []
        var waiting: [EventID: [Int]] = [:]
        var ready = (0..<batch.commandCount)[...]
        var queue: [Int] = []
        while let index = queue.popLast() ?? ready.popFirst() {
            let first = batch.changes[batch.command(index).lowerBound]
            if let target = batch.target(of: first), groupOf[target] == target, !placed.contains(target) {
                waiting[target, default: []].append(index)
                continue
            }
            ordered.append(index)
            placed.insert(first.id)
            queue += (waiting.removeValue(forKey: first.id) ?? []).reversed()
        }
        // Undos and redos that name each other: left for the union to leave out.
        return ordered + waiting.values.flatMap { $0 }.sorted { batch.changes[batch.command($0).lowerBound].line < batch.changes[batch.command($1).lowerBound].line }
    }
}

extension ImportBatch {
    /// The index of `history` in `histories`, added if it is not there.
    mutating func index(of history: HistoryID) -> UInt32 {
        if let found = histories.firstIndex(of: history) { return UInt32(found) }
        histories.append(history)
        return UInt32(histories.count - 1)
    }
}
