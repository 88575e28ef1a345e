/// The end of an update, under the watch lock: the data file anchored first where it must be, the
/// journal's lines appended and flushed (the commit point), this history's own changes sent to the
/// sync folder, then the data file replaced. Past the commit point nothing fails the update: a data
/// file that cannot be saved now is rolled forward by the next command.
struct DataFileSave {
    let target: NameInFolder
    let original: DataFileSnapshot?
    let tornFrom: Int64?
    let start: JournalPosition?
    let lines: [UInt8]
    let ownership: FileOwnership
    /// The document's bytes, and those to save first (`anchor`), if any.
    private(set) var bytes: [UInt8]
    private let anchor: [UInt8]?
    /// Whether lines were written ahead of `lines` (see `ArrivalAppender`): flushed with them, even none.
    private let writtenAhead: Bool
    /// Whether the folder is looked through for temporary files left by killed processes.
    private let looksForLeftovers: Bool

    /// The save of `reading`'s document, whose counts before the update were `before`, with `lines`
    /// to append (`firstJournal`: to a journal the update started); `arrivalsFrom` is where the
    /// lines a sync wrote ahead of them start, if it wrote any (the data file was anchored then).
    ///
    /// - Throws: `StoreError.tooLargeToSave` for a document past the reader's limit.
    init(
        target: NameInFolder, reading: UpdateReading, before: Tally, lines: [UInt8], firstJournal: Bool, ownership: FileOwnership,
        arrivalsFrom: JournalPosition? = nil
    ) throws(StoreError) {
        self.target = target
        original = reading.original
        tornFrom = reading.state?.tornFrom
        start = arrivalsFrom ?? reading.state?.position
        self.lines = lines
        self.ownership = ownership
        bytes = reading.document.serialized()
        guard bytes.count <= TallyDocument.sizeLimit else {
            throw .tooLargeToSave(path: target.path, size: bytes.count, limit: TallyDocument.sizeLimit)
        }
        // A data file with no position takes the journal from its last whole command on (see
        // `JournalState`), and one whose position was into a journal since removed points nowhere:
        // were it still on disk after a power cut, lines committed from now on would be lost. So it is
        // first saved, durably, at the position they follow; every later save of it, with a position,
        // needs no flush.
        if arrivalsFrom != nil {
            anchor = nil  // Saved before the lines written ahead, where it had to be.
        } else if lines.isEmpty, DataFileSave.anchor(reading: reading, before: before, firstJournal: firstJournal) != nil {
            anchor = bytes
        } else {
            anchor = DataFileSave.anchor(reading: reading, before: before, firstJournal: firstJournal)
        }
        writtenAhead = arrivalsFrom != nil
        looksForLeftovers = DataFileSave.mayHaveLeftovers(reading: reading, anchored: anchor != nil)
    }

    /// How many commands' sequence numbers pass between two looks for leftovers when nothing says
    /// there may be one.
    static let leftoverLookInterval: UInt64 = 64

    /// Whether a temporary file of a killed process may be in the folder, so that it is worth listing
    /// (one `getdents` pass costs a tap about 25 µs and seven system calls).
    ///
    /// A lock holder makes its temporary data file only after its commit point, so one killed before
    /// renaming it leaves the journal ahead of the data file (or torn, or the data file unanchored),
    /// which the next update sees. Readers write the day index without the lock, so one of theirs
    /// can be left at any time: for those, and for anything else, the folder is also looked through
    /// whenever the history's sequence numbers pass a multiple of `leftoverLookInterval`.
    static func mayHaveLeftovers(reading: UpdateReading, anchored: Bool) -> Bool {
        guard let state = reading.state, !anchored, state.tornFrom == nil, !state.isAheadOfDataFile,
            let after = reading.document.journal?.sequence
        else { return true }
        let before = state.position.sequence
        return before / leftoverLookInterval != after / leftoverLookInterval
    }

    /// The data file to save durably before lines are appended after `reading`'s journal position,
    /// if one must be: one with no position (see `JournalState`), or one whose journal the update
    /// starts, saved with the counts `before` and the read cursors it had, at that position; `nil` if none must.
    static func anchor(reading: UpdateReading, before: Tally, firstJournal: Bool) -> [UInt8]? {
        guard let original = reading.original, original.lostToPowerCut == nil, original.document.journal == nil || firstJournal,
            let start = reading.state?.position
        else { return nil }
        var anchored = reading.document
        anchored.tally = before
        anchored.journal = start
        // The sync folder's files as far as they were read before: cursors moved past what this update
        // takes in would, were its lines lost to a power cut, have the next sync pass over it for good.
        let read = original.document.sync
        let sameFolder = read?.folder == anchored.sync?.folder
        anchored.sync?.read = sameFolder ? read?.read ?? SyncState.ReadCursors() : SyncState.ReadCursors()
        return anchored.serialized()
    }

    /// Saves: anchor, commit point, send, replace; `committed` is called once the lines are appended.
    func commit(
        _ reading: inout UpdateReading, sync: inout SyncStep, appended: [JournalEvent], fileSystem: FileSystem,
        committed: () -> Void
    ) throws(StoreError) {
        var bytes = bytes
        if let anchor, let original {
            do throws(StoreError) {
                try AtomicReplace(fileSystem: fileSystem).write(anchor, to: target, ownership: ownership, replacing: original.bytes)
            } catch where lines.isEmpty {
                // Nothing to commit: the save only rolled forward, as the next command does again.
            }
        }
        if var open = reading.journal {
            if let tornFrom { try open.truncate(to: tornFrom) }
            if !lines.isEmpty || writtenAhead { try open.append(lines) }  // The commit point.
            reading.journal = open
            let end = reading.document.journal?.bytes ?? open.size
            sync.send(journal: open, end: end, appended: start.map { (appended, $0.bytes) })
            if sync.state != reading.document.sync {
                reading.document.sync = sync.state
                bytes = reading.document.serialized()
            }
        }
        committed()
        let replace = AtomicReplace(fileSystem: fileSystem)
        // Before the data file is replaced: a process killed after its rename leaves no sign that it
        // had not looked yet, so it must look before; killed before its own rename, it leaves the
        // journal ahead, and the next update looks.
        if looksForLeftovers { replace.removeLeftovers(of: target, andOf: [DayIndexFile.name(besideDataFile: target.name)]) }
        if bytes != anchor { try? replace.replace(target, with: bytes, ownership: ownership, durable: false) }
    }
}
