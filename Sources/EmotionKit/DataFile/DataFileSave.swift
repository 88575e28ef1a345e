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

    /// The save of `reading`'s document, whose counts before the update were `before`, with `lines`
    /// to append (`firstJournal`: to a journal the update started).
    ///
    /// - Throws: `StoreError.tooLargeToSave` for a document past the reader's limit.
    init(
        target: NameInFolder, reading: UpdateReading, before: Tally, lines: [UInt8], firstJournal: Bool, ownership: FileOwnership
    ) throws(StoreError) {
        self.target = target
        original = reading.original
        tornFrom = reading.state?.tornFrom
        start = reading.state?.position
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
        if let original, original.lostToPowerCut == nil, original.document.journal == nil || firstJournal, let start {
            var anchored = reading.document
            anchored.tally = before
            anchored.journal = start
            anchor = lines.isEmpty ? bytes : anchored.serialized()
        } else {
            anchor = nil
        }
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
            if !lines.isEmpty { try open.append(lines) }  // The commit point.
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
        if bytes != anchor { try? replace.replace(target, with: bytes, ownership: ownership, durable: false) }
        replace.removeLeftovers(of: target, andOf: [DayIndexFile.name(besideDataFile: target.name)])
    }
}
