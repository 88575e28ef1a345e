/// The tally kept in a JSON data file, safe to share between processes, and observable.
///
/// Every update is a locked read-modify-write with a write-ahead journal: take an exclusive `flock`
/// on `<file>.lock`; read the data file and roll forward whatever the journal `<file>.journal` holds
/// past the position the data file records; apply the command; append its events to the journal
/// and flush them with `fdatasync` (the commit point); then write the data file under a temporary
/// name and `rename` it into place, with no `fsync` of its own: after a power cut the journal makes it
/// again. Release the lock. Processes never lose each other's updates, and readers, which take no
/// lock, see a whole data file and roll the journal forward as writers do. Reading never creates
/// anything; the first update creates the folder (mode 0700), the journal and the file (mode 0600);
/// later updates keep the file's permissions and owner, and remove temporary files left by killed
/// processes. A data file that cannot be read as ours, that has a newer version, or that we may not
/// write is never overwritten.
///
/// Observers hear of the changes this store makes; while the store is watching (`watch()`), they
/// also hear of those other processes make.
///
/// The store is the transaction; its parts, each testable alone, are `DataFileLocator` (the path
/// and its folders), `LockFile`, `DataFileReader`, and `AtomicReplace` with `FileOwnership`.
public final class TallyStore: Sendable {
    /// The data file's path.
    public let path: String
    /// How long an update waits for another process's lock before it gives up.
    public let lockTimeout: Duration
    let fileSystem: FileSystem
    /// The clock the history's times come from.
    let clock: @Sendable () -> Instant
    /// The time zone whose offset each event records.
    let zone: TimeZoneRules
    let observers = ObserverRegistry()
    /// Told each warning a sync met on the way (a folder missing, a file refused from a line on, a
    /// copy of this history found): the change stands, and the next sync tries again.
    let syncWarnings: @Sendable (String) -> Void
    /// While watching: the watcher, and the counts observers were last told. Every commit happens
    /// under this lock, so that a change this store makes is never also found by the watcher.
    let watchState = SharedWatchState()

    /// A store for the data file at `path`; `syncWarnings` is told each warning a sync met as a change
    /// was made (see `sync(_:)`).
    public convenience init(
        path: String, lockTimeout: Duration = .seconds(10), syncWarnings: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(path: path, lockTimeout: lockTimeout, fileSystem: .live, syncWarnings: syncWarnings)
    }

    /// A store for the data file at `path` that goes through `fileSystem`, reads the time from `clock`
    /// and offsets from `zone`: tests replace them.
    package init(
        path: String, lockTimeout: Duration = .seconds(10), fileSystem: FileSystem,
        clock: @escaping @Sendable () -> Instant = { Instant.now }, zone: TimeZoneRules = .system,
        syncWarnings: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.syncWarnings = syncWarnings
        self.path = path
        self.lockTimeout = lockTimeout
        self.fileSystem = fileSystem
        self.clock = clock
        self.zone = zone
    }

    /// The current counts, the journal rolled forward; all zero if the data file does not exist yet.
    ///
    /// - Throws: `StoreError.unreadableDataFile`, `.unreadableJournal` or `.inputOutput`.
    public func read() throws(StoreError) -> Tally {
        try readIfPresent()?.tally ?? Tally()
    }

    /// The current document, the journal rolled forward, or `nil` if there is neither data file nor journal.
    func readIfPresent() throws(StoreError) -> TallyDocument? {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        return try withJournal(at: destination) { document, _ throws(StoreError) in document }
    }

    /// Hands `body` the current document (the journal rolled forward, or made from the journal if the
    /// data file was lost) and the open journal, if any; `nil` and `nil` if there is neither. Takes no lock.
    func withJournal<Result>(
        at destination: PathWalk.Destination,
        _ body: (TallyDocument?, (file: JournalFile, state: JournalState)?) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let snapshot: DataFileSnapshot?
        if destination.status != nil {
            let dataFile = NameInFolder(folder: destination.folder, name: destination.name)
            snapshot = try DataFileReader(fileSystem: fileSystem).read(dataFile, forWriting: false)
        } else {
            snapshot = nil
        }
        guard let journalName = journalName(at: destination),
            let journal = try JournalFile.open(
                journalName, forWriting: false, owner: snapshot?.status?.owner ?? Syscall.effectiveUser, fileSystem: fileSystem)
        else {
            if let problem = snapshot?.lostToPowerCut {
                throw .unreadableDataFile(path: NameInFolder(folder: destination.folder, name: destination.name).path, problem)
            }
            return try body(snapshot?.document, nil)
        }
        defer { journal.close() }
        let lost = snapshot == nil || snapshot?.lostToPowerCut != nil
        var state = try JournalState(document: lost ? nil : snapshot?.document, journal: journal)
        var document = lost ? TallyDocument() : snapshot?.document ?? TallyDocument()
        if state.rolledForwardArrivals {
            state.tally = try JournalLedger(journal: journal, to: state.position.bytes, identities: document.sync?.identities ?? []).counts(aliases: document.sync?.aliases ?? [])
        }
        document.tally = state.tally
        document.journal = state.position
        return try body(document, (journal, state))
    }

    /// Applies `actions` in order, all or none, and saves the result; returns the changes made.
    ///
    /// Observers hear of each change after the file is saved and the lock released, on this
    /// thread; they hear nothing if anything fails. No-op actions (adding zero, resetting a
    /// zero) make no change, and if nothing changes the file is not written; nor is anything
    /// created (folder, lock file) if the data file does not exist yet.
    ///
    /// - Throws: `TallyError` if an action is refused; `StoreError` if the file cannot be read,
    ///   locked, created or saved, or may not be used safely. Either way nothing was changed:
    ///   a folder or lock file made for a first save that failed is removed again.
    @discardableResult
    public func apply(_ actions: [Action]) throws -> [Change] {
        try commit(.apply(actions, note: nil, placedAt: nil)).changes
    }

    /// Applies one action; see `apply(_:)`.
    @discardableResult
    public func apply(_ action: Action) throws -> [Change] {
        try apply([action])
    }

    /// Makes one update (see `StoreEdit`) and returns what it recorded.
    ///
    /// - Throws: `TallyError`, `HistoryError` or `StoreError`; nothing was changed.
    package func commit(_ edit: StoreEdit) throws -> StoreCommit {
        if case let .apply(actions, note, placedAt) = edit {
            if let note {
                do {
                    try JournalEvent.check(note: note)
                } catch {
                    throw HistoryError.badNote(error.description)
                }
            }
            if let placedAt {
                let now = clock()
                if placedAt > now {
                    throw HistoryError.placedInFuture(
                        at: try Timestamp(placedAt, in: zone).rfc3339, now: try Timestamp(now, in: zone).rfc3339)
                }
            }
            _ = actions
        }
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: true)
        defer { fileSystem.close(destination.folder) }
        if destination.status == nil, case let .apply(actions, _, _) = edit {
            // No data file yet: if there is no journal either, the counts are all zero. If the actions
            // change nothing from there, that is their result, and no folder, lock or file needs creating.
            var empty = Tally()
            if try empty.apply(actions).isEmpty, try !journalExists(at: destination) { return StoreCommit() }
        }
        if destination.status == nil, case let .import(batch) = edit, try !journalExists(at: destination) {
            // Likewise for an import that adds nothing to an empty history: it has nothing to create.
            let plan = try ImportPlan(batch, tally: Tally())
            if plan.changes.isEmpty {
                var commit = StoreCommit()
                commit.importPlan = plan
                return commit
            }
        }
        return try update(destination, edit)
    }

    /// The journal's name beside the data file `destination` names; `nil` where a folder on the way is
    /// missing, so that neither can exist (the walk stopped in a folder further up, which may hold
    /// another data file's journal of the same name).
    func journalName(at destination: PathWalk.Destination) -> NameInFolder? {
        guard destination.missingFolders.isEmpty else { return nil }
        return NameInFolder(folder: destination.folder, name: JournalFile.name(besideDataFile: destination.name))
    }

    /// Whether there is a journal beside the data file `destination` names.
    private func journalExists(at destination: PathWalk.Destination) throws(StoreError) -> Bool {
        guard let journalName = journalName(at: destination),
            let journal = try JournalFile.open(journalName, forWriting: false, owner: nil, fileSystem: fileSystem)
        else { return false }
        journal.close()
        return true
    }

    /// The locked update of `commit(_:)`, for the data file the walk found at `destination`:
    /// whatever it made for a first save (folders, lock file) is removed again if nothing is saved.
    private func update(_ destination: PathWalk.Destination, _ edit: StoreEdit) throws -> StoreCommit {
        let locator = DataFileLocator(fileSystem: fileSystem)
        var made = DataFileLocator.MadeFolders()
        defer { made.close(with: fileSystem) }
        let folder = try locator.makeFolders(destination, recording: &made)
        let target = NameInFolder(folder: folder, name: destination.name)
        var commit = StoreCommit()
        var missed = MissedByWatcher()
        do {
            let lockMode = FileOwnership.lockPermissions(besideDataFile: destination.status)
            let lock = try LockFile.take(for: target, mode: lockMode, timeout: lockTimeout, fileSystem: fileSystem)
            defer { lock.release() }
            var createdJournal: NameInFolder?
            do {
                commit = try write(edit, at: target, missed: &missed, createdJournal: &createdJournal)
            } catch {
                // Still under the lock, so that no other process is between the lock and the save.
                if let createdJournal { try? fileSystem.removeAt(createdJournal.folder, createdJournal.name, false) }
                if lock.isNew { lock.remove() }
                locator.removeUnused(&made, besides: target)
                throw error
            }
        } catch {
            locator.removeUnused(&made, besides: target)
            throw error
        }
        if case .sync = edit {} else { for warning in commit.sync?.warnings ?? [] { syncWarnings(warning) } }
        guard let turn = missed.turn else { return commit }
        observers.turns.tell(turn) {
            if let initial = missed.initial { observers.tellInitial(initial) }
            observers.notify(missed.changes, events: missed.events)
            observers.notify(commit.arrivedChanges, events: [], fromElsewhere: true)
            observers.notify(commit.events)
        }
        return commit
    }

    /// Under the lock: reads the data file and the journal, makes `edit`'s events, commits them to
    /// the journal and saves the data file. Records in `createdJournal` a journal it started, for
    /// the caller to remove if the update fails before the commit point.
    private func write(
        _ edit: StoreEdit, at target: NameInFolder, missed: inout MissedByWatcher, createdJournal: inout NameInFolder?
    ) throws -> StoreCommit {
        let original = try DataFileReader(fileSystem: fileSystem).read(target, forWriting: true)
        let journalName = NameInFolder(folder: target.folder, name: JournalFile.name(besideDataFile: target.name))
        var journal = try JournalFile.open(journalName, forWriting: true, owner: original?.status?.owner ?? Syscall.effectiveUser, fileSystem: fileSystem)
        defer { journal?.close() }
        let lost = original == nil || original?.lostToPowerCut != nil
        var document = lost ? TallyDocument() : original?.document ?? TallyDocument()
        var state: JournalState?
        if let journal {
            state = try JournalState(document: lost ? nil : original?.document, journal: journal)
            if state?.rolledForwardArrivals == true, let end = state?.position.bytes {
                state?.tally = try JournalLedger(journal: journal, to: end, identities: document.sync?.identities ?? []).counts(aliases: document.sync?.aliases ?? [])
            }
        } else if let problem = original?.lostToPowerCut {
            throw StoreError.unreadableDataFile(path: target.path, problem)
        }
        let before = state?.tally ?? document.tally
        var tally = before
        var planned = PlannedEvents()
        var commit = StoreCommit()
        var sync = try SyncStep(edit: edit, state: document.sync, dataFileStatus: original?.status, fileSystem: fileSystem)
        try sync.takeIn(journal: journal, end: state?.position.bytes ?? 0)
        if sync.needsModel {
            tally = try sync.counts(journal: journal, end: state?.position.bytes ?? 0, appended: sync.arrived)
            commit.arrivedChanges = before.changes(to: tally)
        }
        switch edit {
        case .sync:
            break
        case let .apply(actions, note, placedAt):
            planned.note = note
            planned.placedAt = placedAt
            for action in actions {
                if let change = try tally.apply(action) { planned.append(action.journalCommand, change) }
            }
        case .undo:
            guard let journal, let state, let found = try RevertSearch.forUndo(
                in: journal, end: state.position.bytes, floor: try journal.header().end),
                found.original.first != nil
            else { throw HistoryError.nothingToUndo }
            commit.reverted = found.original
            try planned.reverse(found, by: .undo, on: &tally)
        case let .undoCommand(prefix):
            guard let journal, let state else { throw HistoryError.unknownCommand(prefix.description) }
            let (command, found) = try RevertSearch.forCommand(
                matching: prefix, in: journal, end: state.position.bytes, floor: try journal.header().end)
            commit.reverted = found.original
            try planned.reverse(found, by: command, on: &tally)
        case .redo:
            guard let journal, let state else { throw HistoryError.nothingToRedo }
            switch try RevertSearch.forRedo(in: journal, end: state.position.bytes, floor: try journal.header().end) {
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
        case let .import(batch) where batch.namesWhereMade:
            let union = try sync.union(batch, journal: journal, end: state?.position.bytes ?? 0)
            try batch.checkRecorded(notAfter: clock(), holding: ImportHistory())
            commit.importPlan = ImportPlan(union: union, before: tally)
        case let .import(batch):
            var history = ImportHistory()
            if let journal, let state { history = try journal.importHistory(for: batch, from: try journal.header().end, to: state.position.bytes) }
            // What sync took in just now is held too, though not in the journal yet: never added twice.
            var collecting: EventID?
            for event in sync.arrived { history.note(event, in: ImportHistory.Scope(batch), collecting: &collecting) }
            try batch.checkRecorded(notAfter: clock(), holding: history)
            let plan = try ImportPlan(batch, history: history, tally: tally)
            tally = plan.after
            commit.importPlan = plan
        }
        let imported = commit.importPlan?.changes.isEmpty == false || !sync.arrived.isEmpty
        let needsSaving = state.map { $0.isAheadOfDataFile || $0.tornFrom != nil } ?? false
        guard !planned.isEmpty || imported || needsSaving || sync.needsSaving(journalEnd: state?.position.bytes ?? 0) else {
            commit.sync = sync.report
            return commit
        }
        if let refusal = original?.writeRefusal { throw StoreError.readOnly(refusal) }

        let now = clock()
        let ownership = FileOwnership(keeping: original?.status)
        if !planned.isEmpty || imported, journal == nil {  // `imported` includes what sync took in.
            let header = JournalHeader(at: try Timestamp(now, in: zone), before: before)
            journal = try JournalFile.create(journalName, header: header, ownership: ownership, fileSystem: fileSystem)
            createdJournal = journalName
            if let journal {
                state = try JournalState(document: nil, journal: journal)
            }
        }
        var position = state?.position
        var lines: [UInt8] = []
        if let start = position, let open = journal {
            if createdJournal == nil { try open.checkBeforeAppending(at: start.bytes) }
            do {
                let unionChanges = commit.importPlan?.isUnion == true ? commit.importPlan?.changes ?? [] : []
                let placed = try JournalEvent.placing(sync.arrived + unionChanges, after: start)
                commit.arrived = Array(placed.prefix(sync.arrived.count))
                for event in commit.arrived {
                    lines += event.jsonLine.utf8
                    lines.append(0x0A)
                }
                let next = JournalPosition(
                    sequence: start.sequence + UInt64(commit.arrived.count), bytes: start.bytes + Int64(lines.count),
                    latest: max(start.latest, commit.arrived.map(\.latestRecording).max() ?? start.latest))
                if commit.importPlan?.isUnion == true {
                    commit.events = Array(placed.dropFirst(sync.arrived.count))
                } else if let plan = commit.importPlan {
                    commit.events = try plan.events(after: next)
                } else {
                    commit.events = try planned.events(after: next, now: now, zone: zone)
                }
            } catch let problem as JournalProblem {
                throw StoreError.unreadableJournal(path: journalName.path, problem)
            }
            for event in commit.events {
                lines += event.jsonLine.utf8
                lines.append(0x0A)
            }
            let all = commit.arrived + commit.events
            position = JournalPosition(
                sequence: start.sequence + UInt64(all.count), bytes: start.bytes + Int64(lines.count),
                latest: max(start.latest, all.map(\.latestRecording).max() ?? start.latest))
            if commit.importPlan?.isUnion == true {
                tally = try sync.counts(journal: open, end: start.bytes, appended: commit.events)
                commit.importPlan?.setCountsAfter(tally)
            } else if sync.needsModel || (document.sync != nil && edit.isRevert) {
                tally = try sync.counts(journal: open, end: start.bytes, appended: commit.events)
            }
        }
        document.sync = sync.state
        document.tally = tally
        document.journal = position
        var bytes = document.serialized()
        guard bytes.count <= TallyDocument.sizeLimit else {
            throw StoreError.tooLargeToSave(path: target.path, size: bytes.count, limit: TallyDocument.sizeLimit)
        }
        // A data file with no position takes the journal from its last whole command on (see
        // `JournalState`), and one whose position was into a journal since removed points nowhere:
        // were it still on disk after a power cut, lines committed from now on would be lost. So it is
        // first saved, durably, at the position they follow; every later save of it, with a position,
        // needs no flush.
        var anchor: [UInt8]?
        if let original, original.lostToPowerCut == nil, original.document.journal == nil || createdJournal != nil,
            let start = state?.position
        {
            var anchored = document
            anchored.tally = before
            anchored.journal = start
            anchor = lines.isEmpty ? bytes : anchored.serialized()
        }
        missed = try watchState.withLock { watch throws(StoreError) in
            if let anchor, let original {
                do throws(StoreError) {
                    try AtomicReplace(fileSystem: fileSystem).write(anchor, to: target, ownership: ownership, replacing: original.bytes)
                } catch where lines.isEmpty {
                    // Nothing to commit: the save only rolled forward, as the next command does again.
                }
            }
            if var open = journal {
                if let tornFrom = state?.tornFrom { try open.truncate(to: tornFrom) }
                if !lines.isEmpty { try open.append(lines) }  // The commit point.
                journal = open
                sync.send(journal: open, end: position?.bytes ?? open.size)
                if sync.state != document.sync {
                    document.sync = sync.state
                    bytes = document.serialized()
                }
            }
            createdJournal = nil
            // Past the commit point nothing may fail the update: a data file that cannot be saved
            // now is rolled forward by the next command.
            let replace = AtomicReplace(fileSystem: fileSystem)
            if bytes != anchor { try? replace.replace(target, with: bytes, ownership: ownership, durable: false) }
            replace.removeLeftovers(of: target, andOf: [DayIndexFile.name(besideDataFile: target.name)])
            return MissedByWatcher(&watch, before: before, after: tally, position: position, turn: observers.turns.take())
        }
        commit.sync = sync.report
        return commit
    }
}
