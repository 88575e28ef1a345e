/// Reads the events a query asks for, in placement order (ties by sequence), at a cost that grows
/// with what the query returns, not with the history, and in memory that does not grow with the
/// history either.
///
/// Events are kept in the order they were recorded, and placement is never after recording
/// (`--at` only goes back). So, reading backwards, once a line's `latestRecording` (the latest
/// recording time up to it) is before the query's start, or before the placement of the `last`th
/// event kept so far, no line before it can be wanted: the read stops there. From that line on, the
/// events are read forward twice: once to note, by offset, the few placed before one already seen
/// (backdated), then to hand each over, merging those in at their place.
struct EventReader {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// One wanted event, as a place in the file and the key it is ordered by.
    private struct Entry {
        var at: Int64
        var offset: Int64
        var length: Int32

        /// Placement order; the offset stands for the sequence, which it follows.
        func comesBefore(_ other: Entry) -> Bool {
            at != other.at ? at < other.at : offset < other.offset
        }
    }

    /// Hands `body` each event `query` wants, oldest placement first.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a damaged line in the part read, or what `body` throws.
    func forEach(_ query: EventQuery, _ body: (JournalEvent) throws -> Void) throws {
        if let last = query.last, last <= 0 { return }
        let (start, cutoff, collected) = try startAndCutoff(for: query)
        if var events = collected {
            // Few enough to have kept whole on the way back: read once, not three times.
            events.sort { $0.at.millisecondsSinceEpoch != $1.at.millisecondsSinceEpoch
                ? $0.at.millisecondsSinceEpoch < $1.at.millisecondsSinceEpoch : $0.sequence < $1.sequence }
            for event in events.suffix(query.last ?? events.count) { try body(event) }
            return
        }
        var late: [Entry] = []
        var newest: Entry?
        // First pass: the wanted events placed before one already seen.
        try scan(from: start, query, cutoff: cutoff) { event, entry throws(StoreError) in
            if let seen = newest, entry.comesBefore(seen) {
                late.append(entry)
            } else {
                newest = entry
            }
        }
        late.sort { $0.comesBefore($1) }
        var nextLate = 0
        newest = nil
        var failure: (any Error)?
        try scan(from: start, query, cutoff: cutoff) { event, entry throws(StoreError) in
            guard failure == nil else { return }
            if let seen = newest, entry.comesBefore(seen) { return }  // Handed over from `late`.
            newest = entry
            do {
                while nextLate < late.count, late[nextLate].comesBefore(entry) {
                    try body(try self.event(at: late[nextLate]))
                    nextLate += 1
                }
                try body(event)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        while nextLate < late.count {
            try body(try event(at: late[nextLate]))
            nextLate += 1
        }
    }

    /// The most events kept whole while reading backwards; past it, only their places are kept.
    static let collectedLimit = 4096

    /// Where the forward reads start, for `last` the earliest entry wanted, and the wanted events
    /// themselves if they were no more than `collectedLimit` (not yet in order, and for `last` a
    /// few more than wanted).
    private func startAndCutoff(for query: EventQuery) throws(StoreError) -> (
        start: Int64, cutoff: Entry?, collected: [JournalEvent]?
    ) {
        guard query.since != nil || query.last != nil else { return (floor, nil, nil) }
        let since = query.since?.millisecondsSinceEpoch
        var start = floor
        var kept: [Entry] = []  // For `last`: the latest entries seen, at least the last `last`.
        var threshold: Entry?  // The `last`th latest entry, once that many are kept.
        var collected: [JournalEvent]? = []
        try journal.forEachLineBackward(from: end, downTo: floor) { line, lineStart throws(StoreError) in
            let event = try parse(line)
            if collected != nil, query.matches(event) {
                if collected?.count ?? 0 < EventReader.collectedLimit {
                    collected?.append(event)
                } else {
                    collected = nil
                }
            }
            let latest = event.latestRecording
            if let since, latest < since {
                start = lineStart + Int64(line.count) + 1
                return false
            }
            if let threshold, latest < threshold.at {
                start = lineStart + Int64(line.count) + 1
                return false
            }
            if let last = query.last, query.matches(event) {
                kept.append(Entry(at: event.at.millisecondsSinceEpoch, offset: lineStart, length: Int32(line.count)))
                if kept.count == last || kept.count >= 2 * last {
                    kept.sort { $1.comesBefore($0) }
                    kept.removeSubrange(min(last, kept.count)...)
                    threshold = kept.last
                }
            }
            return true
        }
        guard let last = query.last else { return (start, nil, collected) }
        kept.sort { $1.comesBefore($0) }
        return (start, kept.count >= last ? kept[last - 1] : nil, collected)
    }

    /// Reads forward from `start`, handing over each event `query` wants from `cutoff` on.
    private func scan(
        from start: Int64, _ query: EventQuery, cutoff: Entry?,
        _ body: (JournalEvent, Entry) throws(StoreError) -> Void
    ) throws(StoreError) {
        var lineStart = start
        try journal.forEachLine(from: start, to: end) { line, lineEnd throws(StoreError) in
            defer { lineStart = lineEnd }
            let event = try parse(line)
            guard query.matches(event) else { return true }
            let entry = Entry(at: event.at.millisecondsSinceEpoch, offset: lineStart, length: Int32(line.count))
            if let cutoff, entry.comesBefore(cutoff) { return true }
            try body(event, entry)
            return true
        }
    }

    /// The event whose line `entry` marks.
    private func event(at entry: Entry) throws(StoreError) -> JournalEvent {
        try parse(journal.read(from: entry.offset, count: Int(entry.length))[...])
    }

    /// The event on `line`.
    private func parse(_ line: ArraySlice<UInt8>) throws(StoreError) -> JournalEvent {
        do {
            return try JournalEvent(journalLine: Array(line))
        } catch {
            throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
        }
    }
}
