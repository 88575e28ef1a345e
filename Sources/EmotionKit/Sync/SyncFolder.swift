import Synchronization

/// The folder a sync tool (Syncthing, Dropbox, a network drive) keeps in step between machines:
/// each history appends to its own file, `<id>.jsonl`, and reads the others'. Nothing in it is
/// ever rewritten.
///
/// It is opened as the data file's folder is (see `PathWalk` and Safety.md): walked from `/` one
/// name at a time, following no link another user owns, or opened in one call where the kernel
/// can tell that no link at all is on the way; as root, only a folder root owns is used. Every
/// file in it is then opened by name in the open folder, never through a link, only as a plain
/// file (`O_NONBLOCK`, so a FIFO put there blocks nothing), and only if it is ours or the data
/// file's owner's. Our own files are made mode 0600, the data file's privacy.
///
/// An unmounted drive's mount point is an empty folder like any other: `status` holds the
/// folder's device and inode, which a caller may keep to notice that the folder is not the one
/// it synced with before.
package final class SyncFolder: Sendable {
    /// A history's file or a conflict copy, as the folder listed it.
    package struct Entry: Equatable, Sendable {
        /// Its name in the folder.
        package let name: String
        /// What its name says it is: `.history` or `.conflictCopy`, never `.ignored`.
        package let kind: SyncFileName
        /// Its size in bytes when listed.
        package let size: Int64
        /// Its device and inode when listed. A sync tool replaces a file it updates by a new one,
        /// so a new inode does not mean a new history.
        package let identity: FileIdentity
        /// When its content last changed, as time since 1970-01-01 UTC.
        package let modified: Duration

        /// The history whose lines it holds.
        package var history: HistoryID? { kind.history }
    }

    /// What a listing found: the files to read, and the names of ours that were left out, with why
    /// (`.notARegularFile`, `.foreignFile`), for the caller to warn about.
    package struct Listing: Equatable, Sendable {
        /// The histories' files and conflict copies, by name.
        package var files: [Entry] = []
        /// The names of ours that are not plain files, or are another user's.
        package var skipped: [SyncFolderError] = []
        /// Whether the name left out (`entries(leavingOut:)`) is in the folder.
        package var holdsLeftOut = false
        /// Every name of a history's file or a conflict copy found, the one left out and those
        /// skipped included, in name order: what the folder holds of ours (`ListedNames`).
        package var names: [String] = []
    }

    /// The folder's path, as given.
    package let path: String
    /// The folder's status when it was opened.
    package let status: FileStatus
    /// The folder, open for walking, and for reading too if it was opened in one call.
    let folder: FileSystem.Descriptor
    /// The real-time clock just before the folder was opened, as time since 1970-01-01 UTC: every
    /// change to it since bears a time at least this late.
    let openedAt: Duration
    /// Whether `folder` is open for reading and not listed yet: its first listing reads it through
    /// that descriptor, with no other opened for it; later ones open one of their own.
    private let unlistedReader: Atomic<Bool>
    let fileSystem: FileSystem
    /// The effective user.
    let user: UInt32
    /// Who our new files are given to (the data file's owner and group, where we may), mode 0600.
    let ownership: FileOwnership

    /// Opens the folder at `path`, for the data file whose status is `dataFileStatus` (`nil` before
    /// its first save).
    ///
    /// - Throws: `.missing` if there is nothing at `path`, `.notAFolder`, `.foreignLink`,
    ///   `.foreignFolder` (root, and a folder another user owns), `.inputOutput`. The caller reports
    ///   it and carries on: the change it made is in the journal, and goes out at the next sync.
    package init(
        opening path: String, dataFileStatus: FileStatus?, fileSystem: FileSystem = .live,
        user: UInt32 = Syscall.effectiveUser
    ) throws(SyncFolderError) {
        openedAt = .milliseconds(SystemTime.realTimeMilliseconds())
        let opened = try SyncFolder.open(path, fileSystem: fileSystem, user: user)
        self.path = path
        self.folder = opened.folder
        self.status = opened.status
        self.unlistedReader = Atomic(opened.forReading)
        self.fileSystem = fileSystem
        self.user = user
        self.ownership = FileOwnership(keeping: dataFileStatus.map { FileStatus(permissions: 0o600, owner: $0.owner, group: $0.group) })
    }

    deinit {
        fileSystem.close(folder)
    }

    /// The histories' files and conflict copies in the folder, sorted by name; names of nothing of
    /// ours are left out silently, and ours that are not plain files of ours with a warning.
    ///
    /// Nothing is followed or opened for reading: each name is looked at where it is. A file named
    /// `leavingOut` is left out without being looked at: the caller has no use for it. The folder is
    /// not read if `listed` still holds (`ListedNames.stillHold(in:)`): its names are looked at.
    package func entries(leavingOut: String? = nil, listed: ListedNames? = nil) throws(SyncFolderError) -> Listing {
        let names: [String]
        if let listed, listed.stillHold(in: status) {
            names = listed.names
        } else {
            names = self.names().sorted()
            if names.isEmpty { try checkListable() }
        }
        var listing = Listing()
        for name in names {
            let kind = SyncFileName(name)
            guard kind != .ignored else { continue }
            listing.names.append(name)
            guard name != leavingOut else {
                listing.holdsLeftOut = true
                continue
            }
            let status: FileStatus
            do {
                status = try statusOf(name)
            } catch where error.errno == Errno.noSuchFileOrDirectory {
                continue  // Gone since it was listed: a sync tool's rename.
            } catch {
                throw .inputOutput(error)
            }
            if let problem = problem(with: status, at: pathOf(name)) {
                listing.skipped.append(problem)
            } else {
                listing.files.append(
                    Entry(name: name, kind: kind, size: status.size, identity: status.identity, modified: status.modified))
            }
        }
        return listing
    }

    /// The names in the folder: read through `folder` itself the first time, if it is open for reading.
    private func names() -> [String] {
        if unlistedReader.exchange(false, ordering: .relaxed), let readThrough = fileSystem.entriesThrough,
            let names = readThrough(folder)
        {
            return names
        }
        return fileSystem.entries(folder)
    }

    /// `listing`'s names, to be kept (`SyncState.listed`) if the folder's times are a promise that
    /// they are all it holds while they stay: settled (the folder last changed 2 s or more before it
    /// was opened, by both its modification and its change time, so any later change bears another
    /// time), on a file system whose times come from this machine's clock. `nil` if not; one `fstatfs`.
    package func settledNames(of listing: Listing) -> ListedNames? {
        guard status.modified > .zero, status.modified + .seconds(2) <= openedAt, status.changed + .seconds(2) <= openedAt,
            fileSystem.isOnLocalFileSystem?(folder) == true
        else { return nil }
        return ListedNames(names: listing.names, in: status)
    }

    /// The path of `name` in the folder, for messages.
    func pathOf(_ name: String) -> String {
        DataPath(folder.path).appending(name).string
    }

    /// Why a file with `status` at `path` is not used: not a plain file, or another user's.
    func problem(with status: FileStatus, at path: String) -> SyncFolderError? {
        guard status.kind == .regularFile else { return .notARegularFile(path: path, status.kind) }
        guard status.owner == user || status.owner == ownership.owner else { return .foreignFile(path: path, owner: status.owner) }
        return nil
    }

    /// What `name` is, without following it if it is a link, or opening it for reading: one `fstatat`.
    func statusOf(_ name: String) throws(SystemError) -> FileStatus {
        try fileSystem.statusAt(folder, name)
    }

    /// Throws unless the folder can be read: an empty listing is also what a folder we may not read gives.
    private func checkListable() throws(SyncFolderError) {
        do {
            let reader = try fileSystem.openAt(folder, ".", OpenFlags.readOnly | OpenFlags.folder, 0)
            fileSystem.close(reader)
        } catch {
            throw .inputOutput(SystemError(call: "opendir", path: path, errno: error.errno))
        }
    }

    /// Opens the folder `path` names: in one call, for reading, if no link at all is on the way (and
    /// the path has no `..`), else by walking it (see `PathWalk`), for walking only.
    private static func open(
        _ path: String, fileSystem: FileSystem, user: UInt32
    ) throws(SyncFolderError) -> (folder: FileSystem.Descriptor, status: FileStatus, forReading: Bool) {
        if PathWalk.folderAndName(of: path) != nil, let openWithoutLinks = fileSystem.openFolderWithoutLinks,
            let folder = openWithoutLinks(path, true)
        {
            let accepted = try accept(folder, path: path, fileSystem: fileSystem, user: user)
            return (accepted.folder, accepted.status, true)
        }
        let walked = try walk(path, fileSystem: fileSystem, user: user)
        return (walked.folder, walked.status, false)
    }

    /// Walks `path` and opens the folder it names, for walking.
    private static func walk(
        _ path: String, fileSystem: FileSystem, user: UInt32
    ) throws(SyncFolderError) -> (folder: FileSystem.Descriptor, status: FileStatus) {
        let destination: PathWalk.Destination
        do {
            destination = try PathWalk(fileSystem: fileSystem, user: user).walk(path, keepingFolder: true)
        } catch {
            switch error {
            case let .system(error) where error.errno == Errno.noSuchFileOrDirectory: throw .missing(path: path)
            case let .system(error): throw .inputOutput(error)
            case let .foreignLink(path, owner): throw .foreignLink(path: path, owner: owner)
            case let .refusedFolder(path, status): throw .foreignFolder(path: path, owner: status.owner)
            }
        }
        guard destination.name != "." else { return try accept(destination.folder, path: path, fileSystem: fileSystem, user: user) }
        defer { fileSystem.close(destination.folder) }
        if let opened = destination.opened, let found = destination.status {
            // The walk's own descriptor of the folder, and its status: not opened or looked at again.
            return try accept(opened, status: found, path: path, fileSystem: fileSystem, user: user)
        }
        guard let found = destination.status, destination.missingFolders.isEmpty else { throw .missing(path: path) }
        guard found.kind == .folder else { throw .notAFolder(path: path, found.kind) }
        let folder: FileSystem.Descriptor
        do {
            folder = try fileSystem.openAt(destination.folder, destination.name, OpenFlags.linkItself | OpenFlags.folder, 0)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            throw .missing(path: path)
        } catch {
            throw .inputOutput(error)  // Swapped for a link or a file since the walk: ELOOP, ENOTDIR.
        }
        return try accept(folder, path: path, fileSystem: fileSystem, user: user)
    }

    /// `folder` with its status (`status`, or asked of it), if it is a folder, and, as root, root's;
    /// else closes it and throws.
    private static func accept(
        _ folder: FileSystem.Descriptor, status known: FileStatus? = nil, path: String, fileSystem: FileSystem, user: UInt32
    ) throws(SyncFolderError) -> (folder: FileSystem.Descriptor, status: FileStatus) {
        do throws(SyncFolderError) {
            let status: FileStatus
            do {
                if let known {
                    status = known
                } else {
                    status = try fileSystem.status(folder)
                }
            } catch {
                throw .inputOutput(error)
            }
            guard status.kind == .folder else { throw .notAFolder(path: path, status.kind) }
            if user == 0, status.owner != 0 { throw .foreignFolder(path: path, owner: status.owner) }
            return (folder, status)
        } catch {
            fileSystem.close(folder)
            throw error
        }
    }
}
