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
        let plan = commit.importPlan ?? ImportPlan(nothingOn: Tally())
        return (plan, commit.events)
    }

    /// What `importChanges` would do now, without doing it: a read, which takes no lock and
    /// creates nothing.
    ///
    /// - Throws: `ImportError` or `StoreError`, as `importChanges` would.
    package func planImport(_ batch: ImportBatch) throws -> ImportPlan {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        let plan = try withJournal(at: destination) { document, journal throws(StoreError) -> Result<ImportPlan, ImportError> in
            let identities = document?.sync?.identities ?? []
            let ledger = try journal.map { open throws(StoreError) in
                try JournalLedger(journal: open.file, to: open.state.position.bytes, identities: identities)
            } ?? JournalLedger(identities: identities)
            var own = Set(identities.map(\.history))
            if let first = ledger.own.first?.history { own.insert(first) }
            let union: ImportUnion
            do throws(ImportError) {
                let heldEvents = ledger.events(sharedWith: batch)
                let addressed = try PreviousReleaseExport.addressed(
                    batch, held: ledger.ids, addresses: heldEvents.mapValues { HistoryMark($0.history, $0.seq) }, heldEvents: heldEvents)
                union = try ImportUnion(addressed, own: own, held: ledger.ids, taken: ledger.taken, heldEvents: heldEvents)
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
        let found = try plan.get()
        try batch.checkRecorded(notAfter: clock(), new: Set(found.changes.map(\.id)))
        return found
    }
}
