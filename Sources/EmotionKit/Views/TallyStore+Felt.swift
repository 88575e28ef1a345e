extension TallyStore {
    /// What was felt in `[since, until)` (either may be open): see `Felt`. Changes from before the
    /// history began are in no range. Takes no lock; reads the day index beside the journal, or only the part of the history the
    /// range needs, and may make or update the index (see `DayIndexFile`). With `tags`, only what was
    /// felt in changes recorded with every one of them, read from the range's lines (the index keeps no tags).
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(since: Instant?, until: Instant?, withTags tags: [Tag] = []) throws -> Felt {
        try feltDays(since: since, until: until, withTags: tags) { _ in 0 }[0] ?? Felt()
    }

    /// What was felt in `[since, until)`, by the period of `length` each change's local date falls in
    /// at its own UTC offset; periods with no standing change are left out. With `tags`, as `felt(since:until:withTags:)`.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(by length: PeriodLength, since: Instant?, until: Instant?, withTags tags: [Tag] = []) throws -> [Period: Felt] {
        // Each day is added to the bucket of its period's first day.
        let buckets = try feltDays(since: since, until: until, withTags: tags) { day in
            Period(containing: LocalDate(daysSinceEpoch: day) ?? .epoch, length: length).start.daysSinceEpoch
        }
        var periods: [Period: Felt] = [:]
        for (first, felt) in buckets {
            periods[Period(containing: LocalDate(daysSinceEpoch: first) ?? .epoch, length: length), default: Felt()].merge(felt)
        }
        return periods
    }

    /// What was felt in `[since, until)`, by the weekday of each change's local date at its own UTC
    /// offset, summed from the days: all seven weekdays, empty ones included.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    package func felt(byWeekdaySince since: Instant?, until: Instant?, withTags tags: [Tag] = []) throws -> [Weekday: Felt] {
        // 1970-01-01 was a Thursday; `Weekday`'s raw values count from Sunday.
        let buckets = try feltDays(since: since, until: until, withTags: tags) { day in ((day % 7) + 7 + 4) % 7 }
        var weekdays: [Weekday: Felt] = [:]
        for weekday in Weekday.allCases { weekdays[weekday] = buckets[Int64(weekday.rawValue)] ?? Felt() }
        return weekdays
    }

    /// What was felt in `[since, until)` (with every one of `tags`), by the bucket `bucket` puts each
    /// local day (days since 1970) in.
    private func feltDays(since: Instant?, until: Instant?, withTags tags: [Tag], bucket: (Int64) -> Int64) throws -> [Int64: Felt] {
        try readingFelt { reader, index, counts throws(StoreError) in
            tags.isEmpty
                ? try IndexedFeltReader(reader: reader, index: index, counts: counts).days(since: since, until: until, bucket: bucket)
                : try reader.days(since: since, until: until, withTags: tags, bucket: bucket)
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
