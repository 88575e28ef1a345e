/// The file operations the store and the hooks need, each one call of `Syscall`: the seam tests
/// replace to make any step fail, or to make a file seem another user's:
/// `var fs = FileSystem.live; fs.renameAt = { _, _, _ in throw … }`.
///
/// Every call retries `EINTR` and throws a `SystemError` naming the call, the path and `errno`.
/// `package`, not `public`: descriptors and raw open flags are no part of the library's API.
///
/// Paths are walked one name at a time from folder descriptors (see `PathWalk`), so that nothing
/// found once can be swapped for something else before it is used.
package struct FileSystem: Sendable {
    /// A file descriptor with the path it was opened at, for messages.
    package struct Descriptor: Sendable, Equatable {
        /// The raw file descriptor.
        package let raw: Int32
        /// The path it was opened at.
        package let path: String

        /// Wraps `raw`, opened at `path`.
        package init(raw: Int32, path: String) {
            self.raw = raw
            self.path = path
        }
    }

    /// `open(path, flags | O_CLOEXEC, mode)`: where a walk starts (`/` or `.`).
    package var open: @Sendable (_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor {
        get { box.operations.open }
        set { update { $0.open = newValue } }
    }
    /// `openat(folder, name, flags | O_CLOEXEC, mode)`: a name in an open folder, found without
    /// looking its folders up again; the descriptor's path is the folder's, a slash and `name`.
    package var openAt: @Sendable (_ folder: Descriptor, _ name: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor {
        get { box.operations.openAt }
        set { update { $0.openAt = newValue } }
    }
    /// `close(fd)`; errors are ignored, since nothing useful can follow them.
    package var close: @Sendable (_ file: Descriptor) -> Void {
        get { box.operations.close }
        set { update { $0.close = newValue } }
    }
    /// Reads the file from its current offset to its end, but no more than `limit` bytes; `read`.
    package var read: @Sendable (_ file: Descriptor, _ limit: Int) throws(SystemError) -> [UInt8] {
        get { box.operations.read }
        set { update { $0.read = newValue } }
    }
    /// Writes all of `bytes`, going on after short writes; `write`.
    package var write: @Sendable (_ file: Descriptor, _ bytes: [UInt8]) throws(SystemError) -> Void {
        get { box.operations.write }
        set { update { $0.write = newValue } }
    }
    /// Flushes the file, or a folder opened for reading, to stable storage; `fsync`.
    package var sync: @Sendable (_ file: Descriptor) throws(SystemError) -> Void {
        get { box.operations.sync }
        set { update { $0.sync = newValue } }
    }
    /// Reads up to `count` bytes from `offset`, fewer only at the file's end; `pread`.
    package var readAt: @Sendable (_ file: Descriptor, _ offset: Int64, _ count: Int) throws(SystemError) -> [UInt8] {
        get { box.operations.readAt }
        set { update { $0.readAt = newValue } }
    }
    /// Flushes the file's data and size, not its other metadata, to stable storage; `fdatasync`.
    package var syncData: @Sendable (_ file: Descriptor) throws(SystemError) -> Void {
        get { box.operations.syncData }
        set { update { $0.syncData = newValue } }
    }
    /// Cuts the file to `length` bytes; `ftruncate`.
    package var truncate: @Sendable (_ file: Descriptor, _ length: Int64) throws(SystemError) -> Void {
        get { box.operations.truncate }
        set { update { $0.truncate = newValue } }
    }
    /// Tries once to take an exclusive advisory lock; `false` if another holder has it; `flock`.
    package var tryLock: @Sendable (_ file: Descriptor) throws(SystemError) -> Bool {
        get { box.operations.tryLock }
        set { update { $0.tryLock = newValue } }
    }
    /// Atomically replaces `destination` with `source`, both names in `folder`; `renameat`.
    package var renameAt: @Sendable (_ folder: Descriptor, _ source: String, _ destination: String) throws(SystemError) -> Void {
        get { box.operations.renameAt }
        set { update { $0.renameAt = newValue } }
    }
    /// Removes the file, or with `isFolder` the empty folder, `name` in `folder`; `unlinkat`.
    package var removeAt: @Sendable (_ folder: Descriptor, _ name: String, _ isFolder: Bool) throws(SystemError) -> Void {
        get { box.operations.removeAt }
        set { update { $0.removeAt = newValue } }
    }
    /// Creates the folder `name` in `folder`; `mkdirat`. Throws with `EEXIST` if something is already there.
    package var makeFolderAt: @Sendable (_ folder: Descriptor, _ name: String, _ mode: UInt32) throws(SystemError) -> Void {
        get { box.operations.makeFolderAt }
        set { update { $0.makeFolderAt = newValue } }
    }
    /// What kind of thing is at a path, following links, or `nil` if nothing is; `stat`. For watching only.
    package var kind: @Sendable (_ path: String) -> FileKind? {
        get { box.operations.kind }
        set { update { $0.kind = newValue } }
    }
    /// Where a symbolic link points, as written in the link, or `nil` if the path is no link; `readlink`. For watching only.
    package var linkDestination: @Sendable (_ path: String) -> String? {
        get { box.operations.linkDestination }
        set { update { $0.linkDestination = newValue } }
    }
    /// Where the symbolic link open at `link` (opened with `OpenFlags.linkItself`) points; `readlinkat(fd, "")`.
    package var linkTarget: @Sendable (_ link: Descriptor) throws(SystemError) -> String {
        get { box.operations.linkTarget }
        set { update { $0.linkTarget = newValue } }
    }
    /// Waits for an exclusive lock another process holds, blocking for at most the duration: `true`
    /// once taken, `false` if the time ran out; `nil` (the library's own): poll with `tryLock` and
    /// `pause` instead. Set only for a program that owns its process (`FileSystem.liveOwningProcess`).
    package var waitForLock: (@Sendable (_ file: Descriptor, _ timeout: Duration) throws(SystemError) -> Bool?)? {
        get { box.operations.waitForLock }
        set { update { $0.waitForLock = newValue } }
    }
    /// Waits a little, between attempts to take a lock; `nanosleep`.
    package var pause: @Sendable (_ duration: Duration) -> Void {
        get { box.operations.pause }
        set { update { $0.pause = newValue } }
    }
    /// The kind, permission bits, owner, group and link count of an open file (or link); `fstat`.
    package var status: @Sendable (_ file: Descriptor) throws(SystemError) -> FileStatus {
        get { box.operations.status }
        set { update { $0.status = newValue } }
    }
    /// Sets an open file's permission bits; `fchmod`.
    package var setPermissions: @Sendable (_ file: Descriptor, _ permissions: UInt32) throws(SystemError) -> Void {
        get { box.operations.setPermissions }
        set { update { $0.setPermissions = newValue } }
    }
    /// Gives an open file to another owner and group; `fchown`.
    package var setOwner: @Sendable (_ file: Descriptor, _ owner: UInt32, _ group: UInt32) throws(SystemError) -> Void {
        get { box.operations.setOwner }
        set { update { $0.setOwner = newValue } }
    }
    /// The names in an open folder, without `.` and `..`; empty if it cannot be read; `readdir`.
    package var entries: @Sendable (_ folder: Descriptor) -> [String] {
        get { box.operations.entries }
        set { update { $0.entries = newValue } }
    }
    /// The status of `name` in an open folder, the link itself if it is one, in one call
    /// (`fstatat(AT_SYMLINK_NOFOLLOW)`); `nil` for a file system that has no such call, whose
    /// `statusAt(_:_:)` opens the name with `OpenFlags.linkItself` and asks `status`.
    package var statusOfName: (@Sendable (_ folder: Descriptor, _ name: String) throws(SystemError) -> FileStatus)? {
        get { box.operations.statusOfName }
        set { update { $0.statusOfName = newValue } }
    }
    /// Throws, as opening it for writing would (`EACCES`, `EROFS`, `EPERM`), unless the effective
    /// user may write `name` in `folder`, whose status is `status`; without opening it so (see
    /// `DataFileReader.read(_:forWriting:)`).
    package var checkWritable: @Sendable (_ folder: Descriptor, _ name: String, _ status: FileStatus) throws(SystemError) -> Void {
        get { box.operations.checkWritable }
        set { update { $0.checkWritable = newValue } }
    }
    /// The folder at the absolute `path`, open for walking, or for reading its names too if
    /// `forReading`, if no symbolic link of any kind is on the way (one `openat2` with
    /// `RESOLVE_NO_SYMLINKS`); `nil` if there is one, or anything else stops it, or the system has no
    /// such call: `PathWalk` then walks the path a name at a time.
    package var openFolderWithoutLinks: (@Sendable (_ path: String, _ forReading: Bool) -> Descriptor?)? {
        get { box.operations.openFolderWithoutLinks }
        set { update { $0.openFolderWithoutLinks = newValue } }
    }
    /// The names in a folder open for reading (`openFolderWithoutLinks(_:true)`), read through that
    /// very descriptor from where it stands, without `.` and `..`: a descriptor's first listing, in
    /// one call fewer than `entries`, which opens one of its own; `nil` if it cannot be read so, or
    /// the system has no such call (`entries` then lists it).
    package var entriesThrough: (@Sendable (_ folder: Descriptor) -> [String]?)? {
        get { box.operations.entriesThrough }
        set { update { $0.entriesThrough = newValue } }
    }
    /// Whether the open folder is on a file system of this machine's whose times come from its clock,
    /// at most 2 s coarse (`Syscall.isOnLocalFileSystem`); `nil`: none is taken to be.
    package var isOnLocalFileSystem: (@Sendable (_ folder: Descriptor) -> Bool)? {
        get { box.operations.isOnLocalFileSystem }
        set { update { $0.isOnLocalFileSystem = newValue } }
    }
    /// The process holding an exclusive `flock` on the open file, if the system says; `/proc/locks`.
    package var lockHolder: @Sendable (_ file: Descriptor) -> LockHolder? {
        get { box.operations.lockHolder }
        set { update { $0.lockHolder = newValue } }
    }

    /// The operations, in one box that copies of a file system share: a copy is one reference, not
    /// 26 closures, so the store's values that hold a file system (a journal, an update's reading)
    /// stay small, and so do the stack frames that hold them. Setting one makes a new box, so a copy
    /// changed by a test never changes another.
    private var box: Box

    private final class Box: Sendable {
        let operations: Operations

        init(_ operations: Operations) {
            self.operations = operations
        }
    }

    private struct Operations: Sendable {
        var open: @Sendable (_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor
        var openAt: @Sendable (_ folder: Descriptor, _ name: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor
        var close: @Sendable (_ file: Descriptor) -> Void
        var read: @Sendable (_ file: Descriptor, _ limit: Int) throws(SystemError) -> [UInt8]
        var write: @Sendable (_ file: Descriptor, _ bytes: [UInt8]) throws(SystemError) -> Void
        var sync: @Sendable (_ file: Descriptor) throws(SystemError) -> Void
        var readAt: @Sendable (_ file: Descriptor, _ offset: Int64, _ count: Int) throws(SystemError) -> [UInt8]
        var syncData: @Sendable (_ file: Descriptor) throws(SystemError) -> Void
        var truncate: @Sendable (_ file: Descriptor, _ length: Int64) throws(SystemError) -> Void
        var tryLock: @Sendable (_ file: Descriptor) throws(SystemError) -> Bool
        var renameAt: @Sendable (_ folder: Descriptor, _ source: String, _ destination: String) throws(SystemError) -> Void
        var removeAt: @Sendable (_ folder: Descriptor, _ name: String, _ isFolder: Bool) throws(SystemError) -> Void
        var makeFolderAt: @Sendable (_ folder: Descriptor, _ name: String, _ mode: UInt32) throws(SystemError) -> Void
        var kind: @Sendable (_ path: String) -> FileKind?
        var linkDestination: @Sendable (_ path: String) -> String?
        var linkTarget: @Sendable (_ link: Descriptor) throws(SystemError) -> String
        var waitForLock: (@Sendable (_ file: Descriptor, _ timeout: Duration) throws(SystemError) -> Bool?)?
        var pause: @Sendable (_ duration: Duration) -> Void
        var status: @Sendable (_ file: Descriptor) throws(SystemError) -> FileStatus
        var setPermissions: @Sendable (_ file: Descriptor, _ permissions: UInt32) throws(SystemError) -> Void
        var setOwner: @Sendable (_ file: Descriptor, _ owner: UInt32, _ group: UInt32) throws(SystemError) -> Void
        var entries: @Sendable (_ folder: Descriptor) -> [String]
        var statusOfName: (@Sendable (_ folder: Descriptor, _ name: String) throws(SystemError) -> FileStatus)?
        var checkWritable: @Sendable (_ folder: Descriptor, _ name: String, _ status: FileStatus) throws(SystemError) -> Void
        var openFolderWithoutLinks: (@Sendable (_ path: String, _ forReading: Bool) -> Descriptor?)?
        var entriesThrough: (@Sendable (_ folder: Descriptor) -> [String]?)?
        var isOnLocalFileSystem: (@Sendable (_ folder: Descriptor) -> Bool)?
        var lockHolder: @Sendable (_ file: Descriptor) -> LockHolder?
    }

    /// Sets an operation in a box of this file system's own.
    private mutating func update(_ change: (inout Operations) -> Void) {
        var operations = box.operations
        change(&operations)
        box = Box(operations)
    }

    /// Creates a file system from its operations; tests use this to replace some of them.
    package init(
        open: @escaping @Sendable (String, Int32, UInt32) throws(SystemError) -> Descriptor,
        openAt: @escaping @Sendable (Descriptor, String, Int32, UInt32) throws(SystemError) -> Descriptor,
        close: @escaping @Sendable (Descriptor) -> Void,
        read: @escaping @Sendable (Descriptor, Int) throws(SystemError) -> [UInt8],
        write: @escaping @Sendable (Descriptor, [UInt8]) throws(SystemError) -> Void,
        sync: @escaping @Sendable (Descriptor) throws(SystemError) -> Void,
        readAt: @escaping @Sendable (Descriptor, Int64, Int) throws(SystemError) -> [UInt8],
        syncData: @escaping @Sendable (Descriptor) throws(SystemError) -> Void,
        truncate: @escaping @Sendable (Descriptor, Int64) throws(SystemError) -> Void,
        tryLock: @escaping @Sendable (Descriptor) throws(SystemError) -> Bool,
        renameAt: @escaping @Sendable (Descriptor, String, String) throws(SystemError) -> Void,
        removeAt: @escaping @Sendable (Descriptor, String, Bool) throws(SystemError) -> Void,
        makeFolderAt: @escaping @Sendable (Descriptor, String, UInt32) throws(SystemError) -> Void,
        kind: @escaping @Sendable (String) -> FileKind?,
        linkDestination: @escaping @Sendable (String) -> String?,
        linkTarget: @escaping @Sendable (Descriptor) throws(SystemError) -> String,
        pause: @escaping @Sendable (Duration) -> Void,
        status: @escaping @Sendable (Descriptor) throws(SystemError) -> FileStatus,
        setPermissions: @escaping @Sendable (Descriptor, UInt32) throws(SystemError) -> Void,
        setOwner: @escaping @Sendable (Descriptor, UInt32, UInt32) throws(SystemError) -> Void,
        entries: @escaping @Sendable (Descriptor) -> [String],
        lockHolder: @escaping @Sendable (Descriptor) -> LockHolder?,
        statusOfName: (@Sendable (Descriptor, String) throws(SystemError) -> FileStatus)? = nil,
        checkWritable: @escaping @Sendable (Descriptor, String, FileStatus) throws(SystemError) -> Void = FileSystem.writableByMode,
        openFolderWithoutLinks: (@Sendable (String, Bool) -> Descriptor?)? = nil,
        entriesThrough: (@Sendable (Descriptor) -> [String]?)? = nil,
        isOnLocalFileSystem: (@Sendable (Descriptor) -> Bool)? = nil,
        waitForLock: (@Sendable (Descriptor, Duration) throws(SystemError) -> Bool?)? = nil
    ) {
        box = Box(
            Operations(
                open: open,
                openAt: openAt,
                close: close,
                read: read,
                write: write,
                sync: sync,
                readAt: readAt,
                syncData: syncData,
                truncate: truncate,
                tryLock: tryLock,
                renameAt: renameAt,
                removeAt: removeAt,
                makeFolderAt: makeFolderAt,
                kind: kind,
                linkDestination: linkDestination,
                linkTarget: linkTarget,
                waitForLock: waitForLock,
                pause: pause,
                status: status,
                setPermissions: setPermissions,
                setOwner: setOwner,
                entries: entries,
                statusOfName: statusOfName,
                checkWritable: checkWritable,
                openFolderWithoutLinks: openFolderWithoutLinks,
                entriesThrough: entriesThrough,
                isOnLocalFileSystem: isOnLocalFileSystem,
                lockHolder: lockHolder))
    }

    /// The real file system for a program that owns its process, as the command line does: as
    /// `live`, but a writer that finds the lock taken blocks in `flock` until its holder lets go
    /// (`Syscall.lockWaiting`), so the kernel hands it over at once and in turn, rather than
    /// polling, which newcomers can beat round after round. It installs a `SIGALRM` handler for the
    /// wait, which a library in someone else's process must not: `live` polls.
    package static let liveOwningProcess: FileSystem = {
        var fileSystem = FileSystem.live
        fileSystem.waitForLock = { file, timeout throws(SystemError) in
            try Syscall.lockWaiting(file.raw, for: timeout, path: file.path)
        }
        return fileSystem
    }()

    /// Whether the effective user may write `name` in `folder`, as `open` for writing would say,
    /// without opening it: the owner's write bit answers for the owner (an ACL never takes the
    /// owner's rights away), and root may write any file; anyone else is asked of the system
    /// (`faccessat`), which knows groups and ACLs. A file made immutable or append-only, which no
    /// bit tells and which stops root too, is asked of the system for everyone (`statx`'s
    /// attributes). A file on read-only media its owner finds refused by the journal instead, which
    /// is opened for writing before anything is written.
    package static let writableByMode: @Sendable (Descriptor, String, FileStatus) throws(SystemError) -> Void = {
        folder, name, status throws(SystemError) in
        try checkWritable(name, in: folder, status, by: Syscall.effectiveUser)
    }

    /// `writableByMode` for `user`.
    package static func checkWritable(_ name: String, in folder: Descriptor, _ status: FileStatus, by user: UInt32) throws(SystemError) {
        let path = DataPath(folder.path).appending(name).string
        if user == 0 {
            // Root may write any file its bits and ACLs allow: all.
        } else if status.owner == user {
            guard status.permissions & 0o200 != 0 else { throw SystemError(call: "open", path: path, errno: Errno.permissionDenied) }
        } else {
            try Syscall.checkWritable(name, in: folder.raw, path: path)
        }
        // Told by the status already, when it was read of the open file: a call fewer on every tap.
        if let unchangeable = status.isUnchangeable {
            if unchangeable { throw SystemError(call: "open", path: path, errno: Errno.notPermitted) }
        } else {
            try Syscall.checkChangeable(name, in: folder.raw, path: path)
        }
    }

    /// The status of `name` in the open `folder`, the link itself if it is one: never followed,
    /// never opened for reading. One `fstatat` where the file system has it (`statusOfName`).
    package func statusAt(_ folder: Descriptor, _ name: String) throws(SystemError) -> FileStatus {
        if let statusOfName { return try statusOfName(folder, name) }
        let found = try openAt(folder, name, OpenFlags.linkItself, 0)
        defer { close(found) }
        return try status(found)
    }

    /// The real file system: each operation one call of `Syscall`.
    package static let live = FileSystem(
        open: { path, flags, mode throws(SystemError) in
            Descriptor(raw: try Syscall.open(path, flags, mode), path: path)
        },
        openAt: { folder, name, flags, mode throws(SystemError) in
            let path = DataPath(folder.path).appending(name).string
            return Descriptor(raw: try Syscall.openAt(folder.raw, name, flags, mode, path: path), path: path)
        },
        close: { file in Syscall.close(file.raw) },
        read: { file, limit throws(SystemError) in try Syscall.readAll(file.raw, limit: limit, path: file.path) },
        write: { file, bytes throws(SystemError) in try Syscall.writeAll(file.raw, bytes, path: file.path) },
        sync: { file throws(SystemError) in try Syscall.sync(file.raw, path: file.path) },
        readAt: { file, offset, count throws(SystemError) in
            try Syscall.read(file.raw, count: count, at: offset, path: file.path)
        },
        syncData: { file throws(SystemError) in try Syscall.syncData(file.raw, path: file.path) },
        truncate: { file, length throws(SystemError) in try Syscall.truncate(file.raw, to: length, path: file.path) },
        tryLock: { file throws(SystemError) in try Syscall.tryLock(file.raw, path: file.path) },
        renameAt: { folder, source, destination throws(SystemError) in
            try Syscall.renameAt(folder.raw, source, destination, path: DataPath(folder.path).appending(destination).string)
        },
        removeAt: { folder, name, isFolder throws(SystemError) in
            try Syscall.removeAt(folder.raw, name, isFolder: isFolder, path: DataPath(folder.path).appending(name).string)
        },
        makeFolderAt: { folder, name, mode throws(SystemError) in
            try Syscall.makeFolderAt(folder.raw, name, mode, path: DataPath(folder.path).appending(name).string)
        },
        kind: { path in
            guard let status = try? Syscall.status(ofPath: path) else { return nil }
            return status.kind == .symbolicLink ? .other : status.kind
        },
        linkDestination: { path in
            guard let destination = try? Syscall.linkDestination(ofPath: path), !destination.isEmpty else { return nil }
            return destination
        },
        linkTarget: { link throws(SystemError) in try Syscall.linkDestination(of: link.raw, path: link.path) },
        pause: { duration in Syscall.sleep(duration) },
        status: { file throws(SystemError) in try Syscall.status(of: file.raw, path: file.path) },
        setPermissions: { file, permissions throws(SystemError) in
            try Syscall.setPermissions(file.raw, permissions, path: file.path)
        },
        setOwner: { file, owner, group throws(SystemError) in
            try Syscall.setOwner(file.raw, owner, group, path: file.path)
        },
        entries: { folder in
            var names: [String] = []
            try? Syscall.forEachName(in: folder.raw, path: folder.path) { bytes in
                if let name = String(validating: bytes, as: UTF8.self) { names.append(name) }
            }
            return names
        },
        lockHolder: { file in LinuxLocks.holder(of: file) },
        statusOfName: { folder, name throws(SystemError) in
            do throws(SystemError) {
                return try Syscall.status(ofLinkItself: name, in: folder.raw, path: "")
            } catch {
                // The path is made for the message only: most names looked at are there.
                throw SystemError(call: error.call, path: DataPath(folder.path).appending(name).string, errno: error.errno)
            }
        },
        openFolderWithoutLinks: { path, forReading in
            Syscall.openFolderWithoutLinks(path, forReading: forReading).map { Descriptor(raw: $0, path: path) }
        },
        entriesThrough: { folder in
            #if canImport(Glibc)
            var names: [String] = []
            do {
                try Syscall.forEachName(readingThrough: folder.raw, path: folder.path) { bytes in
                    if let name = String(validating: bytes, as: UTF8.self) { names.append(name) }
                }
            } catch {
                return nil
            }
            return names
            #else
            return nil
            #endif
        },
        isOnLocalFileSystem: { folder in Syscall.isOnLocalFileSystem(folder.raw) }
    )
}
