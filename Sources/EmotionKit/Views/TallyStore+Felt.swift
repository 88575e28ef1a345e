extension TallyStore {
    /// What was felt in `[since, until)` (either may be open): see `Felt`. Changes from before the
    /// history began are in no range. Takes no lock; reads only the part of the history the range needs.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(since: Instant?, until: Instant?) throws -> Felt {
        var felt = Felt()
        try forEachFeltChange(since: since, until: until) { felt.count($0) }
        return felt
    }

    /// What was felt in `[since, until)`, by the period of `length` each change's local date falls in
    /// at its own UTC offset; periods with no standing change are left out.
    ///
    /// - Throws: `StoreError` if the data file or journal cannot be read.
    public func felt(by length: PeriodLength, since: Instant?, until: Instant?) throws -> [Period: Felt] {
        var periods: [Period: Felt] = [:]
        // Changes come in runs on one day: the run's period and what was felt in it are kept
        // aside, and added to the others once the run ends.
        var run: (day: Int64, period: Period, felt: Felt)?
        try forEachFeltChange(since: since, until: until) { line in
            if run?.day == line.day {
                run?.felt.count(line)
                return
            }
            if let ended = run { periods[ended.period, default: Felt()].merge(ended.felt) }
            let period = Period(containing: LocalDate(daysSinceEpoch: line.day) ?? .epoch, length: length)
            var felt = Felt()
            felt.count(line)
            run = (line.day, period, felt)
        }
        if let ended = run { periods[ended.period, default: Felt()].merge(ended.felt) }
        return periods
    }

    /// Hands `body` each standing tap or add placed in `[since, until)`, latest recorded first.
    private func forEachFeltChange(since: Instant?, until: Instant?, _ body: (FeltLine) -> Void) throws {
        let destination = try DataFileLocator(fileSystem: fileSystem).locate(path, forUpdate: false)
        defer { fileSystem.close(destination.folder) }
        try withJournal(at: destination) { _, journal throws(StoreError) in
            guard let journal else { return }
            let reader = FeltReader(journal: journal.file, floor: try journal.file.header().end, end: journal.state.position.bytes)
            try reader.forEach(since: since, until: until, body)
        }
    }
}
