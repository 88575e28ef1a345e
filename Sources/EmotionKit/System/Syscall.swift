#if canImport(Glibc)
import CSystemCalls
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C calls the library makes, one thin function each, as swift-system's `Internals/Syscalls.swift`
/// and `FileOperations.swift` have them: each retries `EINTR`, throws a `SystemError` naming the
/// call, the path it worked on and `errno`, and says which C function it wraps.
///
/// The only place, with the few other files of `System/`, that imports the C library or tells one
/// system from another; everything above it speaks in descriptors, `FileStatus` and `SystemError`.
/// A descriptor's `path` is only for messages: it is never looked up again.
package enum Syscall {
    // MARK: - Opening and closing

    /// Opens `path` with `flags` (close-on-exec always added) and `mode` for a file it creates.
    ///
    /// The corresponding C function is `open`.
    package static func open(_ path: String, _ flags: Int32, _ mode: UInt32 = 0) throws(SystemError) -> Int32 {
        try retryingInterrupts("open", path) { systemOpen(path, flags | O_CLOEXEC, mode_t(mode)) }
    }

    /// Opens `name` in the open folder `folder` (`path` for messages), close-on-exec and never as a
    /// controlling terminal: a device put where a file was expected must not become one.
    ///
    /// The corresponding C function is `openat`.
    package static func openAt(
        _ folder: Int32, _ name: String, _ flags: Int32, _ mode: UInt32 = 0, path: String
    ) throws(SystemError) -> Int32 {
        try retryingInterrupts("open", path) { openat(folder, name, flags | O_CLOEXEC | O_NOCTTY, mode_t(mode)) }
    }

    /// Opens the name `name`, bytes that need not be UTF-8, in the open folder `folder`; see `openAt(_:_:_:_:path:)`.
    ///
    /// The corresponding C function is `openat`.
    package static func openAt(
        _ folder: Int32, _ name: [UInt8], _ flags: Int32, path: String
    ) throws(SystemError) -> Int32 {
        let name = cString(name)
        return try retryingInterrupts("open", path) { openat(folder, name, flags | O_CLOEXEC | O_NOCTTY) }
    }

    /// Opens `path` with `flags`, not closed on exec: for the standard descriptors, which the
    /// programs this one starts inherit.
    ///
    /// The corresponding C function is `open`.
    package static func openInheritable(_ path: String, _ flags: Int32) throws(SystemError) -> Int32 {
        try retryingInterrupts("open", path) { systemOpen(path, flags, 0) }
    }

    /// A new descriptor for reading the file open at `descriptor`, which may be open only to be
    /// looked at and executed (`O_PATH` on Linux, which reads nothing); it reads from the start.
    ///
    /// The corresponding C function is `open("/proc/self/fd/…")` on Linux, `dup` elsewhere.
    package static func openForReading(_ descriptor: Int32) throws(SystemError) -> Int32 {
        #if os(Linux)
        try open("/proc/self/fd/" + String(descriptor), O_RDONLY)
        #else
        try retryingInterrupts("dup", "") { dup(descriptor) }
        #endif
    }

    /// Closes `descriptor`; errors are ignored, since nothing useful can follow them.
    ///
    /// The corresponding C function is `close`.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// A second descriptor, at `lowest` or above and close-on-exec, for the open file `descriptor`.
    ///
    /// The corresponding C function is `fcntl(F_DUPFD_CLOEXEC)`.
    package static func duplicate(_ descriptor: Int32, atLeast lowest: Int32) throws(SystemError) -> Int32 {
        try retryingInterrupts("fcntl", "") { fcntl(descriptor, F_DUPFD_CLOEXEC, lowest) }
    }

    /// Whether `descriptor` is open in this process.
    ///
    /// The corresponding C function is `fcntl(F_GETFD)`.
    package static func isOpen(_ descriptor: Int32) -> Bool {
        !(fcntl(descriptor, F_GETFD) == -1 && errno == EBADF)
    }

    /// Which of standard input, output and error are closed, asked in one call: `poll` with no events and no wait says
    /// `POLLNVAL` of a descriptor that is not open. `nil` if the system would not answer.
    ///
    /// The corresponding C function is `poll`.
    package static func closedStandardDescriptors() -> [Int32]? {
        // A tuple, not an array: an array of `pollfd` has its type built at run time, on every start.
        var polled = (
            pollfd(fd: standardInput, events: 0, revents: 0), pollfd(fd: standardOutput, events: 0, revents: 0),
            pollfd(fd: standardError, events: 0, revents: 0))
        let answered = withUnsafeMutableBytes(of: &polled) { bytes -> Bool in
            guard let first = bytes.baseAddress?.assumingMemoryBound(to: pollfd.self) else { return false }
            while poll(first, 3, 0) < 0 {
                if errno != EINTR { return false }
            }
            return true
        }
        guard answered else { return nil }
        let invalid = Int16(POLLNVAL)
        if polled.0.revents & invalid == 0, polled.1.revents & invalid == 0, polled.2.revents & invalid == 0 { return [] }
        var closed: [Int32] = []
        if polled.0.revents & invalid != 0 { closed.append(standardInput) }
        if polled.1.revents & invalid != 0 { closed.append(standardOutput) }
        if polled.2.revents & invalid != 0 { closed.append(standardError) }
        return closed
    }

    /// Marks `descriptor` close-on-exec.
    ///
    /// The corresponding C function is `fcntl(F_SETFD, FD_CLOEXEC)`.
    package static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// Makes reads and writes of `descriptor` fail with `EAGAIN` rather than wait.
    ///
    /// The corresponding C function is `fcntl(F_SETFL, O_NONBLOCK)`.
    package static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
        _ = try retryingInterrupts("fcntl", "") { fcntl(descriptor, F_SETFL, O_NONBLOCK) }
    }

    /// A new pipe's read and write ends, both close-on-exec.
    ///
    /// Swift's Glibc module has no `pipe2`, so the ends are marked close-on-exec just after: a
    /// process another thread spawned in between could inherit them.
    ///
    /// The corresponding C function is `pipe`.
    package static func pipe() throws(SystemError) -> (reader: Int32, writer: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = try retryingInterrupts("pipe", "") { systemPipe(&ends) }
        setCloseOnExec(ends[0])
        setCloseOnExec(ends[1])
        return (ends[0], ends[1])
    }

    /// Has the allocator map each block of 1 MiB or more apart and unmap it when it is freed,
    /// instead of raising that bound as such blocks are freed (glibc's default), after which they
    /// come from the heap and stay resident: a command that frees large arrays before it makes
    /// others (an import's first read) then gives the memory back first. Nothing elsewhere.
    ///
    /// The corresponding C function is `mallopt(M_MMAP_THRESHOLD, …)`, found with `dlsym`: the C
    /// library's module does not bring `malloc.h`.
    package static func mapLargeAllocationsApart() {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3  // `M_MMAP_THRESHOLD` in glibc's malloc.h.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallocOption.self)(mmapThreshold, 128 * 1024)
        #endif
    }

    // MARK: - Reading and writing

    /// Reads into `buffer` from `offset` in the file, leaving the file's own offset alone.
    ///
    /// The corresponding C function is `pread`.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, path: String
    ) throws(SystemError) -> Int {
        try retryingInterrupts("read", path) { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Reads up to `count` bytes from `offset` in the file, fewer only at its end, leaving the file's own offset alone.
    ///
    /// The corresponding C function is `pread`, called until `count` bytes are read or it returns 0.
    package static func read(_ descriptor: Int32, count: Int, at offset: Int64, path: String) throws(SystemError) -> [UInt8] {
        // Not zero-filled first: `pread` writes every byte kept, and a journal is read 64 KiB at a time.
        var bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { _, initialized in initialized = max(count, 0) }
        var filled = 0
        while filled < bytes.count {
            let got = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: offset + Int64(filled), path: path)
                }
            }.get()
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Reads the file from its current offset to its end, but no more than `limit` bytes.
    ///
    /// The corresponding C function is `read`, called until it returns 0.
    package static func readAll(_ descriptor: Int32, limit: Int, chunk: Int = 64 * 1024, path: String) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        // A page first, then twice as much after each full read up to `chunk`: a data file of a few
        // hundred bytes touches one page of memory, not the 16 KiB a fixed buffer did.
        var buffer = [UInt8](repeating: 0, count: max(1, min(4096, chunk, limit)))
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let count = try retryingInterrupts("read", path) {
                buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if count == buffer.count, buffer.count < chunk {
                buffer = [UInt8](repeating: 0, count: min(buffer.count * 2, chunk))
            }
        }
        return bytes
    }

    /// Writes all of `bytes`, going on after short writes and interruptions.
    ///
    /// A write that makes no progress fails with `EIO`: the rest could never be written.
    ///
    /// The corresponding C function is `write`, called until every byte is written.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = try retryingInterrupts("write", path) {
                bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            }
            guard count > 0 else { throw SystemError(call: "write", path: path, errno: EIO) }
            offset += count
        }
    }

    /// Flushes the file, or a folder opened for reading, to stable storage.
    ///
    /// The corresponding C function is `fsync`.
    package static func sync(_ descriptor: Int32, path: String) throws(SystemError) {
        _ = try retryingInterrupts("fsync", path) { fsync(descriptor) }
    }

    /// Flushes the file's data, and its size when it grew, to stable storage; not other metadata.
    ///
    /// The corresponding C function is `fdatasync` (`fsync` on Darwin, which has no `fdatasync`).
    package static func syncData(_ descriptor: Int32, path: String) throws(SystemError) {
        #if canImport(Darwin)
            _ = try retryingInterrupts("fsync", path) { fsync(descriptor) }
        #else
            _ = try retryingInterrupts("fdatasync", path) { fdatasync(descriptor) }
        #endif
    }

    /// Cuts the file to `length` bytes.
    ///
    /// The corresponding C function is `ftruncate`.
    package static func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(SystemError) {
        _ = try retryingInterrupts("ftruncate", path) { ftruncate(descriptor, off_t(length)) }
    }

    // MARK: - Locks

    /// Tries once to take an exclusive advisory lock on the open file; `false` if another holder has it.
    ///
    /// The corresponding C function is `flock(LOCK_EX | LOCK_NB)`.
    package static func tryLock(_ descriptor: Int32, path: String) throws(SystemError) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            case let code: throw SystemError(call: "flock", path: path, errno: code)
            }
        }
        return true
    }

    // MARK: - Names in folders

    /// Atomically replaces `destination` with `source`, both names in the open folder `folder`.
    ///
    /// The corresponding C function is `renameat`.
    package static func renameAt(_ folder: Int32, _ source: String, _ destination: String, path: String) throws(SystemError) {
        _ = try retryingInterrupts("rename", path) { renameat(folder, source, folder, destination) }
    }

    /// Removes the file, or with `isFolder` the empty folder, `name` in the open folder `folder`.
    ///
    /// The corresponding C function is `unlinkat`.
    package static func removeAt(_ folder: Int32, _ name: String, isFolder: Bool, path: String) throws(SystemError) {
        _ = try retryingInterrupts(isFolder ? "rmdir" : "unlink", path) {
            unlinkat(folder, name, isFolder ? AT_REMOVEDIR : 0)
        }
    }

    /// Creates the folder `name` in the open folder `folder`; fails with `EEXIST` if something is there.
    ///
    /// The corresponding C function is `mkdirat`.
    package static func makeFolderAt(_ folder: Int32, _ name: String, _ mode: UInt32, path: String) throws(SystemError) {
        _ = try retryingInterrupts("mkdir", path) { mkdirat(folder, name, mode_t(mode)) }
    }

    /// The names in the open folder `folder`, as bytes (a name need not be UTF-8), without `.` and `..`.
    ///
    /// The corresponding C functions are `openat`, `fdopendir` and `readdir`.
    package static func names(in folder: Int32, path: String) throws(SystemError) -> [[UInt8]] {
        var names: [[UInt8]] = []
        try forEachName(in: folder, path: path) { names.append(Array($0)) }
        return names
    }

    /// Calls `body` with each name in the open folder `folder`, as bytes without their NUL (a name
    /// need not be UTF-8), but `.` and `..`; the bytes are valid only during the call.
    ///
    /// Read through a descriptor of its own, opened for reading (the folder's may be a path-only one).
    /// No array of names is built: on the `tap` path, an array of byte arrays costs its metadata.
    ///
    /// The corresponding C functions are `openat` and `getdents64` (Linux: `fdopendir` would add an
    /// `fstat` and two `fcntl`s to a listing of the sync folder on every tap), or `fdopendir` and `readdir`.
    package static func forEachName(
        in folder: Int32, path: String, _ body: (Slice<UnsafeRawBufferPointer>) -> Void
    ) throws(SystemError) {
        let reader: Int32
        do {
            reader = try openAt(folder, ".", O_RDONLY | O_DIRECTORY, path: path)
        } catch {
            throw SystemError(call: "opendir", path: path, errno: error.errno)
        }
        #if canImport(Glibc)
        defer { close(reader) }
        try forEachName(readingThrough: reader, path: path, body)
        #else
        guard let stream = fdopendir(reader) else {
            let error = SystemError(call: "opendir", path: path, errno: errno)
            close(reader)
            throw error
        }
        defer { closedir(stream) }
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw SystemError(call: "readdir", path: path, errno: errno) }
                return
            }
            withUnsafeBytes(of: &entry.pointee.d_name) { bytes in callUnlessDots(body, with: bytes.prefix { $0 != 0 }) }
        }
        #endif
    }

    #if canImport(Glibc)
    /// Calls `body` with each name `getdents64` reads through `reader`, a folder open for reading,
    /// from where its position stands to the folder's end (all of it, for a descriptor not read
    /// before), but `.` and `..`; the bytes are valid only during the call.
    package static func forEachName(
        readingThrough reader: Int32, path: String, _ body: (Slice<UnsafeRawBufferPointer>) -> Void
    ) throws(SystemError) {
        let failed = withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer -> SystemError? in
            while true {
                let filled = emotions_getdents64(reader, buffer.baseAddress, UInt(buffer.count))
                if filled == 0 { return nil }
                if filled < 0 {
                    if errno == EINTR { continue }
                    return SystemError(call: "readdir", path: path, errno: errno)
                }
                forEachName(in: UnsafeRawBufferPointer(rebasing: buffer[..<filled]), body)
            }
        }
        if let failed { throw failed }
    }

    /// Calls `body` with the name of each `linux_dirent64` record in `records`, as `getdents64` filled them.
    static func forEachName(in records: UnsafeRawBufferPointer, _ body: (Slice<UnsafeRawBufferPointer>) -> Void) {
        let recordLengthOffset = 16, nameOffset = 19
        var start = 0
        while start + nameOffset < records.count {
            let recordLength = Int(records.loadUnaligned(fromByteOffset: start + recordLengthOffset, as: UInt16.self))
            guard recordLength > nameOffset, start + recordLength <= records.count else { return }
            callUnlessDots(body, with: records[(start + nameOffset)..<(start + recordLength)].prefix { $0 != 0 })
            start += recordLength
        }
    }
    #endif

    /// Calls `body` with `name`, unless it is `.` or `..`.
    private static func callUnlessDots(_ body: (Slice<UnsafeRawBufferPointer>) -> Void, with name: Slice<UnsafeRawBufferPointer>) {
        let dot = UInt8(ascii: ".")
        let isDots = name.count <= 2 && !name.isEmpty && name.allSatisfy { $0 == dot }
        if !isDots { body(name) }
    }

    // MARK: - Status

    /// The kind, permission bits, owner, group, link count and identity of the open file (or link),
    /// and on Linux whether it is immutable or append-only (`FileStatus.isUnchangeable`).
    ///
    /// The corresponding C function is `fstat`; on Linux `statx`, which tells both in one call: the
    /// data file's status and that question were two calls on every tap.
    package static func status(of descriptor: Int32, path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        #if canImport(Glibc)
        var unchangeable: Int32 = -1
        _ = try retryingInterrupts("fstat", path) { emotions_fstat_changeable(descriptor, &status, &unchangeable) }
        var found = FileStatus(status)
        found.isUnchangeable = unchangeable < 0 ? nil : unchangeable == 1
        return found
        #else
        _ = try retryingInterrupts("fstat", path) { fstat(descriptor, &status) }
        return FileStatus(status)
        #endif
    }

    /// The status of what `path` names, following links.
    ///
    /// The corresponding C function is `stat`.
    package static func status(ofPath path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        _ = try retryingInterrupts("stat", path) { stat(path, &status) }
        return FileStatus(status)
    }

    /// The status of what `name` in the open folder `folder` names, following links.
    ///
    /// The corresponding C function is `fstatat`.
    package static func status(of name: [UInt8], in folder: Int32, path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        let name = cString(name)
        _ = try retryingInterrupts("fstat", path) { fstatat(folder, name, &status, 0) }
        return FileStatus(status)
    }

    /// The status of what `name` in the open folder `folder` names, not following it if it is a
    /// symbolic link: what opening it with `OpenFlags.linkItself` and `fstat` give, in one call.
    ///
    /// The corresponding C function is `fstatat` with `AT_SYMLINK_NOFOLLOW`.
    package static func status(ofLinkItself name: String, in folder: Int32, path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        _ = try retryingInterrupts("fstat", path) { fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) }
        return FileStatus(status)
    }

    /// Takes an exclusive `flock` on `descriptor`, blocking for at most `timeout`: `true` once taken,
    /// `false` if the time ran out; `nil` where the system cannot wait so (macOS, or no timer can be
    /// made: no signal may be queued), for the caller to poll instead.
    ///
    /// The wait is cut by a timer's `SIGALRM` to this thread, caught by a handler installed for
    /// the wait and put back after (see `emotions_lock_waiting` in CSystemCalls): only for a program
    /// that owns its process's signals, as the command line does.
    ///
    /// The corresponding C function is `flock(LOCK_EX)`.
    package static func lockWaiting(_ descriptor: Int32, for timeout: Duration, path: String) throws(SystemError) -> Bool? {
        #if os(Linux)
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds > 9_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        guard AlarmHandler.shared.enter() else { return nil }  // No handler: poll.
        let result = emotions_lock_waiting(descriptor, nanoseconds)
        let failure = errno
        AlarmHandler.shared.leave()
        switch result {
        case 0: return true
        case -2: return nil  // The wait could not be cut short (no signal may be queued): poll.
        default: break
        }
        if failure == EWOULDBLOCK { return false }
        throw SystemError(call: "flock", path: path, errno: failure)
        #else
        return nil
        #endif
    }

    /// The folder at `path`, open for walking (`O_PATH`), or for reading its names too if
    /// `forReading`, if no symbolic link is on the way; `nil` if one is, or the path cannot be opened
    /// so, or the system has no `openat2` (Linux before 5.6, macOS, a seccomp filter that refuses it).
    ///
    /// The corresponding C function is `openat2` with `RESOLVE_NO_SYMLINKS`.
    package static func openFolderWithoutLinks(_ path: String, forReading: Bool = false) -> Int32? {
        #if os(Linux)
        let flags = forReading ? O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY : OpenFlags.linkItself | O_DIRECTORY
        while true {
            let opened = emotions_openat2_no_links(AT_FDCWD, path, UInt64(UInt32(bitPattern: flags)))
            if opened >= 0 { return opened }
            if errno != EINTR { return nil }
        }
        #else
        return nil
        #endif
    }

    /// Whether the open `file` is on a file system of this machine's that stamps times from its clock,
    /// at most 2 s coarse: ext2 to ext4, XFS, Btrfs, tmpfs, F2FS, ZFS, bcachefs and the kernel's NTFS.
    /// Not a network or FUSE file system (a server's clock, or whatever a program says), nor FAT or
    /// exFAT (drives other systems write too, whose FAT drivers need not move a folder's time when a
    /// name is made in it; FAT's root folder keeps none), nor one this does not know; and nowhere but on Linux.
    ///
    /// The corresponding C function is `fstatfs`.
    package static func isOnLocalFileSystem(_ file: Int32) -> Bool {
        #if os(Linux)
        return isLocalFileSystem(type: Int64(emotions_file_system_type(file)))
        #else
        return false
        #endif
    }

    /// Whether a file system of `type` (`fstatfs`'s `f_type`) is one `isOnLocalFileSystem` takes.
    package static func isLocalFileSystem(type: Int64) -> Bool {
        switch type {
        case 0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0xF2F5_2010, 0x2FC1_2FC1, 0xCA45_1A4E, 0x7366_746E:
            return true
        default:
            return false
        }
    }

    /// Throws `EPERM`, as opening it for writing would, if `name` in `folder` (a link not followed)
    /// is immutable or append-only (`chattr +i`, `+a`): no permission bit says so, and neither
    /// the owner nor root may then replace it. Nothing where the system does not say.
    ///
    /// The corresponding C function is `statx`, for `stx_attributes`.
    package static func checkChangeable(_ name: String, in folder: Int32, path: String) throws(SystemError) {
        #if os(Linux)
        if emotions_unchangeable(folder, name) != 0 { throw SystemError(call: "open", path: path, errno: EPERM) }
        #endif
    }

    /// Throws unless the effective user may write `name` in `folder` (links not followed).
    ///
    /// The corresponding C function is `faccessat` with `W_OK`, `AT_EACCESS` and `AT_SYMLINK_NOFOLLOW`.
    package static func checkWritable(_ name: String, in folder: Int32, path: String) throws(SystemError) {
        _ = try retryingInterrupts("open", path) { faccessat(folder, name, W_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW) }
    }

    /// Whether nothing is at `path` (links followed): a cheaper question than its status.
    ///
    /// The corresponding C function is `stat`, failing with `ENOENT`.
    package static func isMissing(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 && errno == ENOENT
    }

    /// Where the symbolic link at `path` points, as written in the link.
    ///
    /// The corresponding C function is `readlink`.
    package static func linkDestination(ofPath path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try retryingInterrupts("readlink", path) { readlink(path, &buffer, buffer.count - 1) }
        return try text(buffer[0..<count], "readlink", path)
    }

    /// Where the symbolic link open at `link` (opened with `OpenFlags.linkItself`) points.
    ///
    /// The corresponding C function is `readlinkat(fd, "")`.
    package static func linkDestination(of link: Int32, path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try retryingInterrupts("readlink", path) { readlinkat(link, "", &buffer, buffer.count - 1) }
        return try text(buffer[0..<count], "readlink", path)
    }

    /// Whether the real user may execute `path`.
    ///
    /// The corresponding C function is `access(X_OK)`.
    package static func mayExecute(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    // MARK: - Changing files

    /// Sets the open file's permission bits.
    ///
    /// On Linux a descriptor opened only to walk (`O_PATH`) refuses `fchmod` with `EBADF`; its
    /// `/proc/self/fd` name is the file itself, which `chmod` then changes.
    ///
    /// The corresponding C function is `fchmod`.
    package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32, path: String) throws(SystemError) {
        _ = try retryingInterrupts("fchmod", path) {
            let result = fchmod(descriptor, mode_t(permissions))
            #if os(Linux)
            guard result != 0, errno == EBADF else { return result }
            return chmod("/proc/self/fd/" + String(descriptor), mode_t(permissions))
            #else
            return result
            #endif
        }
    }

    /// Gives the open file to another owner and group.
    ///
    /// The corresponding C function is `fchown`.
    package static func setOwner(_ descriptor: Int32, _ owner: UInt32, _ group: UInt32, path: String) throws(SystemError) {
        _ = try retryingInterrupts("fchown", path) { fchown(descriptor, uid_t(owner), gid_t(group)) }
    }

    // MARK: - This process

    /// The effective user ID. The corresponding C function is `geteuid`; on Linux it is read from the
    /// auxiliary vector the kernel gave the process (`getauxval(AT_EUID)`), with no system call, since
    /// this process never changes it.
    package static var effectiveUser: UInt32 {
        #if os(Linux)
        emotions_auxiliary_effective_user()
        #else
        UInt32(geteuid())
        #endif
    }

    /// The real user ID. The corresponding C function is `getuid`.
    package static var realUser: UInt32 { UInt32(getuid()) }

    /// The effective group ID. The corresponding C function is `getegid`; on Linux read as
    /// `effectiveUser` is (`getauxval(AT_EGID)`).
    package static var effectiveGroup: UInt32 {
        #if os(Linux)
        emotions_auxiliary_effective_group()
        #else
        UInt32(getegid())
        #endif
    }

    /// Fills `bytes` (at most 256) with random bits from the system's generator in one call;
    /// `false` if it would not. The corresponding C functions are `getrandom` and `arc4random_buf`.
    package static func fillRandom(_ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        #if os(Linux)
        while true {
            let got = emotions_getrandom(start, UInt(bytes.count))
            if got == bytes.count { return true }
            if got < 0, errno == EINTR { continue }
            return false  // Up to 256 bytes come whole once the generator is ready (getrandom(2)).
        }
        #else
        arc4random_buf(start, bytes.count)
        return true
        #endif
    }

    /// Whether the effective group or a supplementary group is `group`.
    ///
    /// The corresponding C functions are `getegid` and `getgroups`.
    package static func isMember(of group: UInt32) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return groups.prefix(max(0, Int(filled))).contains(group)
    }

    /// This process's ID. The corresponding C function is `getpid`.
    package static var processID: Int32 { getpid() }

    /// This process's group's ID. The corresponding C function is `getpgrp`.
    package static var processGroup: Int32 { getpgrp() }

    /// The machine's host name, its first label (`laptop` of `laptop.example.org`); `nil` if it has none.
    ///
    /// The corresponding C function is `gethostname`.
    package static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let label = name.split(separator: ".").first.map(String.init) ?? ""
        return label.isEmpty ? nil : label
    }

    /// The working directory's path; `nil` if it cannot be told (removed, or too long to tell).
    ///
    /// The corresponding C function is `getcwd`.
    package static func workingDirectory() -> String? {
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(validatingCString: directory)
    }

    /// Why the working directory's path cannot be told: the `errno` of `getcwd`, or `ENOENT` if it now can.
    ///
    /// The corresponding C function is `getcwd`.
    package static func workingDirectoryError() -> Int32 {
        errno = 0
        guard let directory = getcwd(nil, 0) else { return errno == 0 ? ENOENT : errno }
        free(directory)
        return ENOENT
    }

    /// The wait status of the child process `id` once it has ended, reaping it, or with
    /// `reportingStops` once a signal stopped it; `nil` if there is nothing to tell yet and not
    /// `waiting`. A child the system reaped itself (this process ignores `SIGCHLD`) counts as
    /// ended with status 0.
    ///
    /// The corresponding C function is `waitpid`.
    package static func wait(for id: Int32, waiting: Bool, reportingStops: Bool = false) -> Int32? {
        var status: Int32 = 0
        let options = (waiting ? 0 : WNOHANG) | (reportingStops ? WUNTRACED : 0)
        while true {
            let reaped = waitpid(id, &status, options)
            if reaped == id { return status }
            if reaped == 0 { return nil }
            if errno != EINTR { return 0 }
        }
    }

    /// Whether the child process `id` has ended, without reaping it.
    ///
    /// The corresponding C function is `waitid(WNOWAIT)`.
    package static func hasEnded(_ id: Int32) -> Bool {
        var information = siginfo_t()
        while waitid(P_PID, id_t(id), &information, WEXITED | WNOHANG | WNOWAIT) != 0 {
            if errno != EINTR { return true }
        }
        // With WNOHANG and nothing to report, the system leaves si_signo zero.
        return information.si_signo == SIGCHLD
    }

    /// Waits `duration`, going on after interruptions.
    ///
    /// The corresponding C function is `nanosleep`.
    package static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR {
            request = remaining
        }
    }

    /// Ends the process with `status`, flushing nothing (nothing is buffered).
    ///
    /// The corresponding C function is `exit`.
    package static func exit(_ status: Int32) -> Never {
        systemExit(status)
    }

    /// The system's words for `code`, such as "No space left on device".
    ///
    /// The corresponding C function is `strerror`.
    package static func describe(errno code: Int32) -> String? {
        strerror(code).map { String(cString: $0) }
    }

    // MARK: - Standard descriptors and terminals

    /// Standard input's descriptor, 0.
    package static var standardInput: Int32 { STDIN_FILENO }
    /// Standard output's descriptor, 1.
    package static var standardOutput: Int32 { STDOUT_FILENO }
    /// Standard error's descriptor, 2.
    package static var standardError: Int32 { STDERR_FILENO }

    /// Waits until `descriptor`'s other end goes (a pipe's reader closed it, a terminal hung up);
    /// returns `true` then, or `false` if it cannot be waited for. For a regular file or `/dev/null`
    /// it never returns.
    ///
    /// Waiting for no event at all, `poll` wakes only for an error or a hang-up.
    ///
    /// The corresponding C function is `poll`.
    package static func waitUntilGone(_ descriptor: Int32) -> Bool {
        var output = pollfd(fd: descriptor, events: 0, revents: 0)
        while poll(&output, 1, -1) < 0, errno == EINTR {}
        return output.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// Whether `descriptor` is a terminal. The corresponding C function is `isatty`.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width of the terminal `descriptor` is; `nil` for anything but a terminal, or one that
    /// reports zero columns (as a serial line may).
    ///
    /// The corresponding C function is `ioctl(TIOCGWINSZ)`.
    package static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    // MARK: - Helpers

    /// `bytes` read as UTF-8; throws `EILSEQ` for bytes that are not, which cannot be followed by name.
    private static func text(_ bytes: ArraySlice<CChar>, _ call: String, _ path: String) throws(SystemError) -> String {
        guard let text = String(validating: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self) else {
            throw SystemError(call: call, path: path, errno: EILSEQ)
        }
        return text
    }
}

extension FileStatus {
    /// The permission bits, owner and group in `status`.
    init(_ status: stat) {
        let kind: FileKind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regularFile
            case S_IFDIR: .folder
            case S_IFLNK: .symbolicLink
            default: .other
            }
        self.init(
            permissions: UInt32(status.st_mode) & 0o7777, owner: UInt32(status.st_uid), group: UInt32(status.st_gid),
            kind: kind, links: UInt64(status.st_nlink),
            identity: FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
            size: Int64(status.st_size))
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        self.modified = .seconds(Int64(modified.tv_sec)) + .nanoseconds(Int64(modified.tv_nsec))
        self.changed = .seconds(Int64(changed.tv_sec)) + .nanoseconds(Int64(changed.tv_nsec))
    }
}

/// `bytes` and a NUL, as a C function takes a name that need not be UTF-8.
private func cString(_ bytes: [UInt8]) -> [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
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

// The C functions by their module-qualified names, which `Syscall`'s own functions shadow (`close`,
// `read` and `write` are `CStringCalls`' too).
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}

func systemClose(_ raw: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(raw)
    #else
    Darwin.close(raw)
    #endif
}

func systemRead(_ raw: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(raw, buffer, count)
    #else
    Darwin.read(raw, buffer, count)
    #endif
}

func systemWrite(_ raw: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(raw, buffer, count)
    #else
    Darwin.write(raw, buffer, count)
    #endif
}

private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 {
    #if canImport(Glibc)
    Glibc.pipe(ends)
    #else
    Darwin.pipe(ends)
    #endif
}

private func systemExit(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
}
