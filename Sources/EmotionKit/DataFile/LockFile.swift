/// The data file's lock file, `<file>.lock`, held with an exclusive `flock` by the one process that
/// updates the data file; readers take no lock.
///
/// The lock file is never removed but by `remove()`, which only an update that made it and then
/// saved nothing calls, while holding it: so every process locks the same file.
struct LockFile {
    /// The lock file, open; closing it releases the lock.
    let descriptor: FileSystem.Descriptor
    /// Whether this process made the lock file, for a first save: if that save fails, it is removed again.
    let isNew: Bool
    /// The lock file's name in the data file's folder.
    private let location: NameInFolder
    private let fileSystem: FileSystem

    /// Opens `<file>.lock` beside `dataFile`, creating it with `mode` if need be, and waits up to
    /// `timeout` for an exclusive `flock` on it.
    ///
    /// - Throws: `StoreError.lockTimeout` naming the holder, if the system tells; `.unsafeLockFile`
    ///   for a link or anything but a regular file; `.cannotOpenLock`, `.cannotCreate`, or the
    ///   data file's `.unreadableDataFile` if the lock cannot be made beside a file that is not ours.
    static func take(
        for dataFile: NameInFolder, mode: UInt32, timeout: Duration, fileSystem: FileSystem
    ) throws(StoreError) -> LockFile {
        let opener = Opener(dataFile: dataFile, fileSystem: fileSystem)
        let start = MonotonicInstant.now
        var isNew = false
        while true {
            let lock = try opener.open(mode: mode, recordingMade: &isNew)
            if try LockFile.holds(lock, waitingFrom: start, upTo: timeout, fileSystem: fileSystem) {
                return LockFile(descriptor: lock, isNew: isNew, location: opener.lock, fileSystem: fileSystem)
            }
        }
    }

    /// Locks `<file>.lock` beside `dataFile`, if it is there, can be opened as it is, and nobody holds
    /// it; `nil`, having made and changed nothing, if not: `take` then makes it, waits for it, or
    /// says why not. Never waited for here: the caller has not yet looked at the data file's name,
    /// and a lock beside a link to the data file is not its lock (`take` locks beside what the link
    /// leads to), so its holder must not keep the update waiting.
    ///
    /// Nothing is thrown: whatever is wrong with what is there (no regular file, a lock the file
    /// system cannot take) is `take`'s to say, beside what the data file's name leads to.
    static func takeIfPresent(for dataFile: NameInFolder, fileSystem: FileSystem) -> LockFile? {
        let opener = Opener(dataFile: dataFile, fileSystem: fileSystem)
        guard let lock = try? opener.openExisting(opener.lock) else { return nil }
        // Held elsewhere, or removed by a failed first save before we had it (`remove()`), or no
        // regular file: left to `take`.
        guard (try? fileSystem.tryLock(lock)) == true, let status = try? fileSystem.status(lock), status.kind == .regularFile,
            status.links > 0
        else {
            fileSystem.close(lock)
            return nil
        }
        return LockFile(descriptor: lock, isNew: false, location: opener.lock, fileSystem: fileSystem)
    }

    /// Takes the lock on the open `lock` (see `acquire`) and tells whether it is still the lock file:
    /// `false`, having closed it, if it was removed by a failed update while we waited (`remove()`),
    /// for the caller to lock the new one.
    ///
    /// - Throws: `.lockTimeout` naming the holder, if the system tells, once `timeout` has passed
    ///   since `start`; `.unsafeLockFile` for anything but a regular file; `.inputOutput`.
    private static func holds(
        _ lock: FileSystem.Descriptor, waitingFrom start: MonotonicInstant, upTo timeout: Duration, fileSystem: FileSystem
    ) throws(StoreError) -> Bool {
        guard try LockFile.acquire(lock, waitingFrom: start, upTo: timeout, fileSystem: fileSystem) else {
            let holder = fileSystem.lockHolder(lock)
            fileSystem.close(lock)
            throw .lockTimeout(lockFile: lock.path, timeout: timeout, holder: holder)
        }
        guard try LockFile.regularFileStatus(lock, fileSystem: fileSystem).links == 0 else { return true }
        fileSystem.close(lock)
        return false
    }

    /// The status of the open lock file `lock`, if it is a regular file; else closes it and throws
    /// `.unsafeLockFile`.
    private static func regularFileStatus(_ lock: FileSystem.Descriptor, fileSystem: FileSystem) throws(StoreError) -> FileStatus {
        do throws(StoreError) {
            let status = try fileSystem.fileStatus(lock)
            guard status.kind == .regularFile else { throw StoreError.unsafeLockFile(path: lock.path, status.kind) }
            return status
        } catch {
            fileSystem.close(lock)
            throw error
        }
    }

    /// Takes the lock on the open `lock` before `timeout` has passed since `start`: `false` if the time
    /// ran out; closes it and throws `.inputOutput` if the system fails, or `.unsafeLockFile` if
    /// another process holds it and it is no regular file (a FIFO or a device someone planted and
    /// holds is refused, not waited for until the timeout and then blamed on its holder).
    ///
    /// Taken at once unless another process holds it. Then a program that owns its process waits in
    /// the kernel, in a blocking `flock` (`FileSystem.waitForLock`), which hands the lock over the
    /// moment it is let go, to waiters in turn; anything else tries again after short pauses, as a
    /// lock is held for about a millisecond: 0.1 ms, then twice as long each time up to 2 ms.
    ///
    /// The deadline is worked out only when the lock is busy: `Duration` arithmetic is 128-bit code a
    /// tap would otherwise fault in from a page of its own.
    private static func acquire(
        _ lock: FileSystem.Descriptor, waitingFrom start: MonotonicInstant, upTo timeout: Duration, fileSystem: FileSystem
    ) throws(StoreError) -> Bool {
        do {
            if try fileSystem.tryLock(lock) { return true }
        } catch {
            fileSystem.close(lock)
            throw .inputOutput(error)
        }
        _ = try regularFileStatus(lock, fileSystem: fileSystem)
        let deadline = start.advanced(by: timeout)
        do {
            if let wait = fileSystem.waitForLock,
                let taken = try wait(lock, max(.zero, MonotonicInstant.now.duration(to: deadline)))
            {
                return taken
            }
            var backoff = Backoff(until: deadline, longest: .milliseconds(2))
            while backoff.pause(using: fileSystem.pause) {
                if try fileSystem.tryLock(lock) { return true }
            }
            return false
        } catch {
            fileSystem.close(lock)
            throw .inputOutput(error)
        }
    }

    /// Releases the lock by closing the lock file.
    func release() {
        fileSystem.close(descriptor)
    }

    /// Removes the lock file, while still holding it: what an update that made it (`isNew`) and then
    /// failed does, so that nothing is left of it.
    ///
    /// A process waiting for the removed lock file sees that it has no name any more once it gets
    /// it, and opens the lock anew (`take`), so no two processes ever hold different lock files.
    func remove() {
        try? fileSystem.removeAt(location.folder, location.name, false)
    }

    /// Opens the lock file beside a data file.
    private struct Opener {
        /// The data file.
        let dataFile: NameInFolder
        let fileSystem: FileSystem

        /// The lock file: the data file's name and `.lock`.
        var lock: NameInFolder { NameInFolder(folder: dataFile.folder, name: dataFile.name + ".lock") }

        /// Opens the lock file, creating it (mode 0600, whatever the umask) if need be, and then
        /// setting `made`; never through a link, and only a regular file. A lock file we may only
        /// read (another user's, or on read-only media) still locks: `flock` needs no write access.
        func open(mode: UInt32, recordingMade made: inout Bool) throws(StoreError) -> FileSystem.Descriptor {
            let lock = self.lock
            // The lock file exists but for a first save: opened first, it costs one call.
            while true {
                if let opened = try openExisting(lock) { return opened }
                if let created = try create(lock, mode: mode) {
                    made = true
                    return created
                }
            }
        }

        /// The lock file, opened for writing if we may, else for reading; `nil` if there is none.
        func openExisting(_ lock: NameInFolder) throws(StoreError) -> FileSystem.Descriptor? {
            let flags = OpenFlags.noFollow | OpenFlags.nonBlocking
            let opened: FileSystem.Descriptor
            do {
                opened = try fileSystem.openAt(lock.folder, lock.name, OpenFlags.readWrite | flags, 0)
            } catch where error.errno == Errno.noSuchFileOrDirectory {
                return nil
            } catch where [Errno.permissionDenied, Errno.notPermitted, Errno.readOnlyFileSystem].contains(error.errno) {
                guard let readOnly = try? fileSystem.openAt(lock.folder, lock.name, OpenFlags.readOnly | flags, 0) else {
                    throw .cannotOpenLock(error)
                }
                opened = readOnly
            } catch where error.errno == Errno.tooManySymbolicLinkLevels {
                throw .unsafeLockFile(path: error.path, .symbolicLink)
            } catch where error.errno == Errno.isDirectory {
                throw .unsafeLockFile(path: error.path, .folder)
            } catch {
                throw .cannotOpenLock(error)
            }
            // What it is (a regular file, or refused) is looked at once it is locked (`take`), with
            // whether it was removed meanwhile: one `fstat` for both.
            return opened
        }

        /// A new lock file, with `mode` whatever the umask; `nil` if one appeared since we looked.
        private func create(_ lock: NameInFolder, mode: UInt32) throws(StoreError) -> FileSystem.Descriptor? {
            let created: FileSystem.Descriptor
            do {
                created = try fileSystem.openAt(
                    lock.folder, lock.name, OpenFlags.readWrite | OpenFlags.create | OpenFlags.exclusive | OpenFlags.noFollow | OpenFlags.nonBlocking, 0o600)
            } catch where error.errno == Errno.fileExists {
                return nil
            } catch {
                throw whyNotCreated(error)
            }
            do {
                try fileSystem.setPermissions(created, mode)
            } catch {
                fileSystem.close(created)
                throw .cannotCreate(error)
            }
            return created
        }

        /// Why the lock file could not be created: the data file, if it is no file of ours (`--file
        /// /proc/self/status`), else `error`.
        private func whyNotCreated(_ error: SystemError) -> StoreError {
            do {
                _ = try DataFileReader(fileSystem: fileSystem).read(dataFile, forWriting: false)
            } catch {
                if case .unreadableDataFile = error { return error }
            }
            return .cannotCreate(error)
        }
    }
}
