/// Reads, backwards from the journal's end, the taps and adds that stand in a range of placement
/// times: what `Felt` counts.
///
/// An undo or redo is always recorded after the command it names, so reading backwards meets every
/// undo and redo of a command before the command itself, the latest first: the latest says whether
/// the command stands (a redo, or none) or is undone. Placement is never after recording, so the
/// read stops at the first line whose latest recording time (`JournalEvent.latestRecording`) is
/// before the range's start: the cost is the range read, not the history. Lines are read in place
/// (`FeltLine`); ids only where an undo or redo makes them matter.
struct FeltReader {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// Hands `body` each tap or add placed in `[since, until)` (either may be open) that is not undone,
    /// latest recorded first.
    func forEach(since: Instant?, until: Instant?, _ body: (FeltLine) -> Void) throws(StoreError) {
        let since = since?.millisecondsSinceEpoch ?? .min
        let until = until?.millisecondsSinceEpoch ?? .max
        // For each command undone or redone since the read began, whether it now stands undone.
        var undone: [EventID: Bool] = [:]
        try journal.forEachLineBackward(from: end, downTo: floor) { line, lineStart throws(StoreError) in
            var group: EventID?
            var reverts: EventID?
            var read = line.withUnsafeBufferPointer { buffer -> FeltLine? in
                guard let found = FeltLine(buffer, order: lineStart) else { return nil }
                if let start = found.revertsStart {
                    reverts = EventID(utf8: buffer[start..<(start + 26)])
                    if reverts == nil { return nil }
                } else if !undone.isEmpty, found.command == .tap || found.command == .add {
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
                guard line.at >= since, line.at < until else { return true }
                if let group, undone[group] == true { return true }
                body(line)
            case .reset:
                break
            }
            return true
        }
    }
}
