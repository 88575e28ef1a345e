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
/// Reading a long range on two threads (each half added up alone) was tried and measured slower
/// than one: `calendar` 3.46 ms against 3.16 ms with 100,000 events on this machine's two cores.
struct FeltReader: Sendable {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// What was felt in `[since, until)` (either may be open), added up by the bucket `bucket` puts
    /// each local day (days since 1970-01-01) in: the day itself, its period's first day, or one
    /// bucket for the whole range, so that what is kept is what will be shown.
    func days(since: Instant?, until: Instant?, bucket: (Int64) -> Int64 = { $0 }) throws(StoreError) -> [Int64: Felt] {
        let since = since?.millisecondsSinceEpoch ?? .min
        let until = until?.millisecondsSinceEpoch ?? .max
        var days: [Int64: Felt] = [:]
        // For each command undone or redone since the read began, whether it now stands undone.
        var undone: [EventID: Bool] = [:]
        var memo = FeltLine.DateMemo()
        // Changes come in runs on one day: the run's sum is kept aside and added once it ends.
        var run: (day: Int64, felt: Felt)?
        try journal.forEachLineBackward(from: end, downTo: floor) { line, lineStart throws(StoreError) in
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
                if let group, undone[group] == true { return true }
                guard line.at >= since, line.at < until else { return true }
                if run?.day == line.day {
                    run?.felt.count(line)
                } else {
                    if let ended = run { days[bucket(ended.day), default: Felt()].merge(ended.felt) }
                    var felt = Felt()
                    felt.count(line)
                    run = (line.day, felt)
                }
            case .reset:
                break
            }
            return true
        }
        if let ended = run { days[bucket(ended.day), default: Felt()].merge(ended.felt) }
        return days
    }
}
