/// What importing a batch into a history does: which commands are new, the counts each of their
/// changes goes from and to here, and the counts after. Worked out under the store's lock (or, for
/// `--dry-run`, on a read), from the ids the journal holds and its counts; nothing is written here.
///
/// A command is new if none of its ids are in the journal, and already there if all are (some but
/// not all is refused: the file is not this history's). Each new change keeps its id, times,
/// command, note and group, and its change, `new - old` from the file, is made on the counts here,
/// in the batch's order: a tap or add adds the same amount; a reset sets the count to zero, and is
/// left out if it is zero already (the command with it, if that was its only change); an undo or
/// redo of a command imported in the same batch takes back or makes again what that command did
/// here (so an undo of a reset restores the count the reset cleared here, not the one it cleared
/// where it was made), and one of a command from the history adds the amount in the file. A count
/// that would go below zero or past the largest refuses the whole import.
package struct ImportPlan: Sendable {
    /// The new changes, in the order they are to be appended, with their counts here; numbered
    /// with sequence 1 until `events(after:)` places them.
    package private(set) var changes: [JournalEvent] = []
    /// How many of the file's changes the journal holds already.
    package private(set) var alreadyThere = 0
    /// How many new changes were left out because they change nothing here (a reset of a zero count).
    package private(set) var leftOut = 0
    /// The counts before.
    package let before: Tally
    /// The counts once the new changes are made.
    package private(set) var after: Tally

    /// Plans importing `batch` into a history that holds the events `known` (their ids), among them
    /// `held`, those of the batch's ids, and the counts `tally`.
    ///
    /// - Throws: `ImportError.partlyPresent`, `.unlikeHistory`, `.unknownReverts` or `.refusedCount`.
    package init(_ batch: ImportBatch, known: Set<EventID>, held: [EventID: JournalEvent] = [:], tally: Tally) throws(ImportError) {
        before = tally
        after = tally
        // Every command of the file, wherever it comes in the order: a history whose clock went back may
        // have recorded an undo before the command it took back.
        let inFile = Set(batch.commands.map { $0.events[0].group })
        // What each new reset did here, by its group (as in the file) and emotion: the change, or 0 if left out.
        var resets: [ResetKey: Int] = [:]
        var renamed: [EventID: EventID] = [:]  // A command whose first change was left out goes by its next one's id.
        for command in batch.commands {
            let present = command.events.filter { known.contains($0.id) }.count
            guard present == 0 else {
                guard present == command.events.count else { throw .partlyPresent(line: command.lines[0]) }
                // Already there only if it is the same change: an id is never given to two.
                for (event, line) in zip(command.events, command.lines) {
                    if let mine = held[event.id], !mine.isSameChange(as: event) { throw .unlikeHistory(line: line, id: event.id) }
                }
                alreadyThere += present
                continue
            }
            let first = command.events[0]
            if let reverts = first.reverts, !known.contains(reverts), !inFile.contains(reverts) {
                throw .unknownReverts(line: command.lines[0], reverts: reverts)
            }
            var kept: [(event: JournalEvent, old: Int, new: Int)] = []
            for (event, line) in zip(command.events, command.lines) {
                let old = after[event.emotion]
                let action: Action
                switch event.command {
                case .reset:
                    action = .reset(event.emotion)
                case .undo, .redo:
                    var amount = event.delta
                    if let reverts = event.reverts, let done = resets[ResetKey(group: reverts, emotion: event.emotion)] {
                        amount = event.command == .undo ? -done : done
                    }
                    action = .add(amount, to: event.emotion)
                case .tap, .add:
                    action = .add(event.delta, to: event.emotion)
                }
                do throws(TallyError) {
                    _ = try after.apply(action)
                } catch {
                    throw .refusedCount(line: line, error)
                }
                let new = after[event.emotion]
                if event.command == .reset { resets[ResetKey(group: first.group, emotion: event.emotion)] = new - old }
                if new == old {
                    leftOut += 1
                    continue
                }
                kept.append((event, old, new))
            }
            guard let head = kept.first else { continue }
            if head.event.id != first.id { renamed[first.group] = head.event.id }
            let group = head.event.id
            let reverts = first.reverts.map { renamed[$0] ?? $0 }
            for (index, item) in kept.enumerated() {
                do throws(JournalEventError) {
                    changes.append(
                        try item.event.placed(
                            sequence: 1, old: item.old, new: item.new, group: group,
                            eventsInCommand: index == 0 && kept.count > 1 ? kept.count : nil, reverts: reverts, latest: nil))
                } catch {
                    // Cannot happen: the values came from an event that was whole, with counts that differ.
                    throw .badLine(line: command.lines[0], .invalidEvent(error))
                }
            }
        }
    }

    /// A reset's change of one emotion, by the command's group as the file has it.
    private struct ResetKey: Hashable {
        let group: EventID
        let emotion: Emotion
    }

    /// How much each emotion's count changes, in `Emotion.allCases` order, leaving out those that do not.
    package var netChanges: [(emotion: Emotion, delta: Int)] {
        // Cannot overflow: both counts are 0 or more.
        Emotion.allCases.compactMap { after[$0] != before[$0] ? ($0, after[$0] - before[$0]) : nil }
    }

    /// The new changes as the journal keeps them after the event at `start`: numbered on from its
    /// sequence, and carrying `latest` where an event before them, here or in the journal, was
    /// recorded later than they were (an import of older changes is the clock going back, as far as
    /// a backward reader can tell).
    ///
    /// - Throws: `ImportError.sequenceAtLimit`.
    package func events(after start: JournalPosition) throws(ImportError) -> [JournalEvent] {
        guard start.sequence < JournalPosition.sequenceLimit - UInt64(changes.count) else { throw .sequenceAtLimit }
        var latest = start.latest
        var events: [JournalEvent] = []
        events.reserveCapacity(changes.count)
        for (index, change) in changes.enumerated() {
            let recorded = change.recordedAt.millisecondsSinceEpoch
            let later = latest > recorded ? try? Timestamp(millisecondsSinceEpoch: latest, offsetSeconds: 0) : nil
            latest = max(latest, recorded)
            do throws(JournalEventError) {
                events.append(
                    try change.placed(
                        sequence: start.sequence + UInt64(index) + 1, old: change.old, new: change.new, group: change.group,
                        eventsInCommand: change.eventsInCommand, reverts: change.reverts, latest: later))
            } catch {
                throw .sequenceAtLimit  // Cannot happen: `change` is an event, and `later` is later than its recording.
            }
        }
        return events
    }
}

extension JournalEvent {
    /// Whether `other`, with this one's id, is the same change: placed at the same time, by the same
    /// command, on the same emotion, with the same note, and for a tap or add by the same amount (an
    /// import makes a reset, undo or redo on the counts where it lands, so its amount may differ).
    fileprivate func isSameChange(as other: JournalEvent) -> Bool {
        at == other.at && command == other.command && emotion == other.emotion && note == other.note
            && (command == .reset || command.isReverting || delta == other.delta)
    }
}
