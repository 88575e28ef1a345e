/// The day index beside the data file, `<data file>.days` (see `DayIndex`): a cache the views
/// make, read and bring up to date themselves, never needed and never trusted blindly.
///
/// It is read only if it is a regular file with one name, reached through no link, owned by the
/// journal's owner, of the size its header gives, hashing right, and made from this journal: the
/// line it says it counts up to is there, at its place, with its id. Anything else, and it is
/// passed over as if absent; no error comes of it. It is written only by the journal's owner, in
/// a folder of their own (as root, root's), under a new name then renamed over the old one, with
/// the journal's permissions.
struct DayIndexFile {
    let target: NameInFolder
    let fileSystem: FileSystem

    /// `emotions.json.days`: the index's name beside the data file `name`.
    static func name(besideDataFile name: String) -> String {
        name + ".days"
    }

    /// What a read of the index found.
    struct Contents {
        /// Where in the journal it counts up to, and how it knows the journal.
        var header: DayIndex.Header
        /// The days read, ascending.
        var days: [Int64]
        /// What was felt on each of `days`.
        var totals: [DayTotal]
    }

    /// The index's days in `window` (every day if `nil`), if there is an index to trust for the
    /// journal `journal`, whose events start at `floor` and end at `end`.
    func read(days window: ClosedRange<Int64>?, journal: JournalFile, floor: Int64, end: Int64) -> Contents? {
        guard let file = try? fileSystem.openAt(target.folder, target.name, OpenFlags.readOnly | OpenFlags.noFollow | OpenFlags.nonBlocking, 0)
        else { return nil }
        defer { fileSystem.close(file) }
        guard let status = try? fileSystem.status(file), let journalStatus = try? fileSystem.status(journal.file),
            status.kind == .regularFile, status.links == 1, status.owner == journalStatus.owner,
            let headerBytes = try? fileSystem.readAt(file, 0, DayIndex.headerWords * 8), let header = DayIndex.Header(headerBytes),
            status.size == header.fileSize, header.position <= end, header.lastLineStart >= floor,
            isLastLine(of: header, in: journal),
            DayIndexFile.fingerprint(of: journal, floor: floor, position: header.position) == header.fingerprint,
            let listBytes = try? fileSystem.readAt(file, Int64(DayIndex.headerWords * 8), header.count * 8),
            let allDays = header.days(listBytes, headerBytes: headerBytes)
        else { return nil }
        // The records of the days in the window, in one read.
        let first = window.map { low in DayIndexFile.firstIndex(in: allDays) { $0 >= low.lowerBound } } ?? 0
        let last = window.map { high in DayIndexFile.firstIndex(in: allDays) { $0 > high.upperBound } } ?? allDays.count
        guard first < last else { return Contents(header: header, days: [], totals: []) }
        let recordBytes = DayIndex.recordWords * 8
        let start = Int64(DayIndex.headerWords * 8 + header.count * 8 + first * recordBytes)
        guard let bytes = try? fileSystem.readAt(file, start, (last - first) * recordBytes), bytes.count == (last - first) * recordBytes
        else { return nil }
        let words = DayIndex.words(bytes)
        var totals: [DayTotal] = []
        totals.reserveCapacity(last - first)
        for (offset, day) in allDays[first..<last].enumerated() {
            let record = words[(offset * DayIndex.recordWords)..<((offset + 1) * DayIndex.recordWords)]
            guard let total = header.total(record, day: day) else { return nil }
            totals.append(total)
        }
        return Contents(header: header, days: Array(allDays[first..<last]), totals: totals)
    }

    /// Whether the journal holds, ending at the index's position, the line it counts up to.
    private func isLastLine(of header: DayIndex.Header, in journal: JournalFile) -> Bool {
        // From the `\n` before the line (the header's last byte, for the first line) to its own.
        let count = Int(header.position - header.lastLineStart) + 1
        guard let bytes = try? journal.read(from: header.lastLineStart - 1, count: count), bytes.count == count else { return false }
        let opening = Array("\n{\"id\":\"".utf8)
        return bytes.starts(with: opening) && bytes[opening.count...].starts(with: header.lastID) && bytes.last == 0x0A
    }

    /// A hash of the journal's header line and first 4 KiB of changes, and of its last 4 KiB up to
    /// `position`: with the line and id at `position` and the counts there, what tells the journal
    /// an index was made from from another (ids alone do not: `import` copies them).
    static func fingerprint(of journal: JournalFile, floor: Int64, position: Int64) -> UInt64? {
        let headEnd = min(position, floor + 4096)
        let tailStart = max(floor, position - 4096)
        guard let head = try? journal.read(from: 0, count: Int(headEnd)), head.count == Int(headEnd),
            let tail = try? journal.read(from: tailStart, count: Int(position - tailStart)), tail.count == Int(position - tailStart)
        else { return nil }
        var words: [UInt64] = [UInt64(head.count), UInt64(tail.count)]
        for bytes in [head, tail] {
            var word: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                word = word << 8 | UInt64(byte)
                if index % 8 == 7 {
                    words.append(word)
                    word = 0
                }
            }
            words.append(word)
        }
        return DayIndex.hash(words)
    }

    /// Whether this process should make the index: it runs as the journal's owner, in a folder it
    /// owns and may write (as root, only in root's own folder).
    /// Not where a folder is in the index's place, which no rename could replace.
    func mayWrite(beside journal: JournalFile) -> Bool {
        guard let journalStatus = try? fileSystem.status(journal.file), let folder = try? fileSystem.status(target.folder) else { return false }
        let me = Syscall.effectiveUser
        guard journalStatus.owner == me, folder.owner == me, folder.permissions & 0o200 != 0 else { return false }
        if let inTheWay = try? fileSystem.openAt(target.folder, target.name, OpenFlags.readOnly | OpenFlags.noFollow | OpenFlags.nonBlocking | OpenFlags.folder, 0) {
            fileSystem.close(inTheWay)
            return false
        }
        return true
    }

    /// Replaces the index with `index`, if it can; a failure leaves the old one, or none, which
    /// readers pass over anyway.
    func write(_ index: DayIndex, beside journal: JournalFile, floor: Int64) {
        var index = index
        guard index.days.count <= DayIndex.dayLimit, let journalStatus = try? fileSystem.status(journal.file),
            let fingerprint = DayIndexFile.fingerprint(of: journal, floor: floor, position: index.position)
        else { return }
        index.fingerprint = fingerprint
        try? AtomicReplace(fileSystem: fileSystem).replace(target, with: index.bytes, ownership: FileOwnership(keeping: journalStatus), durable: false)
    }

    /// The first index in the ascending `days` where `isAfter` holds, or `days.count`.
    private static func firstIndex(in days: [Int64], where isAfter: (Int64) -> Bool) -> Int {
        var low = 0
        var high = days.count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(days[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
