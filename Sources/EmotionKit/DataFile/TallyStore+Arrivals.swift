extension TallyStore {
    /// Readies `reading`'s journal for lines a sync writes ahead of the update's commit point (see
    /// `ArrivalAppender`), as the commit would before appending: refused for a data file this process
    /// may not write; the journal is created (its history beginning at `time`, with the counts `before`) if there is none (noted in
    /// `createdJournal`, for the caller to remove should the update fail), else checked and cut
    /// where a torn command starts; and a data file with no position in it is first saved, durably,
    /// at the journal's end (see `DataFileSave.anchor`). Returns whether it was.
    @inline(never)
    func readyJournalForArrivals(
        _ reading: inout UpdateReading, target: NameInFolder, before: Tally, at time: Timestamp, createdJournal: inout NameInFolder?
    ) throws(StoreError) -> Bool {
        if let refusal = reading.original?.writeRefusal { throw .readOnly(refusal) }
        let ownership = FileOwnership(keeping: reading.original?.status)
        if reading.journal == nil {
            try TallyStore.readyForNewJournal(&reading, setting: reading.document.sync)
            let journal = try JournalFile.create(
                reading.journalName, header: JournalHeader(at: time, before: before), ownership: ownership, fileSystem: fileSystem)
            reading.journal = journal
            createdJournal = reading.journalName
            reading.state = try JournalState(document: nil, journal: journal)
        } else if var journal = reading.journal, let start = reading.state?.position {
            try journal.checkBeforeAppending(at: start.bytes)
            if let torn = reading.state?.tornFrom {
                try journal.truncate(to: torn)
                reading.state?.tornFrom = nil
            }
            reading.journal = journal
        }
        guard let original = reading.original,
            let anchor = DataFileSave.anchor(reading: reading, before: before, firstJournal: createdJournal != nil)
        else { return false }
        try AtomicReplace(fileSystem: fileSystem).write(anchor, to: target, ownership: ownership, replacing: original.bytes)
        return true
    }
}
