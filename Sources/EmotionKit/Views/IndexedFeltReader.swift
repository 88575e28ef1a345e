/// Reads what was felt by day through the day index where it can, so that a view over a year reads
/// the index's few hundred days and the journal's lines since the index was made, not a year of
/// lines; and makes the index, or brings it up to date, when it may and that spares later reads.
///
/// The answer is always the one `FeltReader.days` gives from the lines alone. The index stands
/// aside whenever it cannot give it: when there is none to trust; when a line after it undoes or
/// redoes a command before it (that command's days would change, and which of their changes came
/// last with them); and when a day of the range has changes on both sides of one of its ends (a
/// range from the middle of a day, or a change made at another UTC offset near midnight).
struct IndexedFeltReader {
    let reader: FeltReader
    let index: DayIndexFile
    /// The counts at the reader's end.
    let counts: Tally

    /// How far the journal may run past the index before a read writes it again: about 400 lines.
    static let staleLimit: Int64 = 64 * 1024

    /// As `FeltReader.days(since:until:bucket:)`.
    func days(since: Instant?, until: Instant?, bucket: (Int64) -> Int64) throws(StoreError) -> [Int64: Felt] {
        let from = since?.millisecondsSinceEpoch ?? .min
        let to = until?.millisecondsSinceEpoch ?? .max
        let journal = reader.journal
        if let stored = index.read(days: IndexedFeltReader.window(since: from, until: to), journal: journal, floor: reader.floor, end: reader.end) {
            let (tail, reach) = try reader.totals(downTo: stored.header.position)
            // The counts where the index ends, from the lines since, must be the ones it recorded.
            if !reach.revertsEarlier, reach.counts(before: counts) == stored.header.counts {
                var days = tail
                for (day, total) in zip(stored.days, stored.totals) { days[day, default: DayTotal()].merge(total) }
                if reader.end - stored.header.position > IndexedFeltReader.staleLimit, let last = reach.lastLine, index.mayWrite(beside: journal),
                    let all = index.read(days: nil, journal: journal, floor: reader.floor, end: reader.end),
                    all.header.hash == stored.header.hash  // The same index the tail was read against, not one renamed in since.
                {
                    var updated = tail
                    for (day, total) in zip(all.days, all.totals) { updated[day, default: DayTotal()].merge(total) }
                    index.write(DayIndex(position: reader.end, counts: counts, lastLineStart: last.start, lastID: last.id, totals: updated), beside: journal, floor: reader.floor)
                }
                if let felt = IndexedFeltReader.felt(in: days, since: from, until: to, bucket: bucket) { return felt }
                return try reader.days(since: since, until: until, bucket: bucket)
            }
        }
        if reader.end > reader.floor, index.mayWrite(beside: journal) {
            let (all, reach) = try reader.totals(downTo: reader.floor)
            if let last = reach.lastLine {
                index.write(DayIndex(position: reader.end, counts: counts, lastLineStart: last.start, lastID: last.id, totals: all), beside: journal, floor: reader.floor)
            }
            if let felt = IndexedFeltReader.felt(in: all, since: from, until: to, bucket: bucket) { return felt }
        }
        return try reader.days(since: since, until: until, bucket: bucket)
    }

    /// What was felt in `[since, until)` by bucket, from whole days; `nil` if a day lies across an end.
    static func felt(in days: [Int64: DayTotal], since: Int64, until: Int64, bucket: (Int64) -> Int64) -> [Int64: Felt]? {
        var felt: [Int64: Felt] = [:]
        for (day, total) in days {
            switch total.overlap(since: since, until: until) {
            case .outside: continue
            case .inside: felt[bucket(day), default: Felt()].merge(total.felt)
            case .across: return nil
            }
        }
        return felt
    }

    /// The days whose changes may be placed in `[since, until)`: a day's changes lie within its local
    /// midnights at their offsets, at most `Timestamp.offsetLimit` from UTC's; `nil` for every day.
    static func window(since: Int64, until: Int64) -> ClosedRange<Int64>? {
        let day: Int64 = 86_400_000
        let margin = Int64(Timestamp.offsetLimit) * 1000 + day
        let low = since == .min ? Int64.min : floorDivide(since.subtractingClamped(margin), by: day)
        let high = until == .max ? Int64.max : floorDivide(until.addingClamped(margin), by: day)
        if low == .min, high == .max { return nil }
        return low <= high ? low...high : high...high
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}

extension Int64 {
    fileprivate func subtractingClamped(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        return overflow ? .min : result
    }

    fileprivate func addingClamped(_ other: Int64) -> Int64 {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? .max : result
    }
}
