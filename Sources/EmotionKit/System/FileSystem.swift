#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the store needs, each a thin wrapper over one system call.
///
/// Every call retries `EINTR` and throws a `SystemError` naming the call, the path and `errno`.
/// This is the only place EmotionKit touches the file system, and the seam tests replace
/// to make any step fail: `var fs = FileSystem.live; fs.renameAt = { _, _, _ in throw … }`.
///
/// Paths are walked one name at a time from folder descriptors (see `PathWalk`), so that nothing
/// found once can be swapped for something else before it is used.
public struct FileSystem: Sendable {
    /// A file descriptor with the path it was opened at, for messages.
    public struct Descriptor: Sendable, Equatable {
        /// The raw file descriptor.
        public let raw: Int32
        /// The path it was opened at.
        public let path: String

        /// Wraps `raw`, opened at `path`.
        public init(raw: Int32, path: String) {
            self.raw = raw
            self.path = path
        }
    }

    /// `open(path, flags | O_CLOEXEC, mode)`: where a walk starts (`/` or `.`).
    public var open: @Sendable (_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor
    /// `openat(folder, name, flags | O_CLOEXEC, mode)`: a name in an open folder, found without
    /// looking its folders up again; the descriptor's path is the folder's, a slash and `name`.
    public var openAt: @Sendable (_ folder: Descriptor, _ name: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor
    /// `close(fd)`; errors are ignored, since nothing useful can follow them.
    public var close: @Sendable (_ file: Descriptor) -> Void
    /// Reads the file from its current offset to its end, but no more than `limit` bytes; `read`.
    public var read: @Sendable (_ file: Descriptor, _ limit: Int) throws(SystemError) -> [UInt8]
    /// Writes all of `bytes`, going on after short writes; `write`.
    public var write: @Sendable (_ file: Descriptor, _ bytes: [UInt8]) throws(SystemError) -> Void
    /// Flushes the file, or a folder opened for reading, to stable storage; `fsync`.
    public var sync: @Sendable (_ file: Descriptor) throws(SystemError) -> Void
    /// Tries once to take an exclusive advisory lock; `false` if another holder has it; `flock`.
    public var tryLock: @Sendable (_ file: Descriptor) throws(SystemError) -> Bool
    /// Atomically replaces `destination` with `source`, both names in `folder`; `renameat`.
    public var renameAt: @Sendable (_ folder: Descriptor, _ source: String, _ destination: String) throws(SystemError) -> Void
    /// Removes the file, or with `isFolder` the empty folder, `name` in `folder`; `unlinkat`.
    public var removeAt: @Sendable (_ folder: Descriptor, _ name: String, _ isFolder: Bool) throws(SystemError) -> Void
    /// Creates the folder `name` in `folder`; `mkdirat`. Throws with `EEXIST` if something is already there.
    public var makeFolderAt: @Sendable (_ folder: Descriptor, _ name: String, _ mode: UInt32) throws(SystemError) -> Void
    /// What kind of thing is at a path, following links, or `nil` if nothing is; `stat`. For watching only.
    public var kind: @Sendable (_ path: String) -> FileKind?
    /// Where a symbolic link points, as written in the link, or `nil` if the path is no link; `readlink`. For watching only.
    public var linkDestination: @Sendable (_ path: String) -> String?
    /// Where the symbolic link open at `link` (opened with `FileSystem.linkItself`) points; `readlinkat(fd, "")`.
    public var linkTarget: @Sendable (_ link: Descriptor) throws(SystemError) -> String
    /// Waits a little, between attempts to take a lock; `nanosleep`.
    public var pause: @Sendable (_ duration: Duration) -> Void
    /// The kind, permission bits, owner, group and link count of an open file (or link); `fstat`.
    public var status: @Sendable (_ file: Descriptor) throws(SystemError) -> FileStatus
    /// Sets an open file's permission bits; `fchmod`.
    public var setPermissions: @Sendable (_ file: Descriptor, _ permissions: UInt32) throws(SystemError) -> Void
    /// Gives an open file to another owner and group; `fchown`.
    public var setOwner: @Sendable (_ file: Descriptor, _ owner: UInt32, _ group: UInt32) throws(SystemError) -> Void
    /// The names in an open folder, without `.` and `..`; empty if it cannot be read; `readdir`.
    public var entries: @Sendable (_ folder: Descriptor) -> [String]
    /// The process holding an exclusive `flock` on the open file, if the system says; `/proc/locks`.
    public var lockHolder: @Sendable (_ file: Descriptor) -> LockHolder?

    /// Creates a file system from its operations; tests use this to replace some of them.
    public init(
        open: @escaping @Sendable (String, Int32, UInt32) throws(SystemError) -> Descriptor,
        openAt: @escaping @Sendable (Descriptor, String, Int32, UInt32) throws(SystemError) -> Descriptor,
        close: @escaping @Sendable (Descriptor) -> Void,
        read: @escaping @Sendable (Descriptor, Int) throws(SystemError) -> [UInt8],
        write: @escaping @Sendable (Descriptor, [UInt8]) throws(SystemError) -> Void,
        sync: @escaping @Sendable (Descriptor) throws(SystemError) -> Void,
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
        lockHolder: @escaping @Sendable (Descriptor) -> LockHolder?
    ) {
        self.open = open
        self.openAt = openAt
        self.close = close
        self.read = read
        self.write = write
        self.sync = sync
        self.tryLock = tryLock
        self.renameAt = renameAt
        self.removeAt = removeAt
        self.makeFolderAt = makeFolderAt
        self.kind = kind
        self.linkDestination = linkDestination
        self.linkTarget = linkTarget
        self.pause = pause
        self.status = status
        self.setPermissions = setPermissions
        self.setOwner = setOwner
        self.entries = entries
        self.lockHolder = lockHolder
    }

    /// The real file system.
    public static let live = FileSystem(
        open: { path, flags, mode throws(SystemError) in
            let raw = try retryingInterrupts("open", path) { systemOpen(path, flags | O_CLOEXEC, mode) }
            return Descriptor(raw: raw, path: path)
        },
        openAt: { folder, name, flags, mode throws(SystemError) in
            let path = FileSystem.join(folder.path, name)
            // Never a controlling terminal: a device put where a file was expected must not become one.
            let raw = try retryingInterrupts("open", path) {
                openat(folder.raw, name, flags | O_CLOEXEC | O_NOCTTY, mode_t(mode))
            }
            return Descriptor(raw: raw, path: path)
        },
        close: { file in _ = systemClose(file.raw) },
        read: { file, limit throws(SystemError) in
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while bytes.count < limit {
                let wanted = min(chunk.count, limit - bytes.count)
                let count = try retryingInterrupts("read", file.path) {
                    chunk.withUnsafeMutableBytes { systemRead(file.raw, $0.baseAddress, wanted) }
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return bytes
        },
        write: { file, bytes throws(SystemError) in
            var offset = 0
            while offset < bytes.count {
                let count = try retryingInterrupts("write", file.path) {
                    bytes.withUnsafeBytes { systemWrite(file.raw, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
                }
                offset += count
            }
        },
        sync: { file throws(SystemError) in
            _ = try retryingInterrupts("fsync", file.path) { fsync(file.raw) }
        },
        tryLock: { file throws(SystemError) in
            while flock(file.raw, LOCK_EX | LOCK_NB) != 0 {
                switch errno {
                case EINTR: continue
                case EWOULDBLOCK: return false
                case let code: throw SystemError(call: "flock", path: file.path, errno: code)
                }
            }
            return true
        },
        renameAt: { folder, source, destination throws(SystemError) in
            _ = try retryingInterrupts("rename", FileSystem.join(folder.path, destination)) {
                renameat(folder.raw, source, folder.raw, destination)
            }
        },
        removeAt: { folder, name, isFolder throws(SystemError) in
            _ = try retryingInterrupts(isFolder ? "rmdir" : "unlink", FileSystem.join(folder.path, name)) {
                unlinkat(folder.raw, name, isFolder ? AT_REMOVEDIR : 0)
            }
        },
        makeFolderAt: { folder, name, mode throws(SystemError) in
            _ = try retryingInterrupts("mkdir", FileSystem.join(folder.path, name)) { mkdirat(folder.raw, name, mode_t(mode)) }
        },
        kind: { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .regularFile
            case S_IFDIR: return .folder
            default: return .other
            }
        },
        linkDestination: { path in
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(validating: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        },
        linkTarget: { link throws(SystemError) in
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = try retryingInterrupts("readlink", link.path) { readlinkat(link.raw, "", &buffer, buffer.count - 1) }
            // Names are UTF-8 here; a destination that is not cannot be followed by name.
            guard let text = String(validating: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) else {
                throw SystemError(call: "readlink", path: link.path, errno: EILSEQ)
            }
            return text
        },
        pause: { duration in
            let (seconds, attoseconds) = duration.components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0, errno == EINTR {
                request = remaining
            }
        },
        status: { file throws(SystemError) in
            var status = stat()
            _ = try retryingInterrupts("fstat", file.path) { fstat(file.raw, &status) }
            return FileStatus(status)
        },
        setPermissions: { file, permissions throws(SystemError) in
            #if os(Linux)
            // A descriptor opened only to walk (O_PATH) refuses fchmod; its /proc name is the file itself.
            _ = try retryingInterrupts("fchmod", file.path) {
                let result = fchmod(file.raw, mode_t(permissions))
                guard result != 0, errno == EBADF else { return result }
                return chmod("/proc/self/fd/\(file.raw)", mode_t(permissions))
            }
            #else
            _ = try retryingInterrupts("fchmod", file.path) { fchmod(file.raw, mode_t(permissions)) }
            #endif
        },
        setOwner: { file, owner, group throws(SystemError) in
            _ = try retryingInterrupts("fchown", file.path) { fchown(file.raw, uid_t(owner), gid_t(group)) }
        },
        entries: { folder in
            // A descriptor of its own, opened for reading (the folder's may be a path-only one), which closedir closes.
            let raw = openat(folder.raw, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard raw >= 0 else { return [] }
            guard let stream = fdopendir(raw) else {
                _ = systemClose(raw)
                return []
            }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if let name, name != ".", name != ".." { names.append(name) }
            }
            return names
        },
        lockHolder: { file in
            #if os(Linux)
            LinuxLocks.holder(of: file)
            #else
            nil
            #endif
        }
    )
}

extension FileSystem {
    #if os(Linux)
    /// Flags that open a name only to look at it or to walk through it, needing no permission on it
    /// (`O_PATH`), and not following it if it is a symbolic link: the link itself is opened.
    public static let linkItself: Int32 = 0o10000000 | O_NOFOLLOW
    #else
    /// Flags that open a name to look at it or to walk through it, and the link itself if it is one.
    public static let linkItself: Int32 = O_RDONLY | O_SYMLINK | O_NONBLOCK
    #endif

    /// `folder` and `name` joined by a slash, as messages show them: `name` alone for the working directory.
    static func join(_ folder: String, _ name: String) -> String {
        switch folder {
        case _ where name == ".": folder
        case "", ".": name
        case "/": "/" + name
        default: folder.hasSuffix("/") ? folder + name : folder + "/" + name
        }
    }
}

/// Calls `body` until it does not fail with `EINTR`; throws a `SystemError` on any other failure.
private func retryingInterrupts<Result: BinaryInteger>(
    _ call: String, _ path: String, _ body: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code != EINTR { throw SystemError(call: call, path: path, errno: code) }
    }
}

// The C functions by their module-qualified names, which `FileSystem`'s own properties shadow.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode_t(mode))
    #else
    Darwin.open(path, flags, mode_t(mode))
    #endif
}

private func systemClose(_ raw: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(raw)
    #else
    Darwin.close(raw)
    #endif
}

private func systemRead(_ raw: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(raw, buffer, count)
    #else
    Darwin.read(raw, buffer, count)
    #endif
}

private func systemWrite(_ raw: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(raw, buffer, count)
    #else
    Darwin.write(raw, buffer, count)
    #endif
}
