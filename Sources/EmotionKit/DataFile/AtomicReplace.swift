/// Replaces a file so that a reader only ever sees the whole old file or the whole new one, and a
/// power cut after it returns loses neither: write a temporary file in the same folder, `fsync` it,
/// `rename` it over the file (the commit point), `fsync` the folder.
///
/// Only the holder of the file's lock may call it: it takes every other temporary file of the
/// file's for a leftover of a process killed while saving, and removes it.
struct AtomicReplace {
    let fileSystem: FileSystem

    /// Replaces `target` with `bytes`, giving the new file `ownership`; then flushes the folder,
    /// putting `original` back (or, if there was no file, removing the new one) if that fails.
    ///
    /// - Throws: `StoreError.cannotCreate` or `.inputOutput`, the target untouched; or, after the
    ///   commit point, `.inputOutput` with the original back, or `.unsyncedChange` if it cannot be put back.
    func write(
        _ bytes: [UInt8], to target: NameInFolder, ownership: FileOwnership, replacing original: [UInt8]?
    ) throws(StoreError) {
        try replace(target, with: bytes, ownership: ownership)
        removeLeftovers(of: target)
        // The rename was the commit point for every reader; syncing the folder makes it survive a
        // power cut. A folder that cannot be opened, or a file system that cannot sync folders, is
        // no error of the update (as in SQLite's unixSync). A folder that fails to sync is: the
        // disk may be failing, so the original is put back and the update fails.
        guard let directory = try? fileSystem.openAt(target.folder, ".", OpenFlags.readOnly | OpenFlags.folder, 0) else { return }
        defer { fileSystem.close(directory) }
        do {
            try fileSystem.sync(directory)
        } catch where error.errno == Errno.invalidArgument || error.errno == Errno.notSupported {
            return
        } catch let syncError {
            do {
                if let original {
                    try replace(target, with: original, ownership: ownership)
                } else {
                    try fileSystem.removeAt(target.folder, target.name, false)
                }
            } catch {
                throw .unsyncedChange(syncError)
            }
            try? fileSystem.sync(directory)
            throw .inputOutput(syncError)
        }
    }

    /// Atomically replaces the target with `bytes`: a new file in the same folder, given `ownership`,
    /// written in full, flushed if `durable`, then renamed over the target. On failure the target is
    /// untouched and the new file removed.
    ///
    /// Not `durable`: after a power cut the target may be the old file, or this one with none of its
    /// bytes. Only for a file the journal can make again (see `JournalState`).
    func replace(_ target: NameInFolder, with bytes: [UInt8], ownership: FileOwnership, durable: Bool = true) throws(StoreError) {
        // Two random numbers, in the `<pid>-<random>` form releases before this one wrote and still
        // clean up: 64 bits from the pool a tap has drawn already, where the process id cost a `getpid`.
        var pooled = PooledRandom()
        let bits = pooled.next()
        let temporaryName = AtomicReplace.temporaryPrefix(of: target.name) + String(decimal: bits >> 32) + "-" + String(decimal: bits & 0xFFFF_FFFF)
        let temporary: FileSystem.Descriptor
        do {
            // O_EXCL: a file of this name someone else put there is never written, nor given away.
            temporary = try fileSystem.openAt(
                target.folder, temporaryName, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive | OpenFlags.noFollow, 0o600)
        } catch {
            throw .cannotCreate(error)
        }
        do {
            defer { fileSystem.close(temporary) }
            try ownership.give(to: temporary, using: fileSystem)
            try fileSystem.write(temporary, bytes)
            // Flushed before the rename, so that after a crash the name never leads to a file whose
            // bytes never reached the disk.
            if durable { try fileSystem.sync(temporary) }
        } catch {
            try? fileSystem.removeAt(target.folder, temporaryName, false)
            throw .inputOutput(error)
        }
        do {
            try fileSystem.renameAt(target.folder, temporaryName, target.name)
        } catch {
            try? fileSystem.removeAt(target.folder, temporaryName, false)
            throw .inputOutput(error)
        }
    }

    /// Removes temporary files left by processes killed while saving. Only a lock holder writes
    /// one, and we hold the lock, so every other is a leftover. Likewise for each file in `others`,
    /// such as the day index, which readers write without the lock: one of theirs removed while
    /// being written fails to be renamed, which only costs them the update.
    func removeLeftovers(of target: NameInFolder, andOf others: [String] = []) {
        let prefixes = ([target.name] + others).map(AtomicReplace.temporaryPrefix(of:))
        for name in fileSystem.entries(target.folder) where prefixes.contains(where: { AtomicReplace.isTemporary(name, $0) }) {
            try? fileSystem.removeAt(target.folder, name, false)
        }
    }

    /// `.emotions.json.tmp-`: how the names of the data file's temporary files begin.
    static func temporaryPrefix(of name: String) -> String {
        ".\(name).tmp-"
    }

    /// Whether `name` is `<prefix><number>-<number>`, as `replace` names its files (and releases before
    /// it, with the process id first), and nothing else.
    static func isTemporary(_ name: String, _ prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
