#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tap of one emotion, made as `TallyStore.apply([.tap(emotion)])` makes it where the data file
/// and its journal are in their plainest state, and with no array, string or other collection made:
/// the update `emotions tap EMOTION` makes most, for which the standard library's first collections
/// of the process cost more than the update's own work (see Performance.md, issue 25's eleventh stop).
///
/// It makes the same system calls in the same order as the store's update in place
/// (`TallyStore.updateInPlace`), and writes the same bytes: the journal line `JournalEvent.jsonLine`
/// writes and the data file `TallyDocument.serialized()` writes. It goes on only where the store
/// would do exactly that and nothing more, and answers `.declined` anywhere else, having changed
/// nothing, for the store to make the update as ever:
/// - an absolute path with no empty, `.` or `..` name in it, whose folder opens with no symbolic link
///   on the way (`openat2`, Linux), owned by root if we are root (`QuickCounts`);
/// - the lock file there and openable for writing; if another process holds it, the data file's
///   name is a regular file (so the lock beside it is its lock: `LockFile.take` waits for the same
///   one), and the wait is the command line's blocking one (`Syscall.lockWaiting`);
/// - the data file a regular file, not a link, of at most 4 KiB, with no other name if we are root,
///   ours and our group's, that we may write, in the exact form a save writes with a journal
///   position and a zone memo (`TallyDocument.canonicalContents`), so with no sync state;
/// - its journal ours, a regular file with no other name if we are root, ending exactly at the
///   position, beginning as a header does, the position at the end of a line
///   (`JournalFile.checkBeforeAppending`);
/// - the zone file the memo describes, the memo covering now (`ZoneMemory`), and the clock not set
///   back behind the journal's latest event (whose line would carry `latest`);
/// - no hooks folder beside the data file, looked for under the lock just before the commit point
///   (the store looks after its save; a hook found then could not be run here);
/// - the count and the sequence far from their limits.
///
/// From the journal's append on (the commit point), it never declines: a data file it cannot
/// replace is rolled forward by the next command, as `DataFileSave` leaves it.
package enum QuickUpdate {
    /// What became of a tap.
    package enum Outcome: Sendable {
        /// Nothing was changed: the store must make the update.
        case declined
        /// The tap was saved: the count went from `old` to `new`.
        case tapped(old: Int64, new: Int64)
        /// Nothing was changed, for this reason, which the store would give too.
        case failed(StoreError)
    }

    /// The largest data file handled here; a larger one is left to the store.
    static let sizeLimit = QuickCounts.sizeLimit
    /// The longest a data file in the form a save writes with a journal position and a zone memo can
    /// be: every number at its most digits (18, and the signs a `latest` and an offset may have).
    /// A synced history's file holds its sync state too, and is longer.
    package static let longestPlainFile = 606

    /// Whether the data file at `path` (its bytes, without a NUL) may be one `tap` makes a tap in, by
    /// one look at its name (`fstatat`, not following a link there): a regular file no longer than
    /// `longestPlainFile`. A `false` costs the store's update only that call: a synced history's tap
    /// is then not tried here (it would be declined, its calls made twice).
    package static func mayTap(path: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: path.count + 1) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            for index in 0..<path.count { buffer[index] = CChar(bitPattern: path[index]) }
            buffer[path.count] = 0
            guard let status = CStringCalls.status(AT_FDCWD, base).status else { return false }
            return status.kind == .regularFile && status.size > 0 && status.size <= Int64(longestPlainFile)
        }
    }

    /// Taps `emotion` in the data file at `path` (its bytes, without a NUL), waiting up to
    /// `lockTimeout` for the lock, with the offset of the zone file at `zoneFile` (a C string;
    /// `ZoneMemory.systemZoneFile` if `nil`, which tests change) as the data file remembers it.
    package static func tap(
        _ emotion: Emotion, path: UnsafeBufferPointer<UInt8>, lockTimeout: Duration, zoneFile: UnsafePointer<CChar>? = nil
    ) -> Outcome {
        guard let slash = QuickCounts.lastSlashOfPlainPath(path) else { return .declined }
        let folderPath = slash == 0 ? UnsafeBufferPointer(rebasing: path[0..<1]) : UnsafeBufferPointer(rebasing: path[0..<slash])
        let name = UnsafeBufferPointer(rebasing: path[(slash + 1)...])
        // The folder's path and the hooks', and four names: the data file's, `.lock`'s, `.journal`'s and the temporary one's.
        let capacity = path.count * 2 + name.count * 4 + 96
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Outcome in
            var names = ByteWriter(buffer)
            let folder = names.count
            names.append(folderPath)
            names.append(byte: 0)
            let dataFile = names.count
            names.append(name)
            names.append(byte: 0)
            let lock = names.count
            names.append(name)
            names.append(".lock\0")
            let journal = names.count
            names.append(name)
            names.append(".journal\0")
            // `DataPath(path).sibling(named: "hooks")`, as `HookFolder(forDataFile:)` names it.
            let hooks = names.count
            names.append(UnsafeBufferPointer(rebasing: path[0..<slash]))
            names.append("/hooks\0")
            let temporary = names.count
            guard !names.isFull, let base = buffer.baseAddress else { return .declined }
            let cString = { (offset: Int) in UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self) }
            let files = Files(
                folder: cString(folder), dataFile: cString(dataFile), lock: cString(lock), journal: cString(journal),
                hooks: cString(hooks), path: path)
            var temporaryName = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[temporary...]))
            return tap(emotion, files, temporaryName: &temporaryName, lockTimeout: lockTimeout, zoneFile: zoneFile)
        }
    }

    /// The names a tap uses, each a C string: the folder's path, and the names in it.
    private struct Files {
        let folder: UnsafePointer<CChar>
        let dataFile: UnsafePointer<CChar>
        let lock: UnsafePointer<CChar>
        let journal: UnsafePointer<CChar>
        /// The hooks folder's path.
        let hooks: UnsafePointer<CChar>
        /// The data file's path, for a message.
        let path: UnsafeBufferPointer<UInt8>

        /// The data file's name, its bytes without the NUL.
        var dataFileName: UnsafeBufferPointer<UInt8> {
            let bytes = UnsafeRawPointer(dataFile).assumingMemoryBound(to: UInt8.self)
            var count = 0
            while bytes[count] != 0 { count += 1 }
            return UnsafeBufferPointer(start: bytes, count: count)
        }
    }

    private static func tap(
        _ emotion: Emotion, _ files: Files, temporaryName: inout ByteWriter, lockTimeout: Duration, zoneFile: UnsafePointer<CChar>?
    ) -> Outcome {
        guard let folder = CStringCalls.openFolderWithoutLinks(files.folder) else { return .declined }
        defer { CStringCalls.close(folder) }
        let user = Syscall.effectiveUser
        if user == 0 {
            // `DataFileLocator.folderWithoutLinks` refuses a folder root does not own.
            guard let status = CStringCalls.status(folder), status.owner == 0 else { return .declined }
        }
        let lock: Int32
        switch takeLock(folder, files, user: user, lockTimeout: lockTimeout, zoneFile: zoneFile) {
        case .taken(let descriptor): lock = descriptor
        case .declined: return .declined
        case .failed(let error): return .failed(error)
        }
        defer { CStringCalls.close(lock) }  // Releases it, after the journal is closed.
        return withUnsafeTemporaryAllocation(byteCount: sizeLimit, alignment: 8) { read -> Outcome in
            guard let data = readDataFile(folder, files, user: user, into: read) else { return .declined }
            return update(emotion, data, folder: folder, files, temporaryName: &temporaryName, user: user, zoneFile: zoneFile)
        }
    }

    /// What taking the lock came to.
    private enum Locking {
        case taken(Int32)
        case declined
        case failed(StoreError)
    }

    /// The lock, as `LockFile.takeIfPresent` takes it, or as `LockFile.take` waits for it where another
    /// process holds it and the data file's name is a regular file: then the walk the store would make
    /// first finds no link, and `take` waits for this very lock file. Only waited for where the data
    /// file, as it stands, is one this tap takes (a synced history's never is) and its zone memo
    /// answers: a tap that declined after its wait would wait again in the store, behind those that
    /// came meanwhile. (The holder may still leave the files otherwise: then it does.)
    private static func takeLock(
        _ folder: Int32, _ files: Files, user: UInt32, lockTimeout: Duration, zoneFile: UnsafePointer<CChar>?
    ) -> Locking {
        let flags = O_RDWR | OpenFlags.noFollow | OpenFlags.nonBlocking
        // Looked at first, as every name here: a FIFO or device the store would open once is not opened twice.
        guard isRegularFile(files.lock, in: folder), let lock = CStringCalls.open(folder, files.lock, flags: flags) else {
            return .declined
        }
        switch CStringCalls.tryLock(lock) {
        case true?:
            break
        case false?:
            guard CStringCalls.status(lock)?.kind == .regularFile,
                withUnsafeTemporaryAllocation(byteCount: sizeLimit, alignment: 8, { buffer in
                    guard let data = readDataFile(folder, files, user: user, into: buffer) else { return false }
                    return offset(at: SystemTime.realTimeMilliseconds(), remembered: data.zone, zoneFile: zoneFile) != nil
                })
            else {
                CStringCalls.close(lock)
                return .declined
            }
            switch try? Syscall.lockWaiting(lock, for: lockTimeout, path: "") {
            case true?:
                break
            case false?:
                // `LockFile.holds`: the holder named, if the system tells.
                let lockPath = String(decoding: files.path, as: UTF8.self) + ".lock"
                let holder = LinuxLocks.holder(of: FileSystem.Descriptor(raw: lock, path: lockPath))
                CStringCalls.close(lock)
                return .failed(.lockTimeout(lockFile: lockPath, timeout: lockTimeout, holder: holder))
            default:
                // No timer for the wait (the store polls instead), or `flock` failed: the store's to say.
                CStringCalls.close(lock)
                return .declined
            }
        case nil:
            CStringCalls.close(lock)
            return .declined
        }
        // Held elsewhere, or removed by a failed first save before we had it, or no regular file: the store's.
        guard let status = CStringCalls.status(lock), status.kind == .regularFile, status.links > 0 else {
            CStringCalls.close(lock)
            return .declined
        }
        return .taken(lock)
    }

    /// The data file as read under the lock: its bytes, what they hold, and its status.
    private struct DataFile {
        let bytes: UnsafeBufferPointer<UInt8>
        let counts: FiveCounts
        let position: JournalPosition
        let zone: ZoneMemo
        let status: FileStatus
    }

    /// The data file, read as `DataFileReader.read(_:forWriting:)` reads it, into `buffer`, if it is
    /// one this tap may update (see the type's summary); `nil` otherwise.
    private static func readDataFile(_ folder: Int32, _ files: Files, user: UInt32, into buffer: UnsafeMutableRawBufferPointer) -> DataFile? {
        guard isRegularFile(files.dataFile, in: folder), let file = CStringCalls.openForReading(folder, files.dataFile) else {
            return nil
        }
        defer { CStringCalls.close(file) }
        guard let status = CStringCalls.status(file), status.kind == .regularFile, user != 0 || status.links <= 1,
            status.size > 0, status.size <= Int64(sizeLimit),
            // `FileOwnership.give` then changes no owner; `FileSystem.checkWritable` lets us write it.
            status.owner == user, status.group == Syscall.effectiveGroup, user == 0 || status.permissions & 0o200 != 0
        else { return nil }
        let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(status.size)])
        guard CStringCalls.read(file, into: wanted) == wanted.count else { return nil }
        let bytes = UnsafeBufferPointer(wanted.bindMemory(to: UInt8.self))
        guard let contents = TallyDocument.canonicalContents(in: bytes), contents.counts.total != nil,
            let position = contents.journal, let zone = contents.zone
        else { return nil }
        return DataFile(bytes: bytes, counts: contents.counts, position: position, zone: zone, status: status)
    }

    /// The update under the lock, from the journal's checks to the data file's replacement.
    private static func update(
        _ emotion: Emotion, _ data: DataFile, folder: Int32, _ files: Files, temporaryName: inout ByteWriter, user: UInt32,
        zoneFile: UnsafePointer<CChar>?
    ) -> Outcome {
        let start = data.position
        // `JournalFile.open(_:forWriting:owner:fileSystem:)`, `JournalState` and `checkBeforeAppending`.
        let flags = O_RDWR | O_APPEND | OpenFlags.nonBlocking | OpenFlags.noFollow
        guard isRegularFile(files.journal, in: folder), let journal = CStringCalls.open(folder, files.journal, flags: flags) else {
            return .declined
        }
        defer { CStringCalls.close(journal) }
        guard let journalStatus = CStringCalls.status(journal), journalStatus.kind == .regularFile,
            user != 0 || journalStatus.links <= 1, journalStatus.owner == data.status.owner, journalStatus.size == start.bytes,
            beginsAsAHeader(journal, endingAt: start.bytes)
        else { return .declined }
        guard start.sequence < JournalPosition.sequenceLimit - 1 else { return .declined }
        // `DataFileSave.mayHaveLeftovers`: the store looks through the folder at every 64th sequence number.
        let looksForLeftovers = start.sequence / DataFileSave.leftoverLookInterval != (start.sequence + 1) / DataFileSave.leftoverLookInterval
        let old = data.counts[emotion]
        guard old < maximumCount else { return .declined }
        let now = SystemTime.realTimeMilliseconds()
        // `PlannedEvents.events`: an earlier event recorded later than now gets its line a `latest`.
        guard now >= 0, start.latest <= now, let offset = offset(at: now, remembered: data.zone, zoneFile: zoneFile) else {
            return .declined
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024 + 2 * sizeLimit) { buffer -> Outcome in
            var random = (UInt64(0), UInt64(0), UInt64(0))
            guard withUnsafeMutableBytes(of: &random, { Syscall.fillRandom($0) }) else {
                return .declined
            }
            var line = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[0..<1024]))
            let id = eventID(at: now, random: random.0, random.1 & 0xFFFF)
            writeLine(&line, id: id, at: now, offset: offset, emotion: emotion, old: old, sequence: start.sequence + 1)
            guard !line.isFull else { return .declined }
            let position = JournalPosition(sequence: start.sequence + 1, bytes: start.bytes + Int64(line.count), latest: max(start.latest, now))
            var contents = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[1024...]))
            writeDataFile(&contents, data, emotion: emotion, position: position)
            guard !contents.isFull, contents.count <= sizeLimit else { return .declined }
            // `HookFolder.hooks()`: one `stat` says there are none. The store looks after its save, and
            // this tap could not run one found then: it looks last before its commit point, under the lock.
            guard CStringCalls.statusFollowingLinks(files.hooks).errno == ENOENT else { return .declined }
            // `JournalFile.append`: the commit point. Cut back if it fails: nothing was changed.
            let written = CStringCalls.write(journal, UnsafeRawBufferPointer(line.written))
            let failure = written ? CStringCalls.syncData(journal) : errno
            if !written || failure != 0 {
                let cutFailure = CStringCalls.truncate(journal, to: start.bytes)
                guard cutFailure == 0 else {
                    let journalPath = String(decoding: files.path, as: UTF8.self) + ".journal"
                    return .failed(.unsyncedChange(SystemError(call: "ftruncate", path: journalPath, errno: cutFailure)))
                }
                return .declined  // As it was: the store makes the update again, and says what fails.
            }
            // `DataFileSave.commit`: past the commit point, a data file not replaced is rolled forward later.
            if looksForLeftovers { removeLeftovers(in: folder, of: files.dataFileName) }
            replace(files, in: folder, with: contents.written, permissions: data.status.permissions & 0o666, name: &temporaryName, random: random.2)
            return .tapped(old: old, new: old + 1)
        }
    }

    /// The largest count tapped here: one more still has 18 digits, as the data file's fast reader reads.
    static let maximumCount: Int64 = 999_999_999_999_999_998

    /// `JournalFile.checkBeforeAppending(at: end)`: the journal begins as a header does, and `end` follows a line's end.
    private static func beginsAsAHeader(_ journal: Int32, endingAt end: Int64) -> Bool {
        let prefix: StaticString = "{\"history\":1,"
        guard end > Int64(prefix.utf8CodeUnitCount) else { return false }
        var bytes = (UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &bytes) { bytes in
            let head = UnsafeMutableRawBufferPointer(rebasing: bytes[0..<prefix.utf8CodeUnitCount])
            guard CStringCalls.read(journal, into: head, at: 0) else { return false }
            for index in 0..<prefix.utf8CodeUnitCount where head[index] != prefix.utf8Start[index] { return false }
            let last = UnsafeMutableRawBufferPointer(rebasing: bytes[0..<1])
            return CStringCalls.read(journal, into: last, at: end - 1) && last[0] == 0x0A
        }
    }

    /// `ZoneMemory.offset(at:)` answered by the memo, as `TimeZoneRules` takes it (within ±18 hours,
    /// at the nearest whole minute); `nil` where the memo does not answer and the zone would be read.
    private static func offset(at milliseconds: Int64, remembered memo: ZoneMemo, zoneFile: UnsafePointer<CChar>?) -> Int? {
        guard memo.covers(milliseconds / 1000) else { return nil }
        let path = zoneFile ?? UnsafeRawPointer(ZoneMemory.systemZoneFile.utf8Start).assumingMemoryBound(to: CChar.self)
        guard let status = CStringCalls.statusFollowingLinks(path).status else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        // `ZoneMemo.describes`, field by field.
        guard status.st_mode & S_IFMT == S_IFREG, UInt64(status.st_dev) == memo.file.device, UInt64(status.st_ino) == memo.file.inode,
            Int64(status.st_size) == memo.size, Int64(modified.tv_sec) == memo.seconds, Int64(modified.tv_nsec) == memo.nanoseconds,
            Int64(changed.tv_sec) == memo.changedSeconds, Int64(changed.tv_nsec) == memo.changedNanoseconds
        else { return nil }
        let seconds = min(max(memo.offset, -TimeZoneRules.largestOffset), TimeZoneRules.largestOffset)
        return (seconds + (seconds >= 0 ? 30 : -30)) / 60 * 60
    }

    /// `EventID(recordedAt:)`'s 26 characters, with these 64 and 16 random bits.
    private static func eventID(at milliseconds: Int64, random low: UInt64, _ high: UInt64) -> (UInt64, UInt64) {
        // The 128 bits as two halves: the time's 48 bits and the random bits' top 16, then the rest.
        let time = UInt64(min(max(milliseconds, 0), EventID.latestTime))
        return (time << 16 | high, low)
    }

    /// Appends an id's text, as `EventID.description` writes its 128 bits (`high`, `low`).
    private static func append(id: (UInt64, UInt64), to line: inout ByteWriter) {
        let alphabet: StaticString = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
        for index in 0..<26 {
            let shift = 125 - 5 * index
            let digit: UInt64
            if shift >= 64 {
                digit = id.0 >> UInt64(shift - 64) & 31
            } else if shift > 59 {
                digit = (id.0 << UInt64(64 - shift) | id.1 >> UInt64(shift)) & 31
            } else {
                digit = id.1 >> UInt64(shift) & 31
            }
            line.append(byte: alphabet.utf8Start[Int(digit)])
        }
    }

    /// The journal line `JournalEvent.jsonLine` writes for the tap, and its `\n`.
    private static func writeLine(
        _ line: inout ByteWriter, id: (UInt64, UInt64), at milliseconds: Int64, offset: Int, emotion: Emotion, old: Int64, sequence: UInt64
    ) {
        line.append("{\"id\":\"")
        append(id: id, to: &line)
        line.append("\",\"at\":\"")
        guard appendRFC3339(milliseconds, offset: offset, to: &line) else {
            line.markFull()  // Outside years 1 to 9999, which `Timestamp` refuses.
            return
        }
        line.append("\",\"command\":\"tap\",\"emotion\":\"")
        line.append(emotion.staticName)
        line.append("\",\"old\":")
        line.append(old)
        line.append(",\"new\":")
        line.append(old + 1)
        line.append(",\"seq\":")
        line.append(Int64(sequence))
        line.append(",\"group\":\"")
        append(id: id, to: &line)
        line.append("\"}\n")
    }

    /// `Instant.rfc3339(offsetSeconds:)`: `2026-11-23T21:04:05.123+09:00`; `false` outside years 1 to 9999.
    static func appendRFC3339(_ milliseconds: Int64, offset: Int, to line: inout ByteWriter) -> Bool {
        let local = milliseconds + Int64(offset) * 1000
        let day: Int64 = 86_400_000
        let days = floorDivide(local, day)
        let inDay = local - days * day
        guard let date = LocalDate(daysSinceEpoch: days) else { return false }
        line.append(Int64(date.year), padding: 4)
        line.append(byte: UInt8(ascii: "-"))
        line.append(Int64(date.month), padding: 2)
        line.append(byte: UInt8(ascii: "-"))
        line.append(Int64(date.day), padding: 2)
        line.append(byte: UInt8(ascii: "T"))
        line.append(inDay / 3_600_000, padding: 2)
        line.append(byte: UInt8(ascii: ":"))
        line.append(inDay / 60_000 % 60, padding: 2)
        line.append(byte: UInt8(ascii: ":"))
        line.append(inDay / 1000 % 60, padding: 2)
        line.append(byte: UInt8(ascii: "."))
        line.append(inDay % 1000, padding: 3)
        let minutes = Int64(abs(offset) / 60)
        line.append(byte: UInt8(ascii: offset < 0 ? "-" : "+"))
        line.append(minutes / 60, padding: 2)
        line.append(byte: UInt8(ascii: ":"))
        line.append(minutes % 60, padding: 2)
        return true
    }

    /// The data file `TallyDocument.serialized()` writes after the tap: the counts and the position
    /// anew, the zone memo as it was (`ZoneMemory.memo(keeping:at:)` keeps it when it answered).
    private static func writeDataFile(_ contents: inout ByteWriter, _ data: DataFile, emotion: Emotion, position: JournalPosition) {
        var counts = data.counts
        counts[emotion] += 1
        contents.append("{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": ")
        contents.append(counts.happy)
        contents.append(",\n    \"smile\": ")
        contents.append(counts.smile)
        contents.append(",\n    \"neutral\": ")
        contents.append(counts.neutral)
        contents.append(",\n    \"upset\": ")
        contents.append(counts.upset)
        contents.append(",\n    \"sad\": ")
        contents.append(counts.sad)
        contents.append("\n  },\n  \"journal\": {\"seq\": ")
        contents.append(Int64(position.sequence))
        contents.append(", \"bytes\": ")
        contents.append(position.bytes)
        contents.append(", \"latest\": ")
        contents.append(position.latest)
        contents.append("}")
        // The zone member as the file held it, to its end: `ZoneMemo.jsonText` of the same memo.
        guard let zone = firstIndex(of: ",\n  \"zone\": ", in: data.bytes) else {
            contents.markFull()
            return
        }
        contents.append(UnsafeBufferPointer(rebasing: data.bytes[zone...]))
    }

    /// Whether `name` in the open folder `folder` is a regular file, looked at without opening it or
    /// following a link, as `PathWalk` looks.
    private static func isRegularFile(_ name: UnsafePointer<CChar>, in folder: Int32) -> Bool {
        CStringCalls.status(folder, name).status?.kind == .regularFile
    }

    /// `AtomicReplace.removeLeftovers(of:andOf:)` for the data file `name` and its day index: every
    /// file in `folder` named as their temporary files are, left by a process killed while saving.
    private static func removeLeftovers(in folder: Int32, of name: UnsafeBufferPointer<UInt8>) {
        try? Syscall.forEachName(in: folder, path: "") { entry in
            guard isTemporary(entry, of: name, ".tmp-") || isTemporary(entry, of: name, ".days.tmp-"), entry.count < 256 else { return }
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
                guard let base = buffer.baseAddress else { return }
                var end = 0
                for byte in entry {
                    buffer[end] = CChar(bitPattern: byte)
                    end += 1
                }
                buffer[end] = 0
                CStringCalls.remove(folder, base)
            }
        }
    }

    /// Whether `entry` is `.<name><suffix><digits>-<digits>`, as `AtomicReplace.isTemporary` tells.
    private static func isTemporary(_ entry: Slice<UnsafeRawBufferPointer>, of name: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let prefixCount = 1 + name.count + suffix.utf8CodeUnitCount
        guard entry.count > prefixCount, entry[entry.startIndex] == UInt8(ascii: ".") else { return false }
        var index = entry.startIndex + 1
        for byte in name {
            guard entry[index] == byte else { return false }
            index += 1
        }
        for offset in 0..<suffix.utf8CodeUnitCount {
            guard entry[index] == suffix.utf8Start[offset] else { return false }
            index += 1
        }
        // Two runs of digits, each non-empty, with one `-` between them.
        var runs = 1, digitsInRun = 0
        while index < entry.endIndex {
            let byte = entry[index]
            if byte == UInt8(ascii: "-"), digitsInRun > 0, runs == 1 {
                runs = 2
                digitsInRun = 0
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digitsInRun += 1
            } else {
                return false
            }
            index += 1
        }
        return runs == 2 && digitsInRun > 0
    }

    /// Where `text` first starts in `bytes`.
    private static func firstIndex(of text: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        var start = 0
        search: while start <= bytes.count - count {
            for index in 0..<count where bytes[start + index] != text.utf8Start[index] {
                start += 1
                continue search
            }
            return start
        }
        return nil
    }

    /// `AtomicReplace.replace(_:with:ownership:durable: false)`: a new file beside the data file,
    /// named as its temporary files are, written and renamed over it; on failure removed, and
    /// nothing said (`DataFileSave.commit` passes over it).
    private static func replace(
        _ files: Files, in folder: Int32, with bytes: UnsafeBufferPointer<UInt8>, permissions: UInt32, name: inout ByteWriter, random: UInt64
    ) {
        name.append(byte: UInt8(ascii: "."))
        name.append(files.dataFileName)
        name.append(".tmp-")
        name.append(Int64(random >> 32))
        name.append(byte: UInt8(ascii: "-"))
        name.append(Int64(random & 0xFFFF_FFFF))
        name.append(byte: 0)
        guard !name.isFull, let start = name.buffer.baseAddress else { return }
        let temporary = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
        let flags = O_WRONLY | O_CREAT | O_EXCL | OpenFlags.noFollow
        guard let file = CStringCalls.open(folder, temporary, flags: flags, mode: 0o600) else { return }
        let written = CStringCalls.setPermissions(file, permissions) && CStringCalls.write(file, UnsafeRawBufferPointer(bytes))
        CStringCalls.close(file)
        guard written, CStringCalls.rename(folder, temporary, to: files.dataFile) else {
            CStringCalls.remove(folder, temporary)
            return
        }
    }
}
