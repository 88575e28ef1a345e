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
        return try withJournal(at: destination, needingJournal: false) { document, _ throws(StoreError) in document }
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
        try commit(.apply(actions, note: nil, placedAt: nil, tags: [])).changes
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
        if case let .apply(actions, note, placedAt, tags) = edit {
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
            if tags.count > Tag.perCommandLimit { _ = try Tag.set(tags) }
        }
        // The zone asked once before the lock, so that the system's is read (a file) now, not while
        // other writers wait: every update stamps its events with it. Not one the data file
        // remembers (`ZoneMemory`): that is asked under the lock, and read there only when the
        // memo does not hold (the zone file changed, its offset may have).
        if zone.memory == nil { _ = zone.offset(at: clock()) }
        if let commit = try updateInPlace(edit) { return commit }
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: true)
        defer { fileSystem.close(destination.folder) }
        if destination.status == nil, case let .apply(actions, _, _, _) = edit {
            // No data file yet: if there is no journal either, the counts are all zero. If the actions
            // change nothing from there, that is their result, and no folder, lock or file needs creating.
            var empty = Tally()
            if try empty.apply(actions).isEmpty, try !journalExists(at: destination) { return StoreCommit() }
        }
        if destination.status == nil, case let .import(handOver, _) = edit, handOver.changeCount == 0, try !journalExists(at: destination) {
            // Likewise for an import of a file that holds no changes: it has nothing to create.
            var commit = StoreCommit()
            commit.importPlan = ImportPlan(nothingOn: Tally())
            return commit
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
            do {
                commit = try writeOrRemoveMadeJournal(edit, at: target, missed: &missed)
            } catch {
                // Still under the lock, so that no other process is between the lock and the save.
                if lock.isNew { lock.remove() }
                locator.removeUnused(&made, besides: target)
                throw error
            }
        } catch {
            locator.removeUnused(&made, besides: target)
            throw error
        }
        return finish(edit, commit, missed: missed)
    }

    /// The update of a data file whose folder has no link on the way to it and whose lock file is
    /// there, as every update but a first finds it: the lock is taken and the data file read without
    /// its name being looked at first (`DataFileLocator.folderWithoutLinks`), one system call fewer.
    /// `nil`, having changed nothing, for any other: no lock file (a first save makes it), one that
    /// cannot be opened as it is or that another process holds (waited for by `update(_:_:)`), a
    /// symbolic link at the data file's name (followed only by the walk, which judges it and locks
    /// beside what it leads to); `update(_:_:)` walks to those.
    private func updateInPlace(_ edit: StoreEdit) throws -> StoreCommit? {
        guard let target = try DataFileLocator(fileSystem: fileSystem).folderWithoutLinks(of: path) else { return nil }
        defer { fileSystem.close(target.folder) }
        guard let lock = LockFile.takeIfPresent(for: target, fileSystem: fileSystem) else { return nil }
        var commit = StoreCommit()
        var missed = MissedByWatcher()
        do {
            defer { lock.release() }
            do {
                commit = try writeOrRemoveMadeJournal(edit, at: target, missed: &missed)
            } catch StoreError.inputOutput(let error) where error.errno == Errno.tooManySymbolicLinkLevels && error.path == target.path {
                // The data file's name is a link. Only its opening (`DataFileReader`, `O_NOFOLLOW`), the
                // update's first step, fails so with that path: nothing was written.
                return nil
            }
        }
        return finish(edit, commit, missed: missed)
    }

    /// `write(_:at:missed:createdJournal:)`, under the caller's lock: if it fails, the journal it
    /// made, if any, is removed again, still under the lock, so that no other process is between
    /// the lock and the save.
    private func writeOrRemoveMadeJournal(_ edit: StoreEdit, at target: NameInFolder, missed: inout MissedByWatcher) throws -> StoreCommit {
        var createdJournal: NameInFolder?
        do {
            return try write(edit, at: target, missed: &missed, createdJournal: &createdJournal)
        } catch {
            if let createdJournal { try? fileSystem.removeAt(createdJournal.folder, createdJournal.name, false) }
            throw error
        }
    }

    /// Passes on what an update found on the way and tells the observers what it changed; returns `commit`.
    private func finish(_ edit: StoreEdit, _ commit: StoreCommit, missed: MissedByWatcher) -> StoreCommit {
        if case .sync = edit {} else { for warning in commit.sync?.warnings ?? [] { syncWarnings(warning) } }
        guard let turn = missed.turn else { return commit }
        observers.turns.tell(turn) {
            if let initial = missed.initial { observers.tellInitial(initial) }
            observers.notify(missed.changes, events: missed.events)
            observers.notify(commit.arrivedChanges, events: [], fromElsewhere: true)
            if let counted = commit.countedChanges {
                // An undo or redo: what the counts did, each with its event where it has one.
                observers.notify(counted, events: counted.map { change in commit.events.first { $0.emotion == change.emotion } })
            } else {
                observers.notify(commit.events)
            }
        }
        return commit
    }
}
