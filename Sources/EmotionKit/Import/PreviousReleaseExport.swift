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
    /// was made already comes back as it is. `held` are the ids this history holds (with what sync
    /// took in just now); `addresses` where it holds those of the file, `heldEvents` the events it
    /// holds under them.
    ///
    /// - Throws: `ImportError.unknownReverts` for an undo or redo whose command is neither in the
    ///   file nor held here, `.revertsNoChange` for one that names its own command.
    static func addressed(
        _ batch: ImportBatch, held: Set<EventID>, addresses: [EventID: HistoryMark], heldEvents: [EventID: HistoryEvent]
    ) throws(ImportError) -> ImportBatch {
        if batch.namesWhereMade { return batch }
        var membersOfGroup: [EventID: Set<EventID>] = [:]
        for command in batch.commands { membersOfGroup[command.events[0].group] = Set(command.events.map(\.id)) }
        for command in batch.commands {
            guard let target = command.events[0].reverts, command.events[0].command.isReverting else { continue }
            if target == command.events[0].group { throw .revertsNoChange(line: command.lines[0], reverts: target) }
            if membersOfGroup[target] == nil, !held.contains(target) { throw .unknownReverts(line: command.lines[0], reverts: target) }
        }
        var history: HistoryID?
        var place: UInt64 = 0
        var seenSince: [HistoryID: UInt64] = [:]
        var commands: [ImportBatch.Command] = []
        for command in inMadeOrder(batch.commands, groups: Set(membersOfGroup.keys)) {
            var events: [JournalEvent] = []
            for (event, line) in zip(command.events, command.lines) {
                var origin: EventOrigin
                var reverts = event.reverts
                if event.origin != nil {
                    events.append(event)
                    continue
                } else if let address = addresses[event.id] {
                    seenSince[address.history] = max(seenSince[address.history] ?? 0, address.seq)
                    origin = EventOrigin(history: address.history, sequence: address.seq)
                    // The previous release named an undo's command by the group it took in, which is
                    // another of that command's changes where its first one changed nothing there.
                    if let mine = heldEvents[event.id]?.reverts, let target = reverts, membersOfGroup[target]?.contains(mine) == true {
                        reverts = mine
                    }
                } else {
                    let named = history ?? HistoryID(event.id)
                    history = named
                    place += 1
                    origin = EventOrigin(history: named, sequence: place, after: seenSince.map { HistoryMark($0.key, $0.value) })
                    seenSince = [:]
                }
                do throws(JournalEventError) {
                    events.append(
                        try event.placed(
                            sequence: 1, old: event.old, new: event.new, group: event.group, eventsInCommand: event.eventsInCommand,
                            reverts: reverts, latest: nil, origin: origin))
                } catch {
                    throw .badLine(line: line, .invalidEvent(error))
                }
            }
            commands.append(ImportBatch.Command(events: events, lines: command.lines))
        }
        return ImportBatch(commands: commands)
    }

    /// `commands` in the batch's order, except that an undo or redo whose command (one of `groups`)
    /// comes later is moved to just after it: where a clock went back, it was still made after it.
    private static func inMadeOrder(_ commands: [ImportBatch.Command], groups: Set<EventID>) -> [ImportBatch.Command] {
        var ordered: [ImportBatch.Command] = []
        var placed: Set<EventID> = []
        var waiting: [EventID: [ImportBatch.Command]] = [:]
        var ready = commands[...]
        var queue: [ImportBatch.Command] = []
        while let command = queue.popLast() ?? ready.popFirst() {
            let first = command.events[0]
            if first.command.isReverting, let target = first.reverts, groups.contains(target), !placed.contains(target) {
                waiting[target, default: []].append(command)
                continue
            }
            ordered.append(command)
            placed.insert(first.group)
            queue += (waiting.removeValue(forKey: first.group) ?? []).reversed()
        }
        // Undos and redos that name each other: left for the union to leave out.
        return ordered + waiting.values.flatMap { $0 }.sorted { $0.lines[0] < $1.lines[0] }
    }
}

extension ImportBatch {
    /// A batch of `commands`, in the order they are to be taken in.
    init(commands: [Command]) {
        self.commands = commands
    }
}
