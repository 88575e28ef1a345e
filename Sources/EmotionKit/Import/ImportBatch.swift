/// The changes an `export` file holds, read and checked line by line, gathered into whole commands
/// in the order `import` applies them: what can be known of a file before the journal is read.
///
/// A line is read as `log --json` writes it (`JournalEvent.init(exportLine:)`); empty lines are
/// skipped. Every id is in the file once; every command is whole: its first change (the one whose
/// id is its `group`) is there with all the changes its `events` counts, and they share its
/// `at`, `recorded`, `command`, `note` and `reverts`; every time lies in the years 1 to 9999 in UTC
/// as well as at its own offset (`OutsideYears`), as a change made here does, so a recording time
/// can be written in UTC as a later line's `latest`. Commands come by the time their first
/// change was recorded (`recorded`, else `at`), then by their place in the file: for a file from a
/// history whose clock never went back, the order they were made in.
///
/// Only what the union needs of each change is kept (`Change`, some 64 bytes); the changes taken in
/// are read from the file again, a chunk at a time, as they are written (`ImportBatch.Reader`), so
/// that an export of 100,000 changes is never held whole.
package struct ImportBatch: Sendable {
    /// One change of the file: what a union by id needs of it, and where its line is, in 48 bytes
    /// (the rest is read from its line again: `ImportBatch.Reader`).
    package struct Change: Sendable {
        /// Its id.
        package let id: EventID
        /// Its place in the history it was made in.
        var sequence: UInt64
        /// A hash of its line's bytes (`fingerprint(of:)`), which the line must still have when read again.
        let fingerprint: UInt64
        /// Where its line starts (the low 40 bits), its length (the next 16: a line is at most 16 KiB)
        /// and whether it starts its command (the top bit).
        private let placeBits: UInt64
        /// That history, as an index into `histories`; `ImportBatch.unaddressed` until a change of
        /// the previous release's export is given one (`PreviousReleaseExport`).
        var history: UInt32
        /// Its line's number, from 1.
        let line: Int32

        /// A change whose line, number `line`, starts at `offset` (under 2⁴⁰) and is `length` bytes
        /// long (under 2¹⁶).
        init(
            id: EventID, sequence: UInt64, fingerprint: UInt64, offset: Int64, length: Int, history: UInt32, line: Int, isFirst: Bool
        ) {
            self.id = id
            self.sequence = sequence
            self.fingerprint = fingerprint
            placeBits = UInt64(offset) & 0xFF_FFFF_FFFF | UInt64(length & 0xFFFF) << 40 | (isFirst ? 1 << 63 : 0)
            self.history = history
            self.line = Int32(truncatingIfNeeded: line)
        }

        /// Where its line starts in the file.
        var offset: Int64 { Int64(placeBits & 0xFF_FFFF_FFFF) }
        /// Its line's length in bytes.
        var length: Int { Int(placeBits >> 40 & 0xFFFF) }
        /// Whether it is its command's first change (its id is the command's).
        var isFirst: Bool { placeBits >> 63 == 1 }
    }

    /// A hash of a line's bytes, the same for the same bytes within this process (Swift's seeded
    /// `Hasher`): a line read again is the one the first read checked only if it gives the same.
    static func fingerprint(of line: ArraySlice<UInt8>) -> UInt64 {
        var hasher = Hasher()
        line.withUnsafeBytes { hasher.combine(bytes: $0) }
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }

    /// The history index of a change that does not name where it was made.
    static let unaddressed = UInt32.max

    /// The changes, command by command in the order they are applied, each command's first change first.
    package internal(set) var changes: [Change]
    /// Where each command ends in `changes`: command `i` is `changes[ends[i - 1]..<ends[i]]`.
    private(set) var ends: [Int]
    /// The histories the changes name, by index.
    package internal(set) var histories: [HistoryID]
    /// For each undo or redo, by its id, the command it takes back or makes again.
    var reverts: [EventID: EventID]
    /// The `after` of changes a previous release's export was addressed with, by id.
    var afters: [EventID: [HistoryMark]] = [:]
    /// Each command's recording time, in milliseconds since 1970 (`recorded`, else `at`, of its first change).
    private(set) var recordedTimes: [Int64]
    /// Where the lines are read again.
    let source: ExportSource

    /// How many changes the file holds.
    package var changeCount: Int { changes.count }

    /// How many commands the file holds.
    package var commandCount: Int { ends.count }

    /// Where command `index` sits in `changes`.
    package func command(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// When command `index` was recorded (`recorded`, else `at`, of its first change), in milliseconds since 1970.
    func recordedTime(of index: Int) -> Int64 { recordedTimes[index] }

    /// The command `change` takes back or makes again, if it is an undo or redo.
    func target(of change: Change) -> EventID? {
        reverts[change.id]
    }

    /// Reads `bytes`, the whole file.
    ///
    /// - Throws: `ImportError` for the first line that is not a change, a repeated id, or a command
    ///   that is not whole.
    package init(parsing bytes: [UInt8]) throws {
        try self.init(reading: ExportSource(bytes: bytes))
    }

    /// Reads `source` once, checking every line and keeping what the union needs.
    ///
    /// - Throws: `ImportError` for the first line that is not a change, a repeated id, or a command
    ///   that is not whole; `ImportSourceError` for a source that cannot be read.
    package init(reading source: ExportSource) throws {
        var reading = ImportBatchReading()
        try source.forEachLine { line, offset, number throws(ImportError) in
            try reading.take(line, offset: offset, number: number)
        }
        let commands = try reading.wholeCommands(source)
        self.source = source
        histories = reading.histories
        reverts = reading.reverts
        changes = []
        changes.reserveCapacity(reading.changes.count)
        ends = []
        ends.reserveCapacity(commands.count)
        recordedTimes = []
        recordedTimes.reserveCapacity(commands.count)
        for command in commands {
            for place in Int(command.start)..<Int(command.start + command.count) { changes.append(reading.changes[Int(reading.order[place])]) }
            ends.append(changes.count)
            recordedTimes.append(command.recorded)
        }
    }

    /// A batch of `changes` in commands ending at `ends`, from `batch`'s file.
    init(_ batch: ImportBatch, changes: [Change], ends: [Int], recordedTimes: [Int64]) {
        self = batch
        self.changes = changes
        self.ends = ends
        self.recordedTimes = recordedTimes
    }

    /// How long after now, by this machine's clock, a change may have been recorded: a day, for a
    /// clock ahead or set in the wrong time zone where it was made. Further ahead, it would be the
    /// latest change here until then, and every read from the end would go past it.
    package static let clockAllowance: Int64 = 86_400_000

    /// Refuses the first command (by line) with a change among `chosen` (indices of those the history
    /// takes in) that was recorded more than `clockAllowance` after `now`; one already there was
    /// taken in before.
    ///
    /// - Throws: `ImportError.recordedAhead`; `ImportSourceError` if its line cannot be read again.
    package func checkRecorded(notAfter now: Instant, chosen: [Int32]) throws {
        var isNew = [Bool](repeating: false, count: changes.count)
        for index in chosen { isNew[Int(index)] = true }
        let milliseconds = now.millisecondsSinceEpoch
        let limit = milliseconds > Int64.max - Self.clockAllowance ? Int64.max : milliseconds + Self.clockAllowance
        var first: Change?
        for index in recordedTimes.indices where recordedTimes[index] > limit {
            let range = command(index)
            guard range.contains(where: { isNew[$0] }) else { continue }
            if first.map({ changes[range.lowerBound].line < $0.line }) ?? true { first = changes[range.lowerBound] }
        }
        guard let first else { return }
        var reader = Reader(self)
        let event = try reader.lineEvent(of: first)
        throw ImportError.recordedAhead(
            line: Int(first.line), key: event.recorded == nil ? "at" : "recorded", time: event.recordedAt, now: now)
    }

    /// Whether every change names where it was made: an export made since issue 23, imported as a union.
    package var namesWhereMade: Bool {
        !changes.isEmpty && changes.allSatisfy { $0.history != ImportBatch.unaddressed }
    }
}
