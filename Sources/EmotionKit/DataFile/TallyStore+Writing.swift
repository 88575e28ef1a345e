extension TallyStore {
    /// Under the lock: reads the data file and the journal, takes in what the sync folder holds,
    /// plans `edit`'s events, commits them to the journal, sends them to the folder and saves the
    /// data file. Records in `createdJournal` a journal it started, for the caller to remove if the
    /// update fails before the commit point.
    func write(
        _ edit: StoreEdit, at target: NameInFolder, missed: inout MissedByWatcher, createdJournal: inout NameInFolder?
    ) throws -> StoreCommit {
        var reading = try UpdateReading(target, fileSystem: fileSystem)
        defer { reading.journal?.close() }
        zone.memory?.offer(reading.document.zoneMemo)
        var sync = try SyncStep(
            edit: edit, state: reading.document.sync, stopped: SyncStep.readsStopped(edit) ? reading.document.stoppedSync : nil,
            dataFileStatus: reading.original?.status, fileSystem: fileSystem)
        var arrivals = ArrivalAppender()
        do {
            return try write(edit, at: target, reading: &reading, sync: &sync, arrivals: &arrivals, missed: &missed, createdJournal: &createdJournal)
        } catch {
            arrivals.cutBack(&reading)  // Lines a sync wrote ahead of a commit point never reached.
            throw error
        }
    }

    /// `write(_:at:missed:createdJournal:)` once the data file and journal are read: a sync (`.sync`)
    /// writes what it takes in ahead of the commit point a chunk at a time (see `ArrivalAppender`),
    /// any other edit places it with its own lines.
    private func write(
        _ edit: StoreEdit, at target: NameInFolder, reading: inout UpdateReading, sync: inout SyncStep, arrivals: inout ArrivalAppender,
        missed: inout MissedByWatcher, createdJournal: inout NameInFolder?
    ) throws -> StoreCommit {
        let before = reading.tally
        var commit = StoreCommit()
        try takeIn(for: edit, at: target, reading: &reading, sync: &sync, arrivals: &arrivals, createdJournal: &createdJournal)
        var tally = before
        if sync.needsModel {
            tally = try sync.counts(journal: reading.journal, end: reading.end, appended: sync.arrived)
            commit.arrivedChanges = before.changes(to: tally)
        }
        var plan = try EditPlanning(edit, on: tally, commit: commit, reading: reading, sync: &sync, now: clock())
        if case let .import(_, keepingEvents) = edit {
            let time = try Timestamp(clock(), in: zone)
            try writeUnionAhead(&plan, keepingEvents: keepingEvents, reading: &reading, sync: &sync, arrivals: &arrivals) { reading throws(StoreError) in
                try readyJournalForArrivals(&reading, target: target, before: before, at: time, createdJournal: &createdJournal)
            }
        }
        let imported = (plan.commit.importPlan?.changeCount ?? 0) > 0 || sync.hasArrivals
        let needsSaving = reading.state.map { $0.isAheadOfDataFile || $0.tornFrom != nil } ?? false
        guard !plan.planned.isEmpty || imported || needsSaving || sync.needsSaving(journalEnd: reading.end) else {
            plan.commit.sync = sync.report
            return plan.commit
        }
        if let refusal = reading.original?.writeRefusal { throw StoreError.readOnly(refusal) }
        let now = clock()
        let ownership = FileOwnership(keeping: reading.original?.status)
        if !plan.planned.isEmpty || imported, reading.journal == nil {  // `imported` includes what sync took in.
            try startJournal(&reading, sync: &sync, before: before, at: now, ownership: ownership, createdJournal: &createdJournal)
        }
        let lines = try appendedLines(&plan, edit, reading, &sync, now: now, firstCreated: createdJournal != nil)
        reading.document.sync = sync.state
        if SyncStep.readsStopped(edit) { reading.document.stoppedSync = sync.stopped }
        reading.document.tally = plan.tally
        reading.document.journal = lines.position
        if let memory = zone.memory { reading.document.zoneMemo = memory.memo(keeping: reading.document.zoneMemo, at: now) }
        let save = try DataFileSave(
            target: target, reading: reading, before: before, lines: lines.bytes, firstJournal: createdJournal != nil,
            ownership: ownership, arrivalsFrom: arrivals.start)
        missed = try watchState.withLock { watch throws(StoreError) in
            let appended = plan.commit.arrived.isEmpty ? plan.commit.events : plan.commit.arrived + plan.commit.events
            try save.commit(&reading, sync: &sync, appended: appended, fileSystem: fileSystem) {
                createdJournal = nil
                arrivals.passedCommitPoint()
            }
            return MissedByWatcher(&watch, before: before, after: plan.tally, position: lines.position, turn: observers.turns.take())
        }
        plan.commit.sync = sync.report
        return plan.commit
    }

    /// Takes in what the sync folder holds before `edit` is planned: a sync writes it ahead of its
    /// commit point a chunk at a time (see `ArrivalAppender`), any other edit keeps it to place with
    /// its own lines.
    @inline(never)
    private func takeIn(
        for edit: StoreEdit, at target: NameInFolder, reading: inout UpdateReading, sync: inout SyncStep,
        arrivals: inout ArrivalAppender, createdJournal: inout NameInFolder?
    ) throws {
        guard case .sync = edit else {
            try sync.takeIn(journal: reading.journal, end: reading.end)
            return
        }
        let before = reading.tally
        let time = try Timestamp(clock(), in: zone)
        if reading.journal == nil, sync.state != nil { try TallyStore.refuseLostSyncedJournal(reading, setting: sync.state) }
        try sync.takeIn(journal: reading.journal, end: reading.end) { events throws(StoreError) in
            try arrivals.append(&events, to: &reading) { reading throws(StoreError) in
                try readyJournalForArrivals(&reading, target: target, before: before, at: time, createdJournal: &createdJournal)
            }
        }
        arrivals.finish()
    }

    /// Refuses to make the journal again for a history that synced through the one it lost: `state`
    /// is the folder state this update sets, which reads everything again when set after a stop.
    ///
    /// - Throws: `StoreError.lostSyncedJournal`: a new journal would number this history's changes
    ///   from 1 again under the same id, and take in again what its counts from before hold.
    static func refuseLostSyncedJournal(_ reading: UpdateReading, setting state: SyncState?) throws(StoreError) {
        let resumed = state.flatMap { _ in reading.document.stoppedSync }
        for case let synced? in [reading.document.sync, resumed, state] where SyncState.hasSynced(synced) {
            throw .lostSyncedJournal(path: reading.journalName.path, folder: state?.folder ?? synced.folder)
        }
    }

    /// Refuses a new journal as `refuseLostSyncedJournal` does, else marks a stopped state that synced
    /// through the journal lost (`SyncState.journalMadeAgainInode`): its counts from before hold what
    /// it synced, so setting a folder again is refused, whatever that folder holds.
    ///
    /// - Throws: `StoreError.lostSyncedJournal`.
    static func readyForNewJournal(_ reading: inout UpdateReading, setting state: SyncState?) throws(StoreError) {
        try refuseLostSyncedJournal(reading, setting: state)
        if var stopped = reading.document.stoppedSync, SyncState.hasSynced(stopped) {
            stopped.journalInode = SyncState.journalMadeAgainInode
            reading.document.stoppedSync = stopped
        }
    }

    /// Starts the journal for the first change, its header holding `before`: recorded in
    /// `createdJournal`, for the caller to remove if the update fails before the commit point.
    ///
    /// - Throws: `StoreError.lostSyncedJournal` for a history that synced through a journal it lost:
    ///   another would number its changes from 1 again under the same id.
    @inline(never)
    private func startJournal(
        _ reading: inout UpdateReading, sync: inout SyncStep, before: Tally, at now: Instant, ownership: FileOwnership,
        createdJournal: inout NameInFolder?
    ) throws {
        try TallyStore.readyForNewJournal(&reading, setting: sync.state)
        let header = JournalHeader(at: try Timestamp(now, in: zone), before: before)
        reading.journal = try JournalFile.create(reading.journalName, header: header, ownership: ownership, fileSystem: fileSystem)
        createdJournal = reading.journalName
        if let journal = reading.journal {
            reading.state = try JournalState(document: nil, journal: journal)
            sync.noteCreated(journal)
        }
    }

    /// The lines to append, and the journal's position after them: what sync took in and an
    /// import's union first, as they came, then the edit's own events; the counts are the model's
    /// where anything came from elsewhere, or an undo or redo met a synced history.
    private func appendedLines(
        _ plan: inout EditPlanning, _ edit: StoreEdit, _ reading: UpdateReading, _ sync: inout SyncStep, now: Instant,
        firstCreated: Bool
    ) throws -> (bytes: [UInt8], position: JournalPosition?) {
        guard let start = reading.state?.position, let open = reading.journal else { return ([], reading.state?.position) }
        if !firstCreated, !reading.journalIsAsSaved(open, endingAt: start.bytes) { try open.checkBeforeAppending(at: start.bytes) }
        if plan.commit.importPlan != nil {
            // An import: what sync took in and the union were written ahead and taken into the model
            // (`writeUnionAhead`), counted here.
            plan.tally = try sync.counts(journal: open, end: start.bytes, appended: [])
            plan.commit.importPlan?.setCountsAfter(plan.tally)
            return ([], start)
        }
        var lines: [UInt8] = []
        lines.reserveCapacity(sync.arrived.count * 256)  // Room never used costs nothing.
        var placer = JournalPlacer(after: start)
        do {
            plan.commit.arrived = try TallyStore.place(sync.arrived, with: &placer, into: &lines)
            sync.dropArrived()
            plan.commit.events = try plan.planned.events(after: placer.position, now: now, zone: zone)
        } catch let problem as JournalProblem {
            throw StoreError.unreadableJournal(path: reading.journalName.path, problem)
        }
        for event in plan.commit.events {
            lines += event.jsonLine.utf8
            lines.append(0x0A)
        }
        let latest = max(
            plan.commit.arrived.lazy.map(\.latestRecording).max() ?? start.latest,
            plan.commit.events.lazy.map(\.latestRecording).max() ?? start.latest)
        let position = JournalPosition(
            sequence: start.sequence + UInt64(plan.commit.arrived.count + plan.commit.events.count),
            bytes: start.bytes + Int64(lines.count), latest: max(start.latest, latest))
        if sync.needsModel || edit.isRevert {
            // What an undo or redo restores is the model's, in every history: the same events give the
            // same counts whether the history syncs or not (an undo of a tap a later reset cleared
            // changes no count; reversing its recorded amount would).
            plan.tally = try sync.counts(journal: open, end: start.bytes, appended: plan.commit.events)
        }
        if edit.isRevert {
            // In the order its events come (an undo goes last first), then any other emotion the model moved.
            let order = plan.commit.events.map(\.emotion)
            let place = { (change: Change) in order.firstIndex(of: change.emotion) ?? order.count }
            plan.commit.countedChanges = plan.startingTally.changes(to: plan.tally).enumerated()
                .sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }.map(\.element)
        }
        return (lines, position)
    }

    /// `changes`, made elsewhere, placed after what `placer` placed, their lines added to `lines`.
    private static func place(
        _ changes: [JournalEvent], with placer: inout JournalPlacer, into lines: inout [UInt8]
    ) throws(JournalProblem) -> [JournalEvent] {
        var placed: [JournalEvent] = []
        placed.reserveCapacity(changes.count)
        for change in changes {
            let (event, line) = try placer.place(change)
            placed.append(event)
            lines += line.utf8
            lines.append(0x0A)
        }
        return placed
    }
}
