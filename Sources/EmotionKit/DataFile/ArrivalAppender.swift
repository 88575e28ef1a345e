/// Writes what a sync takes in to the journal a chunk at a time, ahead of the update's own lines and
/// its commit point, so that the update never holds all of them, or all their lines, at once.
///
/// Whole commands written ahead of the commit point are what a torn append leaves: should the process
/// stop before the commit point, the next reader rolls them forward as taken in, and the next sync,
/// whose read cursors were not saved, reads them again and passes over the ids held (see
/// `FileIntake`): nothing is lost, nothing taken in twice. An update that fails before its commit
/// point cuts them off again (`cutBack`).
struct ArrivalAppender {
    /// Where the journal ended before the first chunk; `nil` until one was written.
    private(set) var start: JournalPosition?
    /// Whether the data file was saved durably at `start` before the first chunk (see `DataFileSave`).
    private(set) var anchored = false
    private var placer: JournalPlacer?
    /// Whether the update passed its commit point: nothing is cut back then.
    private var committed = false

    /// Places `events` after what was written so far, turning each into the event as the journal
    /// keeps it, and writes their lines to `reading`'s journal, unflushed; `ready` readies the
    /// journal before the first chunk (see `TallyStore.readyJournalForArrivals`) and says whether it
    /// saved the data file at its end.
    mutating func append(
        _ events: inout [JournalEvent], to reading: inout UpdateReading, ready: (inout UpdateReading) throws(StoreError) -> Bool
    ) throws(StoreError) {
        if start == nil {
            anchored = try ready(&reading)
            guard let position = reading.state?.position else { return }
            start = position
            placer = JournalPlacer(after: position)
        }
        guard var placer, var journal = reading.journal else { return }
        self.placer = nil  // Not shared while it changes: its block's set of commands would be copied.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * 256)  // More than most lines take: room never used costs nothing.
        do throws(JournalProblem) {
            for index in events.indices {
                let placed = try placer.place(events[index])
                events[index] = placed.event
                bytes += placed.line.utf8
                bytes.append(0x0A)
            }
        } catch {
            throw .unreadableJournal(path: reading.journalName.path, error)
        }
        try journal.write(bytes)
        reading.journal = journal
        reading.state?.position = placer.position
        self.placer = placer
    }

    /// Lets go of what placing needed (the block's commands), once nothing more arrives: counting
    /// the events needs the room.
    mutating func finish() {
        placer = nil
    }

    /// Notes that the update passed its commit point.
    mutating func passedCommitPoint() {
        committed = true
    }

    /// Cuts what was written off `reading`'s journal again, for an update that failed before its
    /// commit point; a cut that fails leaves whole commands, which the next reader rolls forward.
    func cutBack(_ reading: inout UpdateReading) {
        guard !committed, let start, var journal = reading.journal else { return }
        try? journal.truncate(to: start.bytes)
        reading.journal = journal
        reading.state?.position = start
    }
}
