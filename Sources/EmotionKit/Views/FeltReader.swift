/// Reads, backwards from the journal's end, the taps and adds that stand in a range of placement
/// times, and adds them up by the local day each was made on: what every view is made from.
///
/// An undo or redo is always recorded after the command it names, so reading backwards meets every
/// undo and redo of a command before the command itself, the latest first: the latest says whether
/// the command stands (a redo, or none) or is undone. Placement is never after recording, so the
/// read stops at the first line whose latest recording time (`JournalEvent.latestRecording`) is
/// before the range's start: the cost is the range read, not the history. Lines are read in place
/// (`FeltLine`); ids only where an undo or redo makes them matter.
///
/// A long range (a year of taps is about 2 MB) is read by two threads, the later half on a thread
/// of its own: each half is added up alone, and the earlier half read again, with what the later
/// one knows, only if an undo or redo in the later half names a command in the earlier one.
struct FeltReader: Sendable {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// Ranges shorter than this, in bytes, are read by one thread: a thread costs more than the rest
    /// (tests make it small, to have short journals split).
    var splitThreshold: Int64 = 512 * 1024

    /// What one backward read found.
    struct Part: Sendable {
        /// What was felt, by bucket: see `days(since:until:bucket:)`.
        var days: [Int64: Felt] = [:]
        /// The commands undone or redone in the part read whose own lines are not in it, and
        /// whether each stands undone: what a read of the lines before must start from.
        var unresolved: [EventID: Bool] = [:]
    }

    /// What was felt in `[since, until)` (either may be open), added up by the bucket `bucket` puts
    /// each local day (days since 1970-01-01) in: the day itself, its period's first day, or one
    /// bucket for the whole range, so that what is kept is what will be shown.
    func days(since: Instant?, until: Instant?, bucket: @escaping @Sendable (Int64) -> Int64 = { $0 }) throws(StoreError) -> [Int64: Felt] {
        let since = since?.millisecondsSinceEpoch ?? .min
        let until = until?.millisecondsSinceEpoch ?? .max
        guard let middle = try middle(since: since) else {
            return try read(from: end, downTo: floor, since: since, until: until, undone: [:], bucket: bucket).days
        }
        let reader = self
        let later: Thread.Joinable<Result<Part, StoreError>>
        do {
            later = try Thread.run { () -> Result<Part, StoreError> in
                Result { () throws(StoreError) in try reader.read(from: reader.end, downTo: middle, since: since, until: until, undone: [:], bucket: bucket) }
            }
        } catch {
            return try read(from: end, downTo: floor, since: since, until: until, undone: [:], bucket: bucket).days
        }
        var earlier: Result<Part, StoreError> = Result { () throws(StoreError) in
            try read(from: middle, downTo: floor, since: since, until: until, undone: [:], bucket: bucket)
        }
        let laterPart = try later.join().get()
        if !laterPart.unresolved.isEmpty {
            earlier = Result { () throws(StoreError) in
                try read(from: middle, downTo: floor, since: since, until: until, undone: laterPart.unresolved, bucket: bucket)
            }
        }
        var days = try earlier.get().days
        for (day, felt) in laterPart.days { days[day, default: Felt()].merge(felt) }
        return days
    }

    /// Where to split a long read: the start of a line about halfway between the end and where the
    /// read will stop (found by halving, on `latestRecording`, which never decreases along the
    /// journal); `nil` for a read too short to split, or a journal that cannot be probed so.
    private func middle(since: Int64) throws(StoreError) -> Int64? {
        var low = floor  // Lines starting before it are all recorded before `since`, as far as known.
        var high = end
        while high - low > splitThreshold / 4 {
            let probe = low + (high - low) / 2
            guard let (lineStart, latest) = try line(after: probe) else { return nil }
            if latest < since { low = lineStart } else { high = probe }
        }
        guard end - low >= splitThreshold else { return nil }
        return try line(after: low + (end - low) / 2).map(\.start)
    }

    /// The first line starting after `offset` and before the end, and its latest recording time;
    /// `nil` if there is none, or it is not in the exact form `FeltLine` reads.
    private func line(after offset: Int64) throws(StoreError) -> (start: Int64, latest: Int64)? {
        for size in [4096, JournalEvent.lineLimit * 2 + 2] {
            let block = try journal.read(from: offset, count: Int(min(Int64(size), end - offset)))
            guard let newline = block.firstIndex(of: 0x0A) else { continue }
            guard let lineEnd = block[(newline + 1)...].firstIndex(of: 0x0A) else { continue }
            var memo = FeltLine.DateMemo()
            let start = offset + Int64(newline + 1)
            let found = block[(newline + 1)..<lineEnd].withUnsafeBufferPointer { FeltLine($0, order: start, day: &memo) }
            guard let found, start < end else { return nil }
            return (start, found.latestRecording)
        }
        return nil
    }

    /// Reads the lines from `top` down to `bottom` (a line's start), `undone` saying what later
    /// lines undid or redid, and adds up what stands by `bucket`.
    private func read(
        from top: Int64, downTo bottom: Int64, since: Int64, until: Int64, undone: [EventID: Bool], bucket: (Int64) -> Int64
    ) throws(StoreError) -> Part {
        var part = Part()
        var undone = undone
        var resolved = Set<EventID>()
        var memo = FeltLine.DateMemo()
        // Changes come in runs on one day: the run's sum is kept aside and added once it ends.
        var run: (day: Int64, felt: Felt)?
        try journal.forEachLineBackward(from: top, downTo: bottom) { line, lineStart throws(StoreError) in
            var group: EventID?
            var reverts: EventID?
            var read = line.withUnsafeBufferPointer { buffer -> FeltLine? in
                guard let found = FeltLine(buffer, order: lineStart, day: &memo) else { return nil }
                if let start = found.revertsStart {
                    reverts = EventID(utf8: buffer[start..<(start + 26)])
                    if reverts == nil { return nil }
                } else if !undone.isEmpty {
                    group = EventID(utf8: buffer[found.groupStart..<(found.groupStart + 26)])
                    if group == nil { return nil }
                }
                return found
            }
            if read == nil {
                let event: JournalEvent
                do throws(JournalLineError) {
                    event = try JournalEvent(journalLine: Array(line))
                } catch {
                    throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
                }
                read = FeltLine(event, order: lineStart)
                group = event.group
                reverts = event.reverts
            }
            guard let line = read else { return true }
            if line.latestRecording < since { return false }
            switch line.command {
            case .undo, .redo:
                if let reverts, undone[reverts] == nil { undone[reverts] = line.command == .undo }
            case .tap, .add:
                if let group, let isUndone = undone[group] {
                    resolved.insert(group)
                    if isUndone { return true }
                }
                guard line.at >= since, line.at < until else { return true }
                if run?.day == line.day {
                    run?.felt.count(line)
                } else {
                    if let ended = run { part.days[bucket(ended.day), default: Felt()].merge(ended.felt) }
                    var felt = Felt()
                    felt.count(line)
                    run = (line.day, felt)
                }
            case .reset:
                if let group, undone[group] != nil { resolved.insert(group) }
            }
            return true
        }
        if let ended = run { part.days[bucket(ended.day), default: Felt()].merge(ended.felt) }
        part.unresolved = undone.filter { !resolved.contains($0.key) }
        return part
    }
}
