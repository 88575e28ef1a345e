#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the store needs, each a thin wrapper over one system call.
///
/// Every call retries `EINTR` and throws a `SystemError` naming the call, the path and `errno`.
/// This is the only place EmotionKit touches the file system, and the seam tests replace
/// to make any step fail: `var fs = FileSystem.live; fs.rename = { _, _ in throw … }`.
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

    /// `open(path, flags | O_CLOEXEC, mode)`.
    public var open: @Sendable (_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Descriptor
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
    /// Atomically replaces `destination` with `source`; `rename`.
    public var rename: @Sendable (_ source: String, _ destination: String) throws(SystemError) -> Void
    /// Removes a file; `unlink`.
    public var remove: @Sendable (_ path: String) throws(SystemError) -> Void
    /// Creates one folder; `mkdir`. Throws with `EEXIST` if something is already there.
    public var makeFolder: @Sendable (_ path: String, _ mode: UInt32) throws(SystemError) -> Void
    /// What kind of thing is at a path, following links, or `nil` if nothing is; `stat`.
    public var kind: @Sendable (_ path: String) -> FileKind?
    /// The path with every symbolic link resolved, or `nil` if it does not exist; `realpath`.
    public var resolve: @Sendable (_ path: String) -> String?
    /// Where a symbolic link points, as written in the link, or `nil` if the path is no link; `readlink`.
    public var linkDestination: @Sendable (_ path: String) -> String?
    /// Waits a little, between attempts to take a lock; `nanosleep`.
    public var pause: @Sendable (_ duration: Duration) -> Void
    /// The permission bits, owner and group of an open file; `fstat`.
    public var status: @Sendable (_ file: Descriptor) throws(SystemError) -> FileStatus
    /// The permission bits, owner and group of what is at a path, following links, or `nil`; `stat`.
    public var statusAt: @Sendable (_ path: String) -> FileStatus?
    /// Sets an open file's permission bits; `fchmod`.
    public var setPermissions: @Sendable (_ file: Descriptor, _ permissions: UInt32) throws(SystemError) -> Void
    /// Gives an open file to another owner and group; `fchown`.
    public var setOwner: @Sendable (_ file: Descriptor, _ owner: UInt32, _ group: UInt32) throws(SystemError) -> Void
    /// The names in a folder, without `.` and `..`; empty if it cannot be read; `readdir`.
    public var entries: @Sendable (_ folder: String) -> [String]
    /// The process holding an exclusive `flock` on the open file, if the system says; `/proc/locks`.
    public var lockHolder: @Sendable (_ file: Descriptor) -> LockHolder?

    /// Creates a file system from its operations; tests use this to replace some of them.
    public init(
        open: @escaping @Sendable (String, Int32, UInt32) throws(SystemError) -> Descriptor,
        close: @escaping @Sendable (Descriptor) -> Void,
        read: @escaping @Sendable (Descriptor, Int) throws(SystemError) -> [UInt8],
        write: @escaping @Sendable (Descriptor, [UInt8]) throws(SystemError) -> Void,
        sync: @escaping @Sendable (Descriptor) throws(SystemError) -> Void,
        tryLock: @escaping @Sendable (Descriptor) throws(SystemError) -> Bool,
        rename: @escaping @Sendable (String, String) throws(SystemError) -> Void,
        remove: @escaping @Sendable (String) throws(SystemError) -> Void,
        makeFolder: @escaping @Sendable (String, UInt32) throws(SystemError) -> Void,
        kind: @escaping @Sendable (String) -> FileKind?,
        resolve: @escaping @Sendable (String) -> String?,
        linkDestination: @escaping @Sendable (String) -> String?,
        pause: @escaping @Sendable (Duration) -> Void,
        status: @escaping @Sendable (Descriptor) throws(SystemError) -> FileStatus,
        statusAt: @escaping @Sendable (String) -> FileStatus?,
        setPermissions: @escaping @Sendable (Descriptor, UInt32) throws(SystemError) -> Void,
        setOwner: @escaping @Sendable (Descriptor, UInt32, UInt32) throws(SystemError) -> Void,
        entries: @escaping @Sendable (String) -> [String],
        lockHolder: @escaping @Sendable (Descriptor) -> LockHolder?
    ) {
        self.open = open
        self.close = close
        self.read = read
        self.write = write
        self.sync = sync
        self.tryLock = tryLock
        self.rename = rename
        self.remove = remove
        self.makeFolder = makeFolder
        self.kind = kind
        self.resolve = resolve
        self.linkDestination = linkDestination
        self.pause = pause
        self.status = status
        self.statusAt = statusAt
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
        rename: { source, destination throws(SystemError) in
            _ = try retryingInterrupts("rename", destination) { systemRename(source, destination) }
        },
        remove: { path throws(SystemError) in
            _ = try retryingInterrupts("unlink", path) { unlink(path) }
        },
        makeFolder: { path, mode throws(SystemError) in
            _ = try retryingInterrupts("mkdir", path) { mkdir(path, mode_t(mode)) }
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
        resolve: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(validatingCString: resolved)
        },
        linkDestination: { path in
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(validating: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
        statusAt: { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return FileStatus(status)
        },
        setPermissions: { file, permissions throws(SystemError) in
            _ = try retryingInterrupts("fchmod", file.path) { fchmod(file.raw, mode_t(permissions)) }
        },
        setOwner: { file, owner, group throws(SystemError) in
            _ = try retryingInterrupts("fchown", file.path) { fchown(file.raw, uid_t(owner), gid_t(group)) }
        },
        entries: { folder in
            guard let stream = opendir(folder) else { return [] }
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

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.rename(source, destination)
    #else
    Darwin.rename(source, destination)
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
