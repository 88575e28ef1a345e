/// `import`: changes another history exported, added to this one as one command.
extension TallyStore {
    /// Adds the changes of `batch` this history does not hold yet, in one locked commit: appended
    /// to the journal as its events and flushed, like any command's, then saved in the data file.
    /// Observers hear of each change. Returns what was found and the events recorded.
    ///
    /// - Throws: `ImportError` if the batch does not fit this history (nothing is written), among
    ///   them a new change recorded more than `ImportBatch.clockAllowance` after now; or `StoreError`.
    package func importChanges(_ batch: ImportBatch) throws -> (plan: ImportPlan, events: [JournalEvent]) {
        let commit = try commit(.import(batch))
        // Every path through `commit` for an import records its plan; planning again is only a fallback.
        let plan = try commit.importPlan ?? ImportPlan(batch, tally: Tally())
        return (plan, commit.events)
    }

    /// What `importChanges` would do now, without doing it: a read, which takes no lock and
    /// creates nothing.
    ///
    /// - Throws: `ImportError` or `StoreError`, as `importChanges` would.
    package func planImport(_ batch: ImportBatch) throws -> ImportPlan {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        if batch.namesWhereMade {
            let plan = try withJournal(at: destination) { document, journal throws(StoreError) -> Result<ImportPlan, ImportError> in
                let identities = document?.sync?.identities ?? []
                let ledger = try journal.map { open throws(StoreError) in
                    try JournalLedger(journal: open.file, to: open.state.position.bytes, identities: identities)
                } ?? JournalLedger(identities: identities)
                var own = Set(identities.map(\.history))
                if let first = ledger.own.first?.history { own.insert(first) }
                let union: ImportUnion
                do throws(ImportError) {
                    union = try ImportUnion(batch, own: own, held: ledger.ids, taken: ledger.taken, heldEvents: ledger.events(sharedWith: batch))
                } catch {
                    return .failure(error)
                }
                var plan = ImportPlan(union: union, before: document?.tally ?? Tally())
                var after = ledger
                for event in union.events {
                    do throws(JournalLineError) { try after.take(event, lineEnd: 0) } catch { continue }
                }
                plan.setCountsAfter(after.counts(aliases: (document?.sync?.aliases ?? []) + union.aliases))
                return .success(plan)
            }
            return try plan.get()
        }
        let (history, tally) = try withJournal(at: destination) { document, journal throws(StoreError) in
            guard let journal else { return (ImportHistory(), document?.tally ?? Tally()) }
            let history = try journal.file.importHistory(for: batch, from: try journal.file.header().end, to: journal.state.position.bytes)
            return (history, journal.state.tally)
        }
        try batch.checkRecorded(notAfter: clock(), holding: history)
        return try ImportPlan(batch, history: history, tally: tally)
    }
}
