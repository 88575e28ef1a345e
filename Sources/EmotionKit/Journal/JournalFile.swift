/// The journal beside the data file, open: `<data file>.journal`, a header line then one event a line.
///
/// Appending and syncing a command's lines is the commit point of an update (see `TallyStore`);
/// nothing else ever changes a line, and only a writer holding the lock cuts off a torn last line.
/// Reading goes forward from a position the data file records, or backward from the end, a chunk at
/// a time, so that what a read costs is what it returns, not the whole history.
struct JournalFile {
    let fileSystem: FileSystem
    /// The open journal.
    let file: FileSystem.Descriptor
    /// Its length: when opened, then after each append or cut.
    private(set) var size: Int64
    /// Its inode, as opened: the same for a history's whole life (the journal is made once, then only
    /// appended to), another for any copy of it.
    var inode: UInt64 = 0

    /// How much is read at a time.
    static let chunkSize = 64 * 1024

    /// `emotions.json.journal`: the journal's name beside the data file `name`.
    static func name(besideDataFile name: String) -> String {
        name + ".journal"
    }

    /// Opens the journal `target`, or returns `nil` if there is none; for writing, appending only.
    ///
    /// It must be a regular file, reached through no link; as root, with no other name; and owned by
    /// `owner`, if given: the data file's owner, or without a data file, ours. A journal someone else
    /// put beside the data file (in a shared folder, before our first change) is not ours: it is
    /// neither read nor written, so that no one can feed us counts or read our notes.
    static func open(
        _ target: NameInFolder, forWriting: Bool, owner: UInt32?, fileSystem: FileSystem
    ) throws(StoreError) -> JournalFile? {
        let flags = (forWriting ? OpenFlags.readWrite | OpenFlags.append : OpenFlags.readOnly) | OpenFlags.nonBlocking
            | OpenFlags.noFollow
        let file: FileSystem.Descriptor
        do {
            file = try fileSystem.openAt(target.folder, target.name, flags, 0)
        } catch where error.errno == Errno.noSuchFileOrDirectory {
            return nil
        } catch where error.errno == Errno.tooManySymbolicLinkLevels {
            throw .unsafeJournal(path: target.path, .symbolicLink)
        } catch where forWriting && [Errno.permissionDenied, Errno.notPermitted, Errno.readOnlyFileSystem].contains(error.errno) {
            throw .readOnly(error)
        } catch {
            throw .inputOutput(error)
        }
        let status: FileStatus
        do {
            status = try fileSystem.status(file)
        } catch {
            fileSystem.close(file)
            throw .inputOutput(error)
        }
        if let refusal = refusal(of: status, at: file.path, owner: owner) {
            fileSystem.close(file)
            throw refusal
        }
        return JournalFile(fileSystem: fileSystem, file: file, size: status.size, inode: status.identity.inode)
    }

    /// Why a journal of `status` at `path` (made only if refused) is neither read nor written, if it is not: not a regular
    /// file; as root, one with another name; not `owner`'s, if given.
    private static func refusal(of status: FileStatus, at path: @autoclosure () -> String, owner: UInt32?) -> StoreError? {
        guard status.kind == .regularFile else { return .unreadableJournal(path: path(), .notARegularFile(status.kind)) }
        if Syscall.effectiveUser == 0, status.links > 1 { return .hardLinkedFile(path: path(), links: status.links) }
        if let owner, status.owner != owner { return .foreignJournal(path: path(), owner: status.owner) }
        return nil
    }

    /// Whether the journal `target`, by its name's status (one `fstatat`, not following a link), is
    /// one `open` would take, owned by `owner`, that ends at `size` (where the data file's position
    /// says its counts end), and that we may read: a reader then has nothing of it to read, and need
    /// not open it. `false` for anything else, which opening it then tells.
    ///
    /// Only the owner's read bit is asked, so only for a journal of the effective user's (or as root):
    /// one of another user's (a shared tally) is opened, and the system says whether we may.
    static func endsAt(_ size: Int64, _ target: NameInFolder, owner: UInt32, fileSystem: FileSystem) -> Bool {
        let user = Syscall.effectiveUser
        guard owner == user, let status = try? fileSystem.statusAt(target.folder, target.name),
            refusal(of: status, at: target.path, owner: owner) == nil
        else { return false }
        return status.size == size && (user == 0 || status.permissions & 0o400 != 0)
    }

    /// Starts the journal `target` with `header`, as the data file's `ownership` gives: written whole
    /// under a temporary name, flushed, renamed into place, the folder flushed. So a journal is
    /// either absent or has its header, whatever crashes.
    static func create(
        _ target: NameInFolder, header: JournalHeader, ownership: FileOwnership, fileSystem: FileSystem
    ) throws(StoreError) -> JournalFile {
        try AtomicReplace(fileSystem: fileSystem).write(
            Array((header.jsonLine + "\n").utf8), to: target, ownership: ownership, replacing: nil)
        guard let journal = try open(target, forWriting: true, owner: nil, fileSystem: fileSystem) else {
            throw .inputOutput(SystemError(call: "open", path: target.path, errno: Errno.noSuchFileOrDirectory))
        }
        return journal
    }

    /// Closes it.
    func close() {
        fileSystem.close(file)
    }

    /// The header, from the first line.
    ///
    /// - Throws: `StoreError.unreadableJournal` if the first line is not a header.
    func header() throws(StoreError) -> (header: JournalHeader, end: Int64) {
        let bytes = try read(from: 0, count: JournalEvent.lineLimit + 1)
        guard let newline = bytes.firstIndex(of: 0x0A), let header = JournalHeader(line: Array(bytes[..<newline])) else {
            throw .unreadableJournal(path: file.path, .badHeader)
        }
        return (header, Int64(newline + 1))
    }

    /// Refuses to append at `end` unless the journal begins as a header does and `end` follows a
    /// line's end: two small reads, so that a tap never writes a journal its own reader would refuse,
    /// even where the data file's position spares it reading anything else.
    ///
    /// - Throws: `StoreError.unreadableJournal`.
    func checkBeforeAppending(at end: Int64) throws(StoreError) {
        let prefix = Array("{\"history\":1,".utf8)
        guard try read(from: 0, count: prefix.count) == prefix else { throw .unreadableJournal(path: file.path, .badHeader) }
        guard end > Int64(prefix.count), try read(from: end - 1, count: 1) == [0x0A] else {
            throw .unreadableJournal(path: file.path, .positionInsideLine(end))
        }
    }

    /// The most zero bytes at the end taken for a write the file system never made durable: 256 MiB,
    /// more than the largest append (an import of a 64 MiB file) can be.
    static let zeroLimit: Int64 = 256 * 1024 * 1024

    /// Where the journal ends but for zero bytes at its end, never before `floor`: a file system may
    /// show appended bytes that never reached the disk as zeros after a power cut, and no line holds a
    /// zero byte. Reads one byte of a journal that does not end in a zero; a run of zeros, a chunk at a time.
    ///
    /// - Throws: `StoreError.unreadableJournal` for more than `zeroLimit` zero bytes at the end, which
    ///   no write leaves (a file grown by `truncate`, say), rather than read them all.
    func endBeforeZeros(downTo floor: Int64) throws(StoreError) -> Int64 {
        guard size > floor, try read(from: size - 1, count: 1) == [0] else { return size }
        var end = size - 1
        while end > floor {
            guard size - end <= JournalFile.zeroLimit else {
                throw .unreadableJournal(path: file.path, .damagedTail(bytes: size - end))
            }
            let count = Int(min(Int64(JournalFile.chunkSize), end - floor))
            let chunk = try read(from: end - Int64(count), count: count)
            guard chunk.count == count else { break }  // Cut short under us: the zeros end here.
            if let last = chunk.withUnsafeBufferPointer(ByteSearch.lastNonZeroIndex) { return end - Int64(count - last - 1) }
            end -= Int64(count)
        }
        return end
    }

    /// Up to `count` bytes from `offset`.
    func read(from offset: Int64, count: Int) throws(StoreError) -> [UInt8] {
        do {
            return try fileSystem.readAt(file, offset, count)
        } catch {
            throw .inputOutput(error)
        }
    }

    /// Appends `bytes` without flushing them: lines written ahead of the commit point (see
    /// `ArrivalAppender`), which the `append` after them flushes with its own. If the write fails,
    /// cuts the journal back to where it was.
    ///
    /// - Throws: `StoreError.inputOutput`, the journal as it was; or `.unsyncedChange` if the lines
    ///   may have reached it but could not be cut off again.
    mutating func write(_ bytes: [UInt8]) throws(StoreError) {
        try write(bytes, flushing: false)
    }

    /// Writes `bytes` at the end, flushed if `flushing`; cut back to where it was if either fails.
    private mutating func write(_ bytes: [UInt8], flushing: Bool) throws(StoreError) {
        let before = size
        do {
            try fileSystem.write(file, bytes)
            if flushing { try fileSystem.syncData(file) }
        } catch {
            do {
                try fileSystem.truncate(file, before)
            } catch let cutError {
                throw .unsyncedChange(cutError)
            }
            throw .inputOutput(error)
        }
        size = before + Int64(bytes.count)
    }

    /// Appends `bytes` and flushes them: the commit point. If either fails, cuts the journal back to
    /// where it was, so that nothing unacknowledged stays.
    ///
    /// - Throws: `StoreError.inputOutput`, the journal as it was; or `.unsyncedChange` if the lines
    ///   may have reached it but could not be cut off again.
    mutating func append(_ bytes: [UInt8]) throws(StoreError) {
        try write(bytes, flushing: true)
    }

    /// Cuts the journal to `length` bytes: a torn last line, which was never acknowledged, goes.
    mutating func truncate(to length: Int64) throws(StoreError) {
        do {
            try fileSystem.truncate(file, length)
        } catch {
            throw .inputOutput(error)
        }
        size = length
    }

    /// What `forEachLine` and `forEachLineBackward` do with a line longer than any event's (whose bytes
    /// they do not keep), given where it starts and where its `\n` ends: go on (`true`) or stop.
    typealias OverLongLine = (_ lineStart: Int64, _ lineEnd: Int64) throws(StoreError) -> Bool

    /// `forEachLine(from:to:overLong:_:)` refusing a line longer than any event's, at its length.
    @discardableResult
    func forEachLine(
        from start: Int64, to end: Int64, _ body: (_ line: ArraySlice<UInt8>, _ lineEnd: Int64) throws(StoreError) -> Bool
    ) throws(StoreError) -> Int64 {
        try forEachLine(from: start, to: end, overLong: refuseLine, body)
    }

    /// `forEachLineBackward(from:downTo:overLong:_:)` refusing a line longer than any event's, at its length.
    func forEachLineBackward(
        from end: Int64, downTo floor: Int64, _ body: (_ line: ArraySlice<UInt8>, _ lineStart: Int64) throws(StoreError) -> Bool
    ) throws(StoreError) {
        try forEachLineBackward(from: end, downTo: floor, overLong: refuseLine, body)
    }

    /// Refuses the line from `start` to `end` (just past its `\n`), longer than any event's, at its length.
    private func refuseLine(from start: Int64, to end: Int64) throws(StoreError) -> Bool {
        let reason = JournalLineError.tooLong(bytes: Int(clamping: end - start - 1)).description
        throw .unreadableJournal(path: file.path, .badLine(number: 0, reason: reason))
    }

    /// Reads the complete lines from `start` (the start of a line) up to `end`, in order, handing
    /// each to `body` with the offset just past its `\n`, until `body` returns `false`. A line longer
    /// than any event's goes to `overLong` instead, without its bytes.
    ///
    /// Returns where the last complete line handed over ends: bytes past it, up to `end`, are a
    /// torn line (or one being written now), kept in memory only up to the longest an event's is.
    @discardableResult
    func forEachLine(
        from start: Int64, to end: Int64, overLong: OverLongLine,
        _ body: (_ line: ArraySlice<UInt8>, _ lineEnd: Int64) throws(StoreError) -> Bool
    ) throws(StoreError) -> Int64 {
        var offset = start  // Where `pending` starts in the file.
        var pending: [UInt8] = []
        var skipping = false  // Whether the line at `offset` is longer than any event's: its bytes are not kept.
        var next = start
        while next < end {
            let chunk = try read(from: next, count: Int(min(Int64(JournalFile.chunkSize), end - next)))
            if chunk.isEmpty { break }
            let chunkStart = next
            next += Int64(chunk.count)
            if skipping {
                guard let newline = ByteSearch.firstIndex(of: 0x0A, in: chunk[...]) else { continue }
                let lineEnd = chunkStart + Int64(newline + 1)
                guard try overLong(offset, lineEnd) else { return lineEnd }
                skipping = false
                offset = lineEnd
                pending = Array(chunk[(newline + 1)...])
            } else {
                pending += chunk
            }
            var lineStart = 0
            while let newline = ByteSearch.firstIndex(of: 0x0A, in: pending[lineStart...]) {
                let lineEnd = offset + Int64(newline + 1)
                let goOn = newline - lineStart > JournalEvent.lineLimit
                    ? try overLong(offset + Int64(lineStart), lineEnd) : try body(pending[lineStart..<newline], lineEnd)
                guard goOn else { return lineEnd }
                lineStart = newline + 1
            }
            pending.removeSubrange(..<lineStart)
            offset += Int64(lineStart)
            if pending.count > JournalEvent.lineLimit {
                pending = []
                skipping = true
            }
        }
        return offset
    }

    /// Reads the complete lines that end after `floor` and at or before `end`, last first, handing each
    /// to `body` with the offset of its first byte, until `body` returns `false`. A line longer than any
    /// event's goes to `overLong` instead, without its bytes. A torn last line (bytes after the last `\n`
    /// before `end`) is skipped, never kept in memory.
    func forEachLineBackward(
        from end: Int64, downTo floor: Int64, overLong: OverLongLine,
        _ body: (_ line: ArraySlice<UInt8>, _ lineStart: Int64) throws(StoreError) -> Bool
    ) throws(StoreError) {
        try forEachLineBackward(from: end, downTo: floor, overLong: overLong, passingOver: { line, lineStart throws(StoreError) in
            try body(line, lineStart) ? .goOn : .stop
        })
    }

    /// What a backward read does after a line.
    enum BackwardStep {
        /// Hands over the line before it.
        case goOn
        /// Stops.
        case stop
        /// Goes on with the line that ends at this offset: a line start after the read's floor and
        /// before the line just handed over, which the caller has checked.
        case skipTo(Int64)
    }

    /// As `forEachLineBackward(from:downTo:_:)`, where `body` may also have the read pass over the
    /// lines between one it was handed and an earlier line start; a place out of that range is not
    /// gone to, and the read goes on with the line before.
    func forEachLineBackward(
        from end: Int64, downTo floor: Int64,
        passingOver body: (_ line: ArraySlice<UInt8>, _ lineStart: Int64) throws(StoreError) -> BackwardStep
    ) throws(StoreError) {
        try forEachLineBackward(from: end, downTo: floor, overLong: refuseLine, passingOver: body)
    }

    /// The read of `forEachLineBackward(from:downTo:passingOver:)`, a line longer than any event's going
    /// to `overLong`, without its bytes.
    private func forEachLineBackward(
        from end: Int64, downTo floor: Int64, overLong: OverLongLine,
        passingOver body: (_ line: ArraySlice<UInt8>, _ lineStart: Int64) throws(StoreError) -> BackwardStep
    ) throws(StoreError) {
        // Lines are handed over where they lie in each chunk read; only a line that a chunk's start
        // cuts in two is put together, from the chunk's tail and `carry`: the bytes after the chunk
        // up to and with that line's `\n`, which ends at `carryEnd`.
        var carry: [UInt8] = []
        var carryEnd = end
        var skipping = false  // Whether the line ending at `carryEnd` is longer than any event's: `carry` is not kept.
        var chunkEnd = end
        var sawLineEnd = false
        chunks: while chunkEnd > floor {
            let count = Int(min(Int64(JournalFile.chunkSize), chunkEnd - floor))
            let chunkStart = chunkEnd - Int64(count)
            let chunk = try read(from: chunkStart, count: count)
            guard chunk.count == count else { return }  // Cut short under us: nothing sound to read.
            chunkEnd = chunkStart
            var lineEnd = count  // Just past the current line's `\n`; `count` with `carry` when it runs on into it.
            if !sawLineEnd || skipping {
                // Skip the torn tail after the last `\n`, or the rest of a line too long to keep, if its start is in view.
                guard let last = JournalFile.lastLineBreak(in: chunk, before: count) else { continue }
                if skipping {
                    guard try overLong(chunkStart + Int64(last + 1), carryEnd) else { return }
                    skipping = false
                }
                sawLineEnd = true
                lineEnd = last + 1
            }
            let step = try handLines(
                of: chunk, at: chunkStart, before: lineEnd, carry: &carry, carryEnd: &carryEnd, downTo: floor,
                overLong: overLong, body)
            switch step {
            case .goOn:
                break
            case .stop:
                return
            case let .skipTo(offset):
                chunkEnd = offset  // The next chunk ends at a line's end: nothing is carried over into it.
                carryEnd = offset
                carry = []
                continue chunks
            }
            if carry.count > JournalEvent.lineLimit + 1 { (carry, skipping) = ([], true) }
        }
        if skipping {
            _ = try overLong(floor, carryEnd)
        } else if sawLineEnd, !carry.isEmpty, carry.last == 0x0A {
            _ = try body(carry[..<(carry.count - 1)], floor)
        }
    }

    /// Hands `body` the lines of `chunk` (read at `chunkStart`) that end before `lineEnd`, last first,
    /// the one that runs on into `carry` (when `lineEnd` is the chunk's end) put together with it, and
    /// keeps in `carry` the start of a line the chunk cuts. Returns `.goOn` once the chunk is done, or
    /// `body`'s `.stop`, or its `.skipTo` of a place in range.
    @inline(__always)
    private func handLines(
        of chunk: [UInt8], at chunkStart: Int64, before lineEnd: Int, carry: inout [UInt8], carryEnd: inout Int64,
        downTo floor: Int64, overLong: OverLongLine,
        _ body: (_ line: ArraySlice<UInt8>, _ lineStart: Int64) throws(StoreError) -> BackwardStep
    ) throws(StoreError) -> BackwardStep {
        let count = chunk.count
        var lineEnd = lineEnd
        while lineEnd > 0 {
            let runsOn = lineEnd == count && !carry.isEmpty
            guard let newline = JournalFile.lastLineBreak(in: chunk, before: runsOn ? count : lineEnd - 1) else {
                if !runsOn { carryEnd = chunkStart + Int64(lineEnd) }
                carry = runsOn ? chunk + carry : Array(chunk[..<lineEnd])
                break
            }
            let lineStart = newline + 1
            let start = chunkStart + Int64(lineStart)
            let end = runsOn ? carryEnd : chunkStart + Int64(lineEnd)
            let step: BackwardStep
            if end - start - 1 > JournalEvent.lineLimit {
                carry = []
                step = try overLong(start, end) ? .goOn : .stop
            } else {
                let line = runsOn ? (chunk[lineStart...] + carry.dropLast())[...] : chunk[lineStart..<(lineEnd - 1)]
                if runsOn { carry = [] }
                step = try body(line, start)
            }
            if case .stop = step { return .stop }
            if case let .skipTo(offset) = step, offset >= floor, offset < start { return step }
            lineEnd = lineStart
        }
        return .goOn
    }

    /// Where the last `\n` in `bytes[..<end]` is.
    private static func lastLineBreak(in bytes: [UInt8], before end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { ByteSearch.lastIndex(of: 0x0A, in: $0, before: end) }
    }

}
