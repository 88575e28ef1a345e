/// The tally kept in a JSON data file, safe to share between processes, and observable.
///
/// Every update is a locked read-modify-write: take an exclusive `flock` on `<file>.lock`, read the
/// file, apply the actions, write a temporary file in the same folder, `fsync` it, `rename` it over
/// the data file (the commit point), `fsync` the folder, release the lock. Processes never lose each other's updates,
/// and readers, which take no lock, only ever see a whole file. Reading never creates anything; the
/// first update creates the folder (mode 0700) and the file (mode 0600); later updates keep the
/// file's permissions and owner, and remove temporary files left by killed processes. A data file
/// that cannot be read as ours, that has a newer version, or that we may not write is never overwritten.
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
    let observers = ObserverRegistry()
    /// While watching: the watcher, and the counts observers were last told. Every commit happens
    /// under this lock, so that a change this store makes is never also found by the watcher.
    let watchState = SharedWatchState()

    /// A store for the data file at `path`.
    public convenience init(path: String, lockTimeout: Duration = .seconds(10)) {
        self.init(path: path, lockTimeout: lockTimeout, fileSystem: .live)
    }

    /// A store for the data file at `path` that goes through `fileSystem`: tests replace its operations.
    package init(path: String, lockTimeout: Duration = .seconds(10), fileSystem: FileSystem) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.fileSystem = fileSystem
    }

    /// The current counts; all zero if the data file does not exist yet.
    ///
    /// - Throws: `StoreError.unreadableDataFile` or `.inputOutput`.
    public func read() throws(StoreError) -> Tally {
        try readIfPresent()?.tally ?? Tally()
    }

    /// The current document, or `nil` if the data file does not exist.
    func readIfPresent() throws(StoreError) -> TallyDocument? {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        guard destination.status != nil else { return nil }
        let dataFile = NameInFolder(folder: destination.folder, name: destination.name)
        return try DataFileReader(fileSystem: fileSystem).read(dataFile, forWriting: false)?.document
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
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: true)
        defer { fileSystem.close(destination.folder) }
        if destination.status == nil {
            // No data file yet: the counts are all zero. If the actions change nothing from there,
            // that is their result, and no folder, lock or file needs creating.
            var empty = Tally()
            if try empty.apply(actions).isEmpty { return [] }
        }
        return try update(destination, applying: actions)
    }

    /// Applies one action; see `apply(_:)`.
    @discardableResult
    public func apply(_ action: Action) throws -> [Change] {
        try apply([action])
    }

    /// The locked read-modify-write of `apply(_:)`, for the data file the walk found at `destination`:
    /// whatever it made for a first save (folders, lock file) is removed again if nothing is saved.
    private func update(_ destination: PathWalk.Destination, applying actions: [Action]) throws -> [Change] {
        let locator = DataFileLocator(fileSystem: fileSystem)
        var made = DataFileLocator.MadeFolders()
        defer { made.close(with: fileSystem) }
        let folder = try locator.makeFolders(destination, recording: &made)
        let target = NameInFolder(folder: folder, name: destination.name)
        let changes: [Change]
        var missed = MissedByWatcher()
        do {
            let lockMode = FileOwnership.lockPermissions(besideDataFile: destination.status)
            let lock = try LockFile.take(for: target, mode: lockMode, timeout: lockTimeout, fileSystem: fileSystem)
            defer { lock.release() }
            do {
                let original = try DataFileReader(fileSystem: fileSystem).read(target, forWriting: true) ?? DataFileSnapshot()
                var document = original.document
                changes = try document.tally.apply(actions)
                if !changes.isEmpty {
                    if let refusal = original.writeRefusal { throw StoreError.readOnly(refusal) }
                    missed = try watchState.withLock { state throws(StoreError) in
                        try save(document, over: original, at: target)
                        return MissedByWatcher(&state, before: original.document.tally, after: document.tally)
                    }
                }
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
        if let initial = missed.initial { observers.tellInitial(initial) }
        observers.notify(missed.changes + changes)
        return changes
    }

    /// Replaces the data file with `document` (see `AtomicReplace`), keeping the original's
    /// permissions and owner, or putting the original back if the change cannot be made to last.
    ///
    /// - Throws: `StoreError.tooLargeToSave` rather than write a file the reader would refuse.
    private func save(_ document: TallyDocument, over original: DataFileSnapshot, at target: NameInFolder) throws(StoreError) {
        let bytes = document.serialized()
        guard bytes.count <= TallyDocument.sizeLimit else {
            throw .tooLargeToSave(path: target.path, size: bytes.count, limit: TallyDocument.sizeLimit)
        }
        try AtomicReplace(fileSystem: fileSystem).write(
            bytes, to: target, ownership: FileOwnership(keeping: original.status), replacing: original.bytes)
    }
}
