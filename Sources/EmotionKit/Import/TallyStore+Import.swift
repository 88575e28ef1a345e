/// `import`: changes another history exported, added to this one as one command.
extension TallyStore {
    /// Adds the changes of `batch` this history does not hold yet, in one locked commit: appended
    /// to the journal as its events and flushed, like any command's, then saved in the data file.
    /// Observers hear of each change. Returns what was found and the events recorded.
    ///
    /// - Throws: `ImportError` if the batch does not fit this history (nothing is written), or
    ///   `StoreError`.
    package func importChanges(_ batch: ImportBatch) throws -> (plan: ImportPlan, events: [JournalEvent]) {
        let commit = try commit(.import(batch))
        // Every path through `commit` for an import records its plan; planning again is only a fallback.
        let plan = try commit.importPlan ?? ImportPlan(batch, known: [], tally: Tally())
        return (plan, commit.events)
    }

    /// What `importChanges` would do now, without doing it: a read, which takes no lock and
    /// creates nothing.
    ///
    /// - Throws: `ImportError` or `StoreError`, as `importChanges` would.
    package func planImport(_ batch: ImportBatch) throws -> ImportPlan {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        let (known, tally) = try withJournal(at: destination) { document, journal throws(StoreError) in
            guard let journal else { return ((ids: Set<EventID>(), held: [EventID: JournalEvent]()), document?.tally ?? Tally()) }
            let known = try journal.file.known(for: batch, from: try journal.file.header().end, to: journal.state.position.bytes)
            return (known, journal.state.tally)
        }
        return try ImportPlan(batch, known: known.ids, held: known.held, tally: tally)
    }
}
