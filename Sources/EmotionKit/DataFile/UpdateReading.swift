/// What an update reads under the lock before it plans anything: the data file as it was found, the
/// journal beside it (open for appending, if there is one) and where its counts are, and the
/// document to save, the journal rolled forward.
struct UpdateReading {
    /// The data file as found; `nil` if there is none.
    let original: DataFileSnapshot?
    /// The journal's name beside the data file.
    let journalName: NameInFolder
    /// The journal, if there is one.
    var journal: JournalFile?
    /// Where the counts are in the journal, and the counts.
    var state: JournalState?
    /// The document to save: the data file's, or a new one if it was lost.
    var document: TallyDocument

    /// Reads the data file `target` and its journal; counts rolled forward past lines that arrived
    /// from other histories come from the event model.
    ///
    /// - Throws: `StoreError` if either cannot be read as ours, or the data file was lost to a
    ///   power cut with no journal to make it again from.
    init(_ target: NameInFolder, fileSystem: FileSystem) throws(StoreError) {
        original = try DataFileReader(fileSystem: fileSystem).read(target, forWriting: true)
        journalName = NameInFolder(folder: target.folder, name: JournalFile.name(besideDataFile: target.name))
        journal = try JournalFile.open(
            journalName, forWriting: true, owner: original?.status?.owner ?? Syscall.effectiveUser, fileSystem: fileSystem)
        let lost = original == nil || original?.lostToPowerCut != nil
        document = lost ? TallyDocument() : original?.document ?? TallyDocument()
        if let journal {
            state = try JournalState(document: lost ? nil : original?.document, journal: journal)
            if state?.rolledForwardArrivals == true, let end = state?.position.bytes {
                let ledger = try JournalLedger(journal: journal, to: end, identities: document.sync?.identities ?? [])
                state?.tally = ledger.counts(aliases: document.sync?.aliases ?? [])
            }
        } else if let problem = original?.lostToPowerCut {
            journal?.close()
            throw .unreadableDataFile(path: target.path, problem)
        }
    }

    /// The counts before the update.
    var tally: Tally { state?.tally ?? document.tally }

    /// Whether `journal` is, to the byte, the journal the data file's last save appended to and
    /// checked (`JournalFile.checkBeforeAppending`), so that its header and the end of its last line
    /// need not be read again: the inode a synced history's state recorded (the journal is made once,
    /// then only appended to), ending at `end`, where the data file says the counts end.
    ///
    /// Only an edit in place that kept both its inode and its length could have changed it since, and
    /// the journal would then be one our reader refuses already: the line appended makes it no worse.
    func journalIsAsSaved(_ journal: JournalFile, endingAt end: Int64) -> Bool {
        guard let saved = original?.document, original?.lostToPowerCut == nil, let inode = saved.sync?.journalInode,
            inode != SyncState.journalMadeAgainInode
        else { return false }
        return inode == journal.inode && journal.size == end && saved.journal?.bytes == end
    }

    /// Where the journal's counts end, in bytes; 0 without a journal.
    var end: Int64 { state?.position.bytes ?? 0 }
}
