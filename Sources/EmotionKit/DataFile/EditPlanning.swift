/// Each kind of edit planned on the counts an update read: the changes an `apply` makes, what an
/// undo or redo takes back or makes again, what an import adds. Nothing is written here.
struct EditPlanning {
    /// The changes to record as the command's events.
    var planned = PlannedEvents()
    /// The counts once the edit is made.
    var tally: Tally
    /// The counts before it.
    let startingTally: Tally
    /// What the update did so far.
    var commit: StoreCommit

    /// Plans `edit` on `tally`, with `reading`'s journal; `sync` for an import, a union by id.
    ///
    /// - Throws: `TallyError`, `HistoryError`, `ImportError` or `StoreError`: nothing is written.
    init(
        _ edit: StoreEdit, on tally: Tally, commit: StoreCommit, reading: UpdateReading, sync: inout SyncStep, now: Instant
    ) throws {
        self.tally = tally
        startingTally = tally
        self.commit = commit
        switch edit {
        case .sync:
            break
        case let .apply(actions, note, placedAt, tags):
            planned.note = note
            planned.tags = tags
            planned.placedAt = placedAt
            for action in actions {
                if let change = try self.tally.apply(action) { planned.append(action.journalCommand, change) }
            }
        case .undo, .redo, .undoCommand:
            try planRevert(edit, reading)
        case let .import(handOver, _):
            guard let batch = handOver.take() else {
                self.commit.importPlan = ImportPlan(nothingOn: tally)
                return
            }
            let (union, addressed) = try sync.union(batch, journal: reading.journal, end: reading.end)
            try addressed.checkRecorded(notAfter: now, chosen: union.chosen)
            self.commit.importPlan = ImportPlan(union: union, of: addressed, before: tally)
        }
    }

    /// Plans an undo, an undo of a command by id, or a redo.
    private mutating func planRevert(_ edit: StoreEdit, _ reading: UpdateReading) throws {
        guard let journal = reading.journal, reading.state != nil else {
            if case let .undoCommand(prefix) = edit { throw HistoryError.unknownCommand(prefix.description) }
            throw edit.isUndo ? HistoryError.nothingToUndo : HistoryError.nothingToRedo
        }
        let floor = try journal.header().end
        switch edit {
        case .undo:
            guard let found = try RevertSearch.forUndo(in: journal, end: reading.end, floor: floor), found.original.first != nil
            else { throw HistoryError.nothingToUndo }
            commit.reverted = found.original
            try planned.reverse(found, by: .undo, on: &tally)
        case let .undoCommand(prefix):
            let (command, found) = try RevertSearch.forCommand(matching: prefix, in: journal, end: reading.end, floor: floor)
            commit.reverted = found.original
            try planned.reverse(found, by: command, on: &tally)
        default:
            switch try RevertSearch.forRedo(in: journal, end: reading.end, floor: floor) {
            case .nothingUndone:
                throw HistoryError.nothingToRedo
            case .allRedone:
                throw HistoryError.everythingRedone
            case let .chainEnded(by: events):
                throw HistoryError.redoChainEnded(
                    command: RevertSearch.commandLine(of: events), at: events.first.map { $0.at.minuteText } ?? "")
            case let .found(found):
                guard found.original.first != nil else { throw HistoryError.nothingToRedo }
                commit.reverted = found.original
                try planned.reverse(found, by: .redo, on: &tally)
            }
        }
    }
}

extension StoreEdit {
    /// Whether it is a plain undo.
    var isUndo: Bool {
        if case .undo = self { return true }
        return false
    }
}
