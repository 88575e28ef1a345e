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
        let before = reading.tally
        var commit = StoreCommit()
        var sync = try SyncStep(edit: edit, state: reading.document.sync, dataFileStatus: reading.original?.status, fileSystem: fileSystem)
        try sync.takeIn(journal: reading.journal, end: reading.end)
        var tally = before
        if sync.needsModel {
            tally = try sync.counts(journal: reading.journal, end: reading.end, appended: sync.arrived)
            commit.arrivedChanges = before.changes(to: tally)
        }
        var plan = try EditPlanning(edit, on: tally, commit: commit, reading: reading, sync: &sync, now: clock())
        let imported = plan.commit.importPlan?.changes.isEmpty == false || !sync.arrived.isEmpty
        let needsSaving = reading.state.map { $0.isAheadOfDataFile || $0.tornFrom != nil } ?? false
        guard !plan.planned.isEmpty || imported || needsSaving || sync.needsSaving(journalEnd: reading.end) else {
            plan.commit.sync = sync.report
            return plan.commit
        }
        if let refusal = reading.original?.writeRefusal { throw StoreError.readOnly(refusal) }
        let now = clock()
        let ownership = FileOwnership(keeping: reading.original?.status)
        if !plan.planned.isEmpty || imported, reading.journal == nil {  // `imported` includes what sync took in.
            // A history that synced through the journal it lost cannot start another under the same id.
            if let synced = reading.document.sync, !synced.identities.isEmpty || synced.sent.bytes > 0 {
                throw StoreError.lostSyncedJournal(path: reading.journalName.path, folder: synced.folder)
            }
            let header = JournalHeader(at: try Timestamp(now, in: zone), before: before)
            reading.journal = try JournalFile.create(reading.journalName, header: header, ownership: ownership, fileSystem: fileSystem)
            createdJournal = reading.journalName
            if let journal = reading.journal {
                reading.state = try JournalState(document: nil, journal: journal)
                sync.noteCreated(journal)
            }
        }
        let lines = try appendedLines(&plan, edit, reading, &sync, now: now, firstCreated: createdJournal != nil)
        reading.document.sync = sync.state
        reading.document.tally = plan.tally
        reading.document.journal = lines.position
        let save = try DataFileSave(
            target: target, reading: reading, before: before, lines: lines.bytes, firstJournal: createdJournal != nil,
            ownership: ownership)
        missed = try watchState.withLock { watch throws(StoreError) in
            try save.commit(&reading, sync: &sync, appended: plan.commit.arrived + plan.commit.events, fileSystem: fileSystem) {
                createdJournal = nil
            }
            return MissedByWatcher(&watch, before: before, after: plan.tally, position: lines.position, turn: observers.turns.take())
        }
        plan.commit.sync = sync.report
        return plan.commit
    }

    /// The lines to append, and the journal's position after them: what sync took in and an
    /// import's union first, as they came, then the edit's own events; the counts are the model's
    /// where anything came from elsewhere, or an undo or redo met a synced history.
    private func appendedLines(
        _ plan: inout EditPlanning, _ edit: StoreEdit, _ reading: UpdateReading, _ sync: inout SyncStep, now: Instant,
        firstCreated: Bool
    ) throws -> (bytes: [UInt8], position: JournalPosition?) {
        guard let start = reading.state?.position, let open = reading.journal else { return ([], reading.state?.position) }
        if !firstCreated { try open.checkBeforeAppending(at: start.bytes) }
        var lines: [UInt8] = []
        let isUnion = plan.commit.importPlan?.isUnion == true
        do {
            let placed = try JournalEvent.placing(sync.arrived + (isUnion ? plan.commit.importPlan?.changes ?? [] : []), after: start)
            plan.commit.arrived = Array(placed.prefix(sync.arrived.count))
            sync.dropArrived()
            for event in plan.commit.arrived {
                lines += event.jsonLine.utf8
                lines.append(0x0A)
            }
            let next = JournalPosition(
                sequence: start.sequence + UInt64(plan.commit.arrived.count), bytes: start.bytes + Int64(lines.count),
                latest: max(start.latest, plan.commit.arrived.map(\.latestRecording).max() ?? start.latest))
            if isUnion {
                plan.commit.events = Array(placed.dropFirst(plan.commit.arrived.count))
            } else if let importPlan = plan.commit.importPlan {
                plan.commit.events = try importPlan.events(after: next)
            } else {
                plan.commit.events = try plan.planned.events(after: next, now: now, zone: zone)
            }
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
        if isUnion {
            plan.tally = try sync.counts(journal: open, end: start.bytes, appended: plan.commit.events)
            plan.commit.importPlan?.setCountsAfter(plan.tally)
        } else if sync.needsModel || (reading.document.sync != nil && edit.isRevert) {
            plan.tally = try sync.counts(journal: open, end: start.bytes, appended: plan.commit.events)
        }
        return (lines, position)
    }
}
