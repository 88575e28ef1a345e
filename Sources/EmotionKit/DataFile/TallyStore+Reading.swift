extension TallyStore {
    /// Hands `body` the current document (the journal rolled forward, or made from the journal if the
    /// data file was lost) and the open journal, if any; `nil` and `nil` if there is neither. Takes no lock.
    ///
    /// Unless `body` needs the journal (`needingJournal`), it is not opened where its name's status
    /// says it ends where the data file's position does (`JournalFile.endsAt`): there is nothing
    /// of it to read, and `body` is handed the data file's document alone.
    func withJournal<Result>(
        at destination: PathWalk.Destination, needingJournal: Bool = true,
        _ body: (TallyDocument?, (file: JournalFile, state: JournalState)?) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let snapshot: DataFileSnapshot?
        if destination.status != nil {
            let dataFile = NameInFolder(folder: destination.folder, name: destination.name)
            snapshot = try DataFileReader(fileSystem: fileSystem).read(dataFile, forWriting: false)
        } else {
            snapshot = nil
        }
        if !needingJournal, let snapshot, snapshot.lostToPowerCut == nil, let position = snapshot.document.journal,
            let journalName = journalName(at: destination),
            JournalFile.endsAt(position.bytes, journalName, owner: snapshot.status?.owner ?? Syscall.effectiveUser, fileSystem: fileSystem)
        {
            return try body(snapshot.document, nil)
        }
        guard let journalName = journalName(at: destination),
            let journal = try JournalFile.open(
                journalName, forWriting: false, owner: snapshot?.status?.owner ?? Syscall.effectiveUser, fileSystem: fileSystem)
        else {
            if let problem = snapshot?.lostToPowerCut {
                throw .unreadableDataFile(path: NameInFolder(folder: destination.folder, name: destination.name).path, problem)
            }
            return try body(snapshot?.document, nil)
        }
        defer { journal.close() }
        let lost = snapshot == nil || snapshot?.lostToPowerCut != nil
        var state = try JournalState(document: lost ? nil : snapshot?.document, journal: journal)
        var document = lost ? TallyDocument() : snapshot?.document ?? TallyDocument()
        if state.rolledForwardArrivals {
            state.tally = try JournalLedger(journal: journal, to: state.position.bytes, identities: document.sync?.identities ?? []).counts(aliases: document.sync?.aliases ?? [])
        }
        document.tally = state.tally
        document.journal = state.position
        return try body(document, (journal, state))
    }
}
