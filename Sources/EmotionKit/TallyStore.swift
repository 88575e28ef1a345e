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
/// first update creates the folder (mode 0700) and the file (mode 0600). A data file that cannot be
/// read as ours, or that has a newer version, is never overwritten.
public final class TallyStore: Sendable {
    /// The data file's path.
    public let path: String
    /// How long an update waits for another process's lock before it gives up.
    public let lockTimeout: Duration
    private let fileSystem: FileSystem
    private let observers = ObserverRegistry()

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
        try requireRegularFile(path)
        return try load(from: path).tally
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
        do {
            defer { fileSystem.close(lock) }
            var document = try load(from: target)
            changes = try document.tally.apply(actions)
            if !changes.isEmpty {
                try save(document, to: target, in: folder)
            }
        }
        observers.notify(changes)
        return changes
    }

    /// Applies one action; see `apply(_:)`.
    @discardableResult
    public func apply(_ action: Action) throws -> [Change] {
        try apply([action])
    }

    /// Calls `handler` for every change this store commits to `emotion`, until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current count cannot be read.
    public func observe(
        _ emotion: Emotion, options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe([emotion], options: options, handler)
    }

    /// Calls `handler` for every change this store commits to any emotion, until the token ends.
    ///
    /// - Throws: `StoreError`, only with `.initial`, if the current counts cannot be read.
    public func observe(
        options: ObservationOptions = [.new], _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        try observe(Set(Emotion.allCases), options: options, handler)
    }

    /// Every change this store commits from now on, as an asynchronous sequence.
    ///
    /// Each use of the property starts its own observation, which ends when the loop over it ends.
    public var changes: AsyncStream<Change> {
        AsyncStream { continuation in
            let token = observers.add(Set(Emotion.allCases), options: [.old, .new]) { observed in
                guard let old = observed.oldValue, let new = observed.newValue else { return }
                continuation.yield(Change(emotion: observed.emotion, old: old, new: new))
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    private func observe(
        _ emotions: Set<Emotion>, options: ObservationOptions, _ handler: @escaping @Sendable (ObservedChange) -> Void
    ) throws(StoreError) -> ObservationToken {
        if options.contains(.initial) {
            let tally = try read()
            for emotion in Emotion.allCases where emotions.contains(emotion) {
                handler(ObservedChange(emotion: emotion, oldValue: nil, newValue: tally[emotion], isInitial: true))
            }
        }
        return observers.add(emotions, options: options, handler: handler)
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

    private func load(from path: String) throws(StoreError) -> TallyDocument {
        let file: FileSystem.Descriptor
        do {
            // Non-blocking, so that a FIFO put in the file's place after the check cannot hang us.
            file = try fileSystem.open(path, O_RDONLY | O_NONBLOCK, 0)
        } catch where error.errno == ENOENT {
            return TallyDocument()
        } catch {
            throw .inputOutput(error)
        }
        defer { fileSystem.close(file) }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(file, TallyDocument.sizeLimit + 1)
        } catch {
            throw .inputOutput(error)
        }
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
    }

    /// Opens `<target>.lock`, never removed, and waits up to `lockTimeout` for an exclusive `flock` on it.
    private func takeLock(for target: String) throws(StoreError) -> FileSystem.Descriptor {
        let lockPath = target + ".lock"
        let lock: FileSystem.Descriptor
        do {
            lock = try fileSystem.open(lockPath, O_RDWR | O_CREAT, 0o600)
        } catch {
            throw .cannotCreate(error)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: lockTimeout)
        var wait = Duration.milliseconds(1)
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
                fileSystem.close(lock)
                throw .lockTimeout(lockFile: lockPath, timeout: lockTimeout)
            }
            fileSystem.pause(min(wait, deadline - clock.now))
            wait = min(wait * 2, .milliseconds(20))
        }
    }

    private func save(_ document: TallyDocument, to target: String, in folder: String) throws(StoreError) {
        let temporaryPath = (folder.isEmpty ? "" : folder + "/")
            + ".\(TallyStore.name(of: target)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary: FileSystem.Descriptor
        do {
            temporary = try fileSystem.open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        } catch {
            throw .cannotCreate(error)
        }
        do {
            defer { fileSystem.close(temporary) }
            try fileSystem.write(temporary, document.serialized())
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
        // The rename is the commit point: every reader now sees the new file, so there is nothing left
        // to undo. Syncing the folder makes the rename itself survive a power cut; like SQLite's
        // unixSync, a folder that cannot be opened or synced is not an error of the update.
        if let directory = try? fileSystem.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY, 0) {
            try? fileSystem.sync(directory)
            fileSystem.close(directory)
        }
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
