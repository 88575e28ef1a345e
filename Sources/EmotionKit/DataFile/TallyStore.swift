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
        let destination = try locate()
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
        let destination = try locate(forUpdate: true)
        defer { fileSystem.close(destination.folder) }
        if destination.status == nil {
            // No data file yet: the counts are all zero. If the actions change nothing from there,
            // that is their result, and no folder, lock or file needs creating.
            var empty = Tally()
            if try empty.apply(actions).isEmpty { return [] }
        }
        return try update(destination, applying: actions)
    }

    private func update(_ destination: PathWalk.Destination, applying actions: [Action]) throws -> [Change] {
        var made = MadeFiles()
        defer { made.close(with: fileSystem) }
        let folder = try makeFolders(destination, recording: &made)
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
                removeUnused(&made, target: target)
                throw error
            }
        } catch {
            removeUnused(&made, target: target)
            throw error
        }
        if let initial = missed.initial { observers.tellInitial(initial) }
        observers.notify(missed.changes + changes)
        return changes
    }

    /// Applies one action; see `apply(_:)`.
    @discardableResult
    public func apply(_ action: Action) throws -> [Change] {
        try apply([action])
    }

    // MARK: - The file

    /// What an update made before its save, to remove again if nothing is saved: each folder, with
    /// the folder it was made in (open) and its identity, outermost first.
    private struct MadeFiles {
        struct Folder {
            let parent: FileSystem.Descriptor
            let name: String
            let identity: FileIdentity
        }

        var folders: [Folder] = []
        /// The folders made, open, the innermost last; closed by `close(with:)`.
        var opened: [FileSystem.Descriptor] = []

        /// Closes the folders it holds open.
        func close(with fileSystem: FileSystem) {
            for folder in opened {
                fileSystem.close(folder)
            }
        }
    }

    /// Walks the path to the data file (see `PathWalk`) and checks that the effective user may use
    /// what it found safely; the caller closes the destination's folder.
    ///
    /// As root, only a folder root owns is used (or, for folders still to be made, the innermost one
    /// that exists), as git refuses a repository of another user's: that user could otherwise swap
    /// the files in it for links to system files, or hard links of them, between our looks.
    ///
    /// - Parameter forUpdate: Whether a failing system call means the file cannot be created (an
    ///   update: `ENOTDIR`, `ELOOP`), rather than read.
    private func locate(forUpdate: Bool = false) throws(StoreError) -> PathWalk.Destination {
        let destination: PathWalk.Destination
        do {
            destination = try PathWalk(fileSystem: fileSystem).walk(path)
        } catch {
            switch error {
            case let .system(error): throw forUpdate ? .cannotCreate(error) : .inputOutput(error)
            case let .foreignLink(path, owner): throw .foreignLink(path: path, owner: owner)
            case let .refusedFolder(path, status): throw .foreignFolder(path: path, owner: status.owner)
            }
        }
        do throws(StoreError) {
            if geteuid() == 0 {
                let status = try fileSystem.fileStatus(destination.folder)
                if status.owner != 0 { throw .foreignFolder(path: destination.folder.path, owner: status.owner) }
            }
            if let status = destination.status, status.kind != .regularFile {
                throw .unreadableDataFile(path: destination.path, .notARegularFile(status.kind))
            }
        } catch {
            fileSystem.close(destination.folder)
            throw error
        }
        return destination
    }

    /// Makes the folders the walk found missing, mode 0700 whatever the umask, and returns the
    /// innermost, open (`made` holds it); or the destination's folder if none was missing.
    ///
    /// A folder is made by name and then opened by name, so another user who may write the folder
    /// it is made in could swap another folder in between. What is opened is used as ours (made
    /// mode 0700 even under a strict umask, removed again if the save fails) only if it looks made
    /// this moment: owned by us, empty, with the mode the umask gave it.
    private func makeFolders(
        _ destination: PathWalk.Destination, recording made: inout MadeFiles
    ) throws(StoreError) -> FileSystem.Descriptor {
        var folder = destination.folder
        for name in destination.missingFolders {
            var isMade = true
            do {
                try fileSystem.makeFolderAt(folder, name, 0o700)
            } catch where error.errno == EEXIST {
                isMade = false  // Another process made it first.
            } catch {
                throw .cannotCreate(error)
            }
            let next = try StoreError.wrapping(StoreError.cannotCreate) { () throws(SystemError) in
                try fileSystem.openAt(folder, name, FileSystem.linkItself | O_DIRECTORY, 0)
            }
            made.opened.append(next)
            let status = try fileSystem.fileStatus(next)
            // Swapped for someone else's folder since we made it? Root must not write there.
            if geteuid() == 0, status.owner != 0 { throw .foreignFolder(path: next.path, owner: status.owner) }
            if isMade, isJustMade(next, status) {
                made.folders.append(MadeFiles.Folder(parent: folder, name: name, identity: status.identity))
                if status.permissions & 0o700 != 0o700 {
                    try StoreError.wrapping(StoreError.cannotCreate) { () throws(SystemError) in
                        try fileSystem.setPermissions(next, status.permissions | 0o700)
                    }
                }
            }
            folder = next
        }
        return folder
    }

    /// Whether the folder open at `folder` looks as one `mkdir(0700)` just made: ours, with no
    /// folder and (where it can be listed) no file in it, and the mode the umask leaves of 0700.
    private func isJustMade(_ folder: FileSystem.Descriptor, _ status: FileStatus) -> Bool {
        guard status.owner == UInt32(geteuid()), status.kind == .folder, status.links == 2,
            fileSystem.entries(folder).isEmpty
        else { return false }
        guard let umask = TallyStore.umask() else { return true }
        return status.permissions & 0o7777 == 0o700 & ~umask
    }

    /// The process's umask, from `/proc/self/status` (`Umask:\t0022`), which reads it without
    /// changing it, as `umask()` would for every thread; `nil` where the system does not say.
    private static func umask() -> UInt32? {
        let live = FileSystem.live
        guard let status = try? live.open("/proc/self/status", O_RDONLY, 0) else { return nil }
        defer { live.close(status) }
        guard let bytes = try? live.read(status, 64 * 1024) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
            return UInt32(line.dropFirst("Umask:".count).trimmingPrefix { $0 == " " || $0 == "\t" }, radix: 8)
        }
        return nil
    }

    /// Removes the folders `made` records once the update has failed, if the data file still does
    /// not exist: innermost first, each by its name in the folder it was made in, and only if that
    /// name is still the folder made. Nothing is removed twice.
    private func removeUnused(_ made: inout MadeFiles, target: NameInFolder) {
        guard !made.folders.isEmpty else { return }
        if let file = try? fileSystem.openAt(target.folder, target.name, FileSystem.linkItself, 0) {
            fileSystem.close(file)
            return  // The data file exists: the folders are in use.
        }
        for folder in made.folders.reversed() {
            guard let found = try? fileSystem.openAt(folder.parent, folder.name, FileSystem.linkItself, 0) else { break }
            let identity = (try? fileSystem.status(found))?.identity
            fileSystem.close(found)
            // Fails, and so stops, at the first folder that is not empty: one another process uses.
            guard identity == folder.identity, (try? fileSystem.removeAt(folder.parent, folder.name, true)) != nil
            else { break }
        }
        made.folders = []
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

    /// The folder part of `path`: `` for a bare name, `/` for a name in `/`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
