extension TallyStore {
    /// What was felt in `[since, until)` (either may be open): see `Felt`. Changes from before the
    /// history began are in no range. Takes no lock; reads the day index beside the journal, or only the part of the history the
    /// range needs, and may make or update the index (see `DayIndexFile`).
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(since: Instant?, until: Instant?) throws -> Felt {
        try feltDays(since: since, until: until) { _ in 0 }[0] ?? Felt()
    }

    /// What was felt in `[since, until)`, by the period of `length` each change's local date falls in
    /// at its own UTC offset; periods with no standing change are left out.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(by length: PeriodLength, since: Instant?, until: Instant?) throws -> [Period: Felt] {
        // Each day is added to the bucket of its period's first day.
        let buckets = try feltDays(since: since, until: until) { day in
            Period(containing: LocalDate(daysSinceEpoch: day) ?? .epoch, length: length).start.daysSinceEpoch
        }
        var periods: [Period: Felt] = [:]
        for (first, felt) in buckets {
            periods[Period(containing: LocalDate(daysSinceEpoch: first) ?? .epoch, length: length), default: Felt()].merge(felt)
        }
        return periods
    }

    /// What was felt in `[since, until)`, by the bucket `bucket` puts each local day (days since 1970) in.
    private func feltDays(since: Instant?, until: Instant?, bucket: (Int64) -> Int64) throws -> [Int64: Felt] {
        try readingFelt { reader, index, counts throws(StoreError) in
            try IndexedFeltReader(reader: reader, index: index, counts: counts).days(since: since, until: until, bucket: bucket)
        } ?? [:]
    }

    /// What `read` makes of the journal's lines (a reader of them, the day index beside them, and the
    /// counts at their end); `nil` when there is no journal yet.
    func readingFelt<Value>(
        _ read: (FeltReader, DayIndexFile, Tally) throws(StoreError) -> Value
    ) throws -> Value? {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        return try withJournal(at: destination) { _, journal throws(StoreError) -> Value? in
            guard let journal else { return nil }
            let reader = FeltReader(journal: journal.file, floor: try journal.file.header().end, end: journal.state.position.bytes)
            let index = DayIndexFile(
                target: NameInFolder(folder: destination.folder, name: DayIndexFile.name(besideDataFile: destination.name)), fileSystem: fileSystem)
            return try read(reader, index, journal.state.tally)
        }
    }
}
