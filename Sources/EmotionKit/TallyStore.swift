#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public init(path: String, lockTimeout: Duration = .seconds(10), fileSystem: FileSystem = .live) {
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
        try requireRegularFile(path)
        return try load(from: path)
    }

    /// Applies `actions` in order, all or none, and saves the result; returns the changes made.
    ///
    /// Observers hear of each change after the file is saved and the lock released, on this
    /// thread; they hear nothing if anything fails. No-op actions (adding zero, resetting a
    /// zero) make no change, and if nothing changes the file is not written; nor is anything
    /// created (folder, lock file) if the data file does not exist yet.
    ///
    /// - Throws: `TallyError` if an action is refused; `StoreError` if the file cannot be read,
    ///   locked, created or saved. Either way the data file is as it was.
    @discardableResult
    public func apply(_ actions: [Action]) throws -> [Change] {
        let (target, exists) = try writeTarget()
        if exists {
            try requireRegularFile(target)
        } else {
            // No data file yet: the counts are all zero. If the actions change nothing from there,
            // that is their result, and no folder, lock or file needs creating.
            var empty = Tally()
            if try empty.apply(actions).isEmpty { return [] }
        }
        return try update(target, applying: actions)
    }

    private func update(_ target: String, applying actions: [Action]) throws -> [Change] {
        let folder = TallyStore.folder(of: target)
        try makeFolders(folder)
        let lock = try takeLock(for: target)
        let changes: [Change]
        var missed = MissedByWatcher()
        do {
            defer { fileSystem.close(lock) }
            let original = try loadForUpdate(target)
            var document = original.document
            changes = try document.tally.apply(actions)
            if !changes.isEmpty {
                if let refusal = original.writeRefusal { throw StoreError.readOnly(refusal) }
                missed = try watchState.withLock { state throws(StoreError) in
                    try save(document, over: original, at: target, in: folder)
                    return MissedByWatcher(&state, before: original.document.tally, after: document.tally)
                }
            }
        }
        if let initial = missed.initial { observers.tellInitial(initial) }
        observers.notify(missed.changes + changes)
        return changes
    }

    /// What observers have not been told of yet when this store commits a change while watching:
    /// changes another process made since the watcher last looked, or, before it first read the
    /// file whole, the counts as they were.
    private struct MissedByWatcher {
        var initial: Tally?
        var changes: [Change] = []

        init() {}

        /// Takes the watcher's place in telling of `before`, and makes `after` what observers know.
        init(_ state: inout WatchState, before: Tally, after: Tally) {
            guard state.isWatching else { return }
            if let baseline = state.baseline {
                changes = baseline.changes(to: before)
            } else {
                initial = before
            }
            state.baseline = after
            state.lastProblem = nil
        }
    }

    /// Applies one action; see `apply(_:)`.
    @discardableResult
    public func apply(_ action: Action) throws -> [Change] {
        try apply([action])
    }

    /// Calls `handler` for every change this store commits to `emotion` (while watching, any process does), until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current count cannot be read.
    public func observe(
        _ emotion: Emotion, options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe([emotion], options: options, handler)
    }

    /// Calls `handler` for every change this store commits to any emotion (while watching, any process does), until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current counts cannot be read.
    public func observe(
        options: ObservationOptions = [.new], _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe(Emotion.allCases, options: options, handler)
    }

    /// Every change this store commits from now on, as an asynchronous sequence; while watching,
    /// also those other processes commit.
    ///
    /// Each use of the property starts its own observation, which ends when the loop over it ends.
    public var changes: AsyncStream<Change> {
        AsyncStream { continuation in
            let token = observers.add(Emotion.allCases, options: [.old, .new]) { observed in
                guard let old = observed.oldValue, let new = observed.newValue else { return }
                continuation.yield(Change(emotion: observed.emotion, old: old, new: new))
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// Calls `handler` for every change this store commits to any of `emotions`, until the token ends.
    ///
    /// With `.initial`, `handler` is first told the current counts, on this thread; while watching,
    /// those the watcher last read, or, if it has not yet read the file whole (it is corrupt), the
    /// counts it first reads. A change committed on another thread at that very moment may reach
    /// `handler` before them.
    ///
    /// - Throws: `StoreError`, only with `.initial` and not watching, if the current counts cannot be read.
    public func observe(
        _ emotions: [Emotion], options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        guard options.contains(.initial) else { return observers.add(emotions, options: options, handler: handler) }
        // Under the lock, so that no change is committed between reading the counts and adding the observer.
        let (token, initial) = try watchState.withLock { state throws(StoreError) -> (ObservationToken, Tally?) in
            if state.isWatching {
                let awaits = state.baseline == nil
                return (observers.add(emotions, options: options, awaitsInitial: awaits, handler: handler), state.baseline)
            }
            let tally = try read()
            return (observers.add(emotions, options: options, handler: handler), tally)
        }
        if let initial { ObserverRegistry.tellInitial(initial, of: emotions, to: handler) }
        return token
    }

    // MARK: - The file

    /// The file an update writes, with links resolved, and whether it exists.
    ///
    /// A link to a file that does not exist yet is followed, as a shell's `>` would, so that the
    /// first update creates the link's destination rather than replacing the link.
    private func writeTarget() throws(StoreError) -> (path: String, exists: Bool) {
        var candidate = path
        for _ in 0..<TallyStore.maximumLinks {
            if let resolved = fileSystem.resolve(candidate) { return (resolved, true) }
            guard let destination = fileSystem.linkDestination(candidate) else { return (candidate, false) }
            let folder = TallyStore.folder(of: candidate)
            candidate = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        throw .cannotCreate(SystemError(call: "readlink", path: path, errno: ELOOP))
    }

    /// How many links in a row `writeTarget` follows, as Linux's own limit for a path.
    private static let maximumLinks = 40

    /// Throws unless the path is a regular file or nothing at all: a folder or a FIFO is no data file.
    private func requireRegularFile(_ path: String) throws(StoreError) {
        if let kind = fileSystem.kind(path), kind != .regularFile {
            throw .unreadableDataFile(path: path, .notARegularFile(kind))
        }
    }

    private func load(from path: String) throws(StoreError) -> TallyDocument? {
        let file: FileSystem.Descriptor
        do {
            // Non-blocking, so that a FIFO put in the file's place after the check cannot hang us.
            file = try fileSystem.open(path, O_RDONLY | O_NONBLOCK, 0)
        } catch where error.errno == ENOENT {
            return nil
        } catch {
            throw .inputOutput(error)
        }
        defer { fileSystem.close(file) }
        return try parse(file)
    }

    /// The data file as an update finds it: its document, and its bytes and status to restore or keep.
    private struct Original {
        var document = TallyDocument()
        var bytes: [UInt8]?
        var status: FileStatus?
        /// Why the file may not be written, if it may not: its permissions, or read-only media.
        var writeRefusal: SystemError?
    }

    /// Loads the data file for changing it, opened for writing, so that a file we may not change
    /// is refused before anything is written; unless the update turns out to change nothing.
    private func loadForUpdate(_ path: String) throws(StoreError) -> Original {
        let file: FileSystem.Descriptor
        var refusal: SystemError?
        do {
            file = try fileSystem.open(path, O_RDWR | O_NONBLOCK, 0)
        } catch where error.errno == ENOENT {
            return Original()
        } catch where [EACCES, EPERM, EROFS, ETXTBSY].contains(error.errno) {
            refusal = error
            do {
                file = try fileSystem.open(path, O_RDONLY | O_NONBLOCK, 0)
            } catch {
                throw .inputOutput(error)
            }
        } catch {
            throw .inputOutput(error)
        }
        defer { fileSystem.close(file) }
        var original = try load(file)
        original.writeRefusal = refusal
        return original
    }

    private func load(_ file: FileSystem.Descriptor) throws(StoreError) -> Original {
        var original = Original()
        do {
            original.status = try fileSystem.status(file)
            original.bytes = try fileSystem.read(file, TallyDocument.sizeLimit + 1)
        } catch {
            throw .inputOutput(error)
        }
        original.document = try parse(original.bytes ?? [], from: file.path)
        return original
    }

    private func parse(_ file: FileSystem.Descriptor) throws(StoreError) -> TallyDocument {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(file, TallyDocument.sizeLimit + 1)
        } catch {
            throw .inputOutput(error)
        }
        return try parse(bytes, from: file.path)
    }

    private func parse(_ bytes: [UInt8], from path: String) throws(StoreError) -> TallyDocument {
        do {
            return try TallyDocument(parsing: bytes)
        } catch {
            throw .unreadableDataFile(path: path, error)
        }
    }

    private func makeFolders(_ folder: String) throws(StoreError) {
        guard !folder.isEmpty, fileSystem.kind(folder) == nil else { return }
        try makeFolders(TallyStore.folder(of: folder))
        do {
            try fileSystem.makeFolder(folder, 0o700)
        } catch where error.errno == EEXIST {
            return  // Another process made it first.
        } catch {
            throw .cannotCreate(error)
        }
        if let made = try? fileSystem.open(folder, O_RDONLY | O_DIRECTORY, 0) {
            giveToFolderOwner(made, in: TallyStore.folder(of: folder))
            fileSystem.close(made)
        }
    }

    /// When root changes a tally in another user's folder (`sudo` keeps `HOME`), gives what it
    /// creates there to the folder's owner, so that the user is not locked out of their own tally.
    ///
    /// Only a file root owns is looked at further; for anyone else this is one `geteuid`.
    private func giveToFolderOwner(_ file: FileSystem.Descriptor, in folder: String) {
        guard geteuid() == 0, let current = try? fileSystem.status(file), current.owner == 0,
            let owner = fileSystem.statusAt(folder.isEmpty ? "." : folder),
            current.owner != owner.owner || current.group != owner.group
        else { return }
        try? fileSystem.setOwner(file, owner.owner, owner.group)
    }

    /// Opens `<target>.lock`, never removed, and waits up to `lockTimeout` for an exclusive `flock` on it.
    private func takeLock(for target: String) throws(StoreError) -> FileSystem.Descriptor {
        let lock = try openLock(target + ".lock")
        giveToFolderOwner(lock, in: TallyStore.folder(of: target))
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: lockTimeout)
        // Short waits, as a lock is held for about a millisecond: with up to 20 ms between tries, eight
        // writers on one file managed 580 taps/s (p90 18 ms a tap); the kernel would hand the lock
        // over at once, but a blocking flock cannot be given a timeout without a signal handler.
        var wait = Duration.microseconds(100)
        while true {
            let acquired: Bool
            do {
                acquired = try fileSystem.tryLock(lock)
            } catch {
                fileSystem.close(lock)
                throw .inputOutput(error)
            }
            if acquired { return lock }
            guard clock.now < deadline else {
                let holder = fileSystem.lockHolder(lock)
                fileSystem.close(lock)
                throw .lockTimeout(lockFile: lock.path, timeout: lockTimeout, holder: holder)
            }
            fileSystem.pause(min(wait, deadline - clock.now))
            wait = min(wait * 2, .milliseconds(2))
        }
    }

    /// Opens the lock file, creating it if need be. A lock file we may only read (another user's,
    /// or on read-only media) still locks: `flock` needs no write access.
    private func openLock(_ lockPath: String) throws(StoreError) -> FileSystem.Descriptor {
        do {
            return try fileSystem.open(lockPath, O_RDWR | O_CREAT, 0o600)
        } catch where [EACCES, EPERM, EROFS].contains(error.errno) {
            if let readOnly = try? fileSystem.open(lockPath, O_RDONLY, 0) { return readOnly }
            throw .cannotCreate(error)
        } catch {
            throw .cannotCreate(error)
        }
    }

    /// Replaces the data file with `document`, keeping the original's permissions and owner;
    /// then flushes the folder, putting the original back if that fails.
    private func save(
        _ document: TallyDocument, over original: Original, at target: String, in folder: String
    ) throws(StoreError) {
        try replace(target, in: folder, with: document.serialized(), status: original.status)
        removeLeftovers(of: target, in: folder)
        // The rename was the commit point for every reader; syncing the folder makes it survive a
        // power cut. A folder that cannot be opened, or a file system that cannot sync folders, is
        // no error of the update (as in SQLite's unixSync). A folder that fails to sync is: the
        // disk may be failing, so the original is put back and the update fails.
        let folderPath = folder.isEmpty ? "." : folder
        guard let directory = try? fileSystem.open(folderPath, O_RDONLY | O_DIRECTORY, 0) else { return }
        defer { fileSystem.close(directory) }
        do {
            try fileSystem.sync(directory)
        } catch where error.errno == EINVAL || error.errno == ENOTSUP {
            return
        } catch let syncError {
            do {
                if let bytes = original.bytes {
                    try replace(target, in: folder, with: bytes, status: original.status)
                } else {
                    try fileSystem.remove(target)
                }
            } catch {
                throw .unsyncedChange(syncError)
            }
            try? fileSystem.sync(directory)
            throw .inputOutput(syncError)
        }
    }

    /// Atomically replaces `target` with `bytes`: a new file in the same folder, given `status`,
    /// written in full, flushed, then renamed over `target`. On failure `target` is untouched and
    /// the new file removed.
    private func replace(
        _ target: String, in folder: String, with bytes: [UInt8], status: FileStatus?
    ) throws(StoreError) {
        let temporaryPath = (folder.isEmpty ? "" : folder + "/") + TallyStore.temporaryPrefix(of: target)
            + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary: FileSystem.Descriptor
        do {
            temporary = try fileSystem.open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        } catch {
            throw .cannotCreate(error)
        }
        do {
            defer { fileSystem.close(temporary) }
            if let status {
                try keep(status, on: temporary)
            } else {
                giveToFolderOwner(temporary, in: folder)
            }
            try fileSystem.write(temporary, bytes)
            try fileSystem.sync(temporary)
        } catch {
            try? fileSystem.remove(temporaryPath)
            throw .inputOutput(error)
        }
        do {
            try fileSystem.rename(temporaryPath, target)
        } catch {
            try? fileSystem.remove(temporaryPath)
            throw .inputOutput(error)
        }
    }

    /// Gives a new file the original's owner, where we may (as root, or to a group we are in),
    /// and its permission bits, so that an update never changes who may read the tally.
    private func keep(_ status: FileStatus, on file: FileSystem.Descriptor) throws(SystemError) {
        if status.owner != UInt32(geteuid()) || status.group != UInt32(getegid()) {
            try? fileSystem.setOwner(file, status.owner, status.group)
        }
        if status.permissions != 0o600 {
            try fileSystem.setPermissions(file, status.permissions)
        }
    }

    /// Removes temporary files left by processes killed while saving. Only a lock holder writes
    /// one, and we hold the lock, so every other is a leftover.
    private func removeLeftovers(of target: String, in folder: String) {
        let prefix = TallyStore.temporaryPrefix(of: target)
        for name in fileSystem.entries(folder.isEmpty ? "." : folder) where TallyStore.isTemporary(name, prefix) {
            try? fileSystem.remove((folder.isEmpty ? "" : folder + "/") + name)
        }
    }

    /// `.emotions.json.tmp-`: how the names of the data file's temporary files begin.
    private static func temporaryPrefix(of target: String) -> String {
        ".\(name(of: target)).tmp-"
    }

    /// Whether `name` is `<prefix><pid>-<random>`, as `replace` names its files, and nothing else.
    private static func isTemporary(_ name: String, _ prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
