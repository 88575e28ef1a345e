/// The counts the data file holds, read as `TallyStore.read()` reads them where that reading is
/// the plainest there is, and with no array, string or other collection made: what `stats --json`
/// prints, for which the standard library's first collection of the process costs more pages than
/// the read itself (see Performance.md, issue 25's tenth stop).
///
/// It answers only where the store's reading would do exactly this and nothing more, and `nil`
/// anywhere else, for the store to read the file as ever:
/// - an absolute path with no empty, `.` or `..` name in it, whose folder opens with no symbolic
///   link on the way (`openat2`, Linux), owned by root if we are root;
/// - the data file a regular file, not a link, of at most 4 KiB, with no other name if we are root,
///   in the exact form a save writes (`TallyDocument.canonicalContents`), so with no sync state;
/// - its journal either absent, where the file records no position in one, or ending exactly where
///   it records, as `JournalFile.endsAt` asks: nothing in it to roll forward.
/// Nothing is written, locked or made: a `nil` costs the store's reading nothing but these calls.
package enum QuickCounts {
    /// The largest data file read here; a larger one is left to the store.
    static let sizeLimit = 4096

    /// The counts of the data file at `path` (its bytes, without a NUL), or `nil` (above).
    package static func read(path: UnsafeBufferPointer<UInt8>) -> FiveCounts? {
        guard let slash = lastSlashOfPlainPath(path) else { return nil }
        let name = UnsafeBufferPointer(rebasing: path[(slash + 1)...])
        let journalSuffix: StaticString = ".journal"
        // The folder, the name and the journal's name, each ending in a NUL.
        let capacity = path.count + 1 + name.count + 1 + name.count + journalSuffix.utf8CodeUnitCount + 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { names -> FiveCounts? in
            guard let base = names.baseAddress else { return nil }
            var end = 0
            func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    names[end] = byte
                    end += 1
                }
            }
            let folder = base
            append(slash == 0 ? UnsafeBufferPointer(rebasing: path[0..<1]) : UnsafeBufferPointer(rebasing: path[0..<slash]))
            names[end] = 0
            end += 1
            let dataFile = base + end
            append(name)
            names[end] = 0
            end += 1
            let journal = base + end
            append(name)
            append(UnsafeBufferPointer(start: journalSuffix.utf8Start, count: journalSuffix.utf8CodeUnitCount))
            names[end] = 0
            return read(folder: folder, dataFile: dataFile, journal: journal)
        }
    }

    /// Where the last `/` of `path` is, if `path` is absolute, not a folder's (`/` at its end), and
    /// has no empty, `.` or `..` name: then its folder and name are `PathWalk.folderAndName`'s.
    static func lastSlashOfPlainPath(_ path: UnsafeBufferPointer<UInt8>) -> Int? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard path.first == slash, path.last != slash else { return nil }
        var start = 1
        var lastSlash = 0
        while start <= path.count {
            var end = start
            while end < path.count, path[end] != slash, path[end] != 0 { end += 1 }
            if end < path.count, path[end] == 0 { return nil }
            let length = end - start
            if length == 0 || (length == 1 && path[start] == dot) || (length == 2 && path[start] == dot && path[start + 1] == dot) {
                return nil
            }
            if end < path.count { lastSlash = end }
            start = end + 1
        }
        return lastSlash
    }

    private static func read(
        folder folderPath: UnsafePointer<UInt8>, dataFile: UnsafePointer<UInt8>, journal: UnsafePointer<UInt8>
    ) -> FiveCounts? {
        let cString = { (bytes: UnsafePointer<UInt8>) in UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self) }
        guard let folder = CStringCalls.openFolderWithoutLinks(cString(folderPath)) else { return nil }
        defer { CStringCalls.close(folder) }
        let user = Syscall.effectiveUser
        if user == 0 {
            // `DataFileLocator` refuses a folder root does not own.
            guard let status = CStringCalls.status(folder), status.owner == 0 else { return nil }
        }
        // Looked at before it is opened, as `PathWalk` looks: a FIFO or device at the name is not
        // opened, which would release a writer waiting on it or run a driver's open.
        guard CStringCalls.status(folder, cString(dataFile)).status?.kind == .regularFile,
            let file = CStringCalls.openForReading(folder, cString(dataFile))
        else { return nil }
        defer { CStringCalls.close(file) }
        guard let status = CStringCalls.status(file), status.kind == .regularFile, user != 0 || status.links <= 1,
            status.size > 0, status.size <= Int64(sizeLimit)
        else { return nil }
        return withUnsafeTemporaryAllocation(byteCount: sizeLimit, alignment: 8) { buffer -> FiveCounts? in
            let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(status.size)])
            guard CStringCalls.read(file, into: wanted) == wanted.count else { return nil }
            let bytes = UnsafeBufferPointer(wanted.bindMemory(to: UInt8.self))
            guard let contents = TallyDocument.canonicalContents(in: bytes), contents.counts.total != nil else { return nil }
            let (journalStatus, failure) = CStringCalls.status(folder, cString(journal))
            if let position = contents.journal {
                // `JournalFile.endsAt`: the data file's owner's journal, as long as the position says.
                guard status.owner == user, let journalStatus, journalStatus.kind == .regularFile,
                    user != 0 || journalStatus.links <= 1, journalStatus.owner == status.owner,
                    journalStatus.size == position.bytes, user == 0 || journalStatus.permissions & 0o400 != 0
                else { return nil }
            } else {
                // No position and no journal: the store opens it, finds none, and reads the file alone.
                guard journalStatus == nil, failure == Errno.noSuchFileOrDirectory else { return nil }
            }
            return contents.counts
        }
    }
}
