/// `import`: changes another history exported, added to this one as one command.
extension TallyStore {
    /// Adds the changes of `batch` this history does not hold yet, in one locked commit: appended
    /// to the journal as its events and flushed, like any command's, then saved in the data file.
    /// Observers hear of each change. Returns what was found and the events recorded.
    ///
    /// - Throws: `ImportError` if the batch does not fit this history (nothing is written), among
    ///   them a new change recorded more than `ImportBatch.clockAllowance` after now; or `StoreError`.
    package func importChanges(_ batch: consuming ImportBatch, keepingEvents: Bool = true) throws -> (plan: ImportPlan, events: [JournalEvent]) {
        let handOver = ImportHandOver(batch)
        let commit = try commit(.import(handOver, keepingEvents: keepingEvents || observers.isObserved))
        // Every path through `commit` for an import records its plan; planning again is only a fallback.
        let plan = commit.importPlan ?? ImportPlan(nothingOn: Tally())
        return (plan, commit.events)
    }

    /// What `importChanges` would do now, without doing it: a read, which takes no lock and
    /// creates nothing.
    ///
    /// - Throws: `ImportError`, `ImportSourceError` or `StoreError`, as `importChanges` would.
    package func planImport(_ batch: ImportBatch) throws -> ImportPlan {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        let now = clock()
        let plan = try withJournal(at: destination) { document, journal throws(StoreError) -> Result<ImportPlan, any Error> in
            let identities = document?.sync?.identities ?? []
            var ledger = try journal.map { open throws(StoreError) in
                try JournalLedger(journal: open.file, to: open.state.position.bytes, identities: identities)
            } ?? JournalLedger(identities: identities)
            var own = Set(identities.map(\.history))
            if let first = ledger.own.first?.history { own.insert(first) }
            do {
                let held = HeldChanges(ledger)
                let addressed = try PreviousReleaseExport.addressed(batch, held: held)
                let union = try ImportUnion(addressed, own: own, held: held)
                try addressed.checkRecorded(notAfter: now, chosen: union.chosen)
                var plan = ImportPlan(union: union, of: addressed, before: document?.tally ?? Tally())
                ledger.makeRoom(for: plan.changeCount)
                try plan.forEachChunk(of: TallyStore.importChunk) { chunk in
                    for event in chunk {
                        do throws(JournalLineError) { try ledger.take(event, lineEnd: 0) } catch { continue }
                    }
                }
                plan.setCountsAfter(ledger.counts(aliases: (document?.sync?.aliases ?? []) + union.aliases))
                return .success(plan)
            } catch {
                return .failure(error)
            }
        }
        return try plan.get()
    }
}
