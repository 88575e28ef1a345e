#if canImport(Glibc)
import CSystemCalls
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few calls `QuickCounts` makes, on names that are C strings already, answering `nil` rather
/// than throwing: a path made a `String` costs its storage, and the process's first thrown error
/// its type's conformance looked up, pages a `stats --json` of a millisecond notices. Each retries
/// `EINTR`; any other failure is `nil`, and the caller then leaves the work to `Syscall`'s own.
package enum CStringCalls {
    /// The folder at `path`, open for walking (`O_PATH`), if no symbolic link is on the way; as
    /// `Syscall.openFolderWithoutLinks(_:forReading:)`. `nil` on other systems than Linux.
    ///
    /// The corresponding C function is `openat2` with `RESOLVE_NO_SYMLINKS`.
    package static func openFolderWithoutLinks(_ path: UnsafePointer<CChar>) -> Int32? {
        #if os(Linux)
        retrying { emotions_openat2_no_links(AT_FDCWD, path, UInt64(UInt32(bitPattern: OpenFlags.linkItself | O_DIRECTORY))) }
        #else
        nil
        #endif
    }

    /// The file `name` in the open folder `folder`, opened for reading only, without following a
    /// link (`ELOOP`) or waiting on a FIFO, as `DataFileReader` opens the data file.
    ///
    /// The corresponding C function is `openat`.
    package static func openForReading(_ folder: Int32, _ name: UnsafePointer<CChar>) -> Int32? {
        retrying { openat(folder, name, O_RDONLY | OpenFlags.nonBlocking | OpenFlags.noFollow | O_CLOEXEC | O_NOCTTY) }
    }

    /// The status of the open file `descriptor`.
    ///
    /// The corresponding C function is `fstat`.
    package static func status(_ descriptor: Int32) -> FileStatus? {
        var status = stat()
        return retrying({ fstat(descriptor, &status) }) == nil ? nil : FileStatus(status)
    }

    /// The status of `name` in the open folder `folder`, a link itself rather than what it names;
    /// else `nil` and the `errno` that says why there is none.
    ///
    /// The corresponding C function is `fstatat` with `AT_SYMLINK_NOFOLLOW`.
    package static func status(_ folder: Int32, _ name: UnsafePointer<CChar>) -> (status: FileStatus?, errno: Int32) {
        var status = stat()
        while fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno != EINTR { return (nil, errno) }
        }
        return (FileStatus(status), 0)
    }

    /// Reads up to `buffer.count` bytes from `descriptor` into `buffer`, to its end or the buffer's;
    /// how many it read.
    ///
    /// The corresponding C function is `read`.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            guard let count = retrying({ systemRead(descriptor, base + done, buffer.count - done) }) else { return nil }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Writes all of `bytes` to `descriptor`; whether it could.
    ///
    /// The corresponding C function is `write`.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            guard let count = retrying({ systemWrite(descriptor, base + done, bytes.count - done) }) else { return false }
            done += count
        }
        return true
    }

    /// Closes `descriptor`.
    ///
    /// The corresponding C function is `close`.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The file `name` in the open folder `folder`, opened with `flags` (and `O_CLOEXEC` and
    /// `O_NOCTTY`, as `Syscall` opens every file), made with `mode` if `flags` has `O_CREAT`.
    ///
    /// The corresponding C function is `openat`.
    package static func open(_ folder: Int32, _ name: UnsafePointer<CChar>, flags: Int32, mode: UInt32 = 0) -> Int32? {
        retrying { openat(folder, name, flags | O_CLOEXEC | O_NOCTTY, mode_t(mode)) }
    }

    /// The status of the file at `path`, following links; else `nil` and the `errno` that says why.
    ///
    /// The corresponding C function is `stat`.
    package static func statusFollowingLinks(_ path: UnsafePointer<CChar>) -> (status: stat?, errno: Int32) {
        var status = stat()
        while stat(path, &status) != 0 {
            if errno != EINTR { return (nil, errno) }
        }
        return (status, 0)
    }

    /// Tries once to take an exclusive `flock` on `descriptor`: `true` if taken, `false` if another
    /// holds it, `nil` if the system fails.
    ///
    /// The corresponding C function is `flock` with `LOCK_NB`.
    package static func tryLock(_ descriptor: Int32) -> Bool? {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            default: return nil
            }
        }
        return true
    }

    /// Reads `buffer.count` bytes of `descriptor` from `offset`; whether it read them all.
    ///
    /// The corresponding C function is `pread`.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var done = 0
        while done < buffer.count {
            guard let count = retrying({ pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done)) }), count > 0
            else { return false }
            done += count
        }
        return true
    }

    /// Flushes the open file's bytes to the disk; `0`, or the `errno` that says why not.
    ///
    /// The corresponding C function is `fdatasync` (`fsync` on macOS, which has no other).
    package static func syncData(_ descriptor: Int32) -> Int32 {
        #if os(Linux)
        retrying { fdatasync(descriptor) } == nil ? errno : 0
        #else
        retrying { fsync(descriptor) } == nil ? errno : 0
        #endif
    }

    /// Cuts the open file to `length` bytes; `0`, or the `errno` that says why not.
    ///
    /// The corresponding C function is `ftruncate`.
    package static func truncate(_ descriptor: Int32, to length: Int64) -> Int32 {
        retrying { ftruncate(descriptor, off_t(length)) } == nil ? errno : 0
    }

    /// Sets the open file's permission bits; whether it could.
    ///
    /// The corresponding C function is `fchmod`.
    package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> Bool {
        retrying { fchmod(descriptor, mode_t(permissions)) } != nil
    }

    /// Renames `name` to `newName`, both in the open folder `folder`; whether it could.
    ///
    /// The corresponding C function is `renameat`.
    package static func rename(_ folder: Int32, _ name: UnsafePointer<CChar>, to newName: UnsafePointer<CChar>) -> Bool {
        retrying { renameat(folder, name, folder, newName) } != nil
    }

    /// Removes the file `name` from the open folder `folder`, if it can.
    ///
    /// The corresponding C function is `unlinkat`.
    package static func remove(_ folder: Int32, _ name: UnsafePointer<CChar>) {
        _ = retrying { unlinkat(folder, name, 0) }
    }

    /// `body`'s result, called again while it fails with `EINTR`; `nil` if it fails otherwise.
    private static func retrying<Result: BinaryInteger>(_ body: () -> Result) -> Result? {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno != EINTR { return nil }
        }
    }
}

