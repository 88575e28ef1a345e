/// Reads the events a query asks for, in placement order (ties by sequence), at a cost that grows
/// with what the query returns, not with the history, and in memory that does not grow with the
/// history either.
///
/// Events are kept in the order they were recorded, and placement is never after recording
/// (`--at` only goes back). So, reading backwards, once a line's `latestRecording` (the latest
/// recording time up to it) is before the query's start, or before the placement of the `last`th
/// event seen so far, no line before it can be wanted: the read stops there. A block of lines an
/// import appended after newer ones is passed over at once from a line of it whose own recording
/// time is that early (`SkippableBlocks`), by the forward reads too. A few thousand events
/// found on the way are kept and handed over at once; more are read forward from that line twice:
/// once to count them and note, by offset, the few placed before one already seen (backdated), then
/// to hand each over, merging those in at their place, past the ones before the `last`.
///
/// Each event comes with whether its command stands undone (`UndoneCommands`), from the undos and
/// redos among the lines read: every undo or redo of a command is recorded after it, so among the
/// lines from where the read starts to the end, and never in a block passed over after it.
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

    /// Hands `body` each event `query` wants, oldest placement first, with whether its command
    /// stands undone.
    ///
    /// - Throws: `StoreError.unreadableJournal` for a damaged line in the part read, or what `body` throws.
    func forEach(_ query: EventQuery, _ body: (HistoryEntry) throws -> Void) throws {
        if let last = query.last, last <= 0 { return }
        var undone = UndoneCommands()
        let (start, collected, passedOver) = try startAndCollected(for: query, undone: &undone)
        if var events = collected {
            // Few enough to have kept whole on the way back: read once, not three times.
            events.sort { $0.at.millisecondsSinceEpoch != $1.at.millisecondsSinceEpoch
                ? $0.at.millisecondsSinceEpoch < $1.at.millisecondsSinceEpoch : $0.sequence < $1.sequence }
            for event in events.suffix(query.last ?? events.count) { try body(undone.entry(for: event)) }
            return
        }
        var noted: UndoneCommands? = UndoneCommands()
        var late: [Entry] = []
        var newest: Entry?
        var total = 0
        // First pass: the wanted events placed before one already seen, how many, what stands undone.
        try scan(from: start, passingOver: passedOver, query, noting: &noted) { event, entry throws(StoreError) in
            total += 1
            if let seen = newest, entry.comesBefore(seen) {
                late.append(entry)
            } else {
                newest = entry
            }
        }
        late.sort { $0.comesBefore($1) }
        undone = noted ?? UndoneCommands()
        // For `last`, the events before the last `last` in placement order are passed over.
        var skipped = query.last.map { max(0, total - $0) } ?? 0
        var nextLate = 0
        newest = nil
        var failure: (any Error)?
        func hand(_ event: JournalEvent) throws {
            if skipped > 0 {
                skipped -= 1
            } else {
                try body(undone.entry(for: event))
            }
        }
        var unneeded: UndoneCommands?  // Taken in whole by the first pass.
        try scan(from: start, passingOver: passedOver, query, noting: &unneeded) { event, entry throws(StoreError) in
            guard failure == nil else { return }
            if let seen = newest, entry.comesBefore(seen) { return }  // Handed over from `late`.
            newest = entry
            do {
                while nextLate < late.count, late[nextLate].comesBefore(entry) {
                    try hand(try self.event(at: late[nextLate]))
                    nextLate += 1
                }
                try hand(event)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        while nextLate < late.count {
            try hand(try event(at: late[nextLate]))
            nextLate += 1
        }
    }

    /// The most events kept whole while reading backwards; past it, only their places are kept.
    static let collectedLimit = 4096

    /// Where the forward reads start, the wanted events themselves if they were no more than
    /// `collectedLimit` (not yet in order, and for `last` perhaps more than wanted), and the places
    /// passed over, which hold none (each a line start and a line end, the latest first). Takes the
    /// undos and redos of the lines read into `undone`.
    private func startAndCollected(
        for query: EventQuery, undone: inout UndoneCommands
    ) throws(StoreError) -> (start: Int64, collected: [JournalEvent]?, passedOver: [Range<Int64>]) {
        guard query.since != nil || query.last != nil else { return (floor, nil, []) }
        let since = query.since?.millisecondsSinceEpoch
        var start = floor
        var kept: [Int64] = []  // For `last`: the latest placements seen, at least the last `last`.
        var threshold: Int64?  // The `last`th latest placement, once that many are kept.
        var collected: [JournalEvent]? = []
        var blocks = SkippableBlocks(journal: journal, floor: floor)
        var passedOver: [Range<Int64>] = []
        try journal.forEachLineBackward(from: end, downTo: floor, passingOver: { line, lineStart throws(StoreError) in
            let event = try parse(line)
            undone.noteEarlier(event)
            if collected != nil, query.matches(event) {
                if collected?.count ?? 0 < EventReader.collectedLimit {
                    collected?.append(event)
                } else {
                    collected = nil
                }
            }
            let latest = event.latestRecording
            let lineEnd = lineStart + Int64(line.count) + 1
            if let since, latest < since {
                start = lineEnd
                return .stop
            }
            if let threshold, latest < threshold {
                start = lineEnd
                return .stop
            }
            let wanted = max(since ?? .min, threshold ?? .min)
            if let block = blocks.target(of: event.block, lineStart: lineStart, recording: event.recordedAt.millisecondsSinceEpoch, wanted: wanted) {
                passedOver.append(block..<lineEnd)
                return .skipTo(block)
            }
            if let last = query.last, query.matches(event) {
                kept.append(event.at.millisecondsSinceEpoch)
                if kept.count == last || kept.count - last >= last {  // Never 2 * last: it may overflow.
                    kept.sort(by: >)
                    kept.removeSubrange(min(last, kept.count)...)
                    threshold = kept.last
                }
            }
            return .goOn
        })
        return (start, collected, passedOver)
    }

    /// Reads forward from `start`, but for the places `passedOver` (the latest first), handing over
    /// each event `query` wants (`last` aside), and taking every undo and redo into `undone`, if given.
    private func scan(
        from start: Int64, passingOver passedOver: [Range<Int64>], _ query: EventQuery, noting undone: inout UndoneCommands?,
        _ body: (JournalEvent, Entry) throws(StoreError) -> Void
    ) throws(StoreError) {
        var pieceStart = start
        for gap in passedOver.reversed() + [end..<end] {
            var lineStart = pieceStart
            try journal.forEachLine(from: pieceStart, to: gap.lowerBound) { line, lineEnd throws(StoreError) in
                defer { lineStart = lineEnd }
                let event = try parse(line)
                undone?.noteLater(event)
                guard query.matches(event) else { return true }
                let entry = Entry(at: event.at.millisecondsSinceEpoch, offset: lineStart, length: Int32(line.count))
                try body(event, entry)
                return true
            }
            pieceStart = gap.upperBound
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
