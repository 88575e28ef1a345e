/// Reads, backwards from the journal's end, the taps and adds that stand in a range of placement
/// times: what `Felt` counts.
///
/// An undo or redo is always recorded after the command it names, so reading backwards meets every
/// undo and redo of a command before the command itself, the latest first: the latest says whether
/// the command stands (a redo, or none) or is undone. Placement is never after recording, so the
/// read stops at the first line whose latest recording time (`JournalEvent.latestRecording`) is
/// before the range's start: the cost is the range read, not the history.
struct FeltReader {
    let journal: JournalFile
    /// Where the first event line starts, past the header.
    let floor: Int64
    /// Where the last complete event the counts include ends.
    let end: Int64

    /// Hands `body` each tap or add placed in `[since, until)` (either may be open) that is not undone,
    /// latest recorded first.
    func forEach(since: Instant?, until: Instant?, _ body: (JournalEvent) -> Void) throws(StoreError) {
        let since = since?.millisecondsSinceEpoch
        let until = until?.millisecondsSinceEpoch
        // For each command undone or redone since the read began, whether it now stands undone.
        var undone: [EventID: Bool] = [:]
        try journal.forEachLineBackward(from: end, downTo: floor) { line, _ throws(StoreError) in
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(line))
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            if let since, event.latestRecording < since { return false }
            switch event.command {
            case .undo, .redo:
                if let reverts = event.reverts, undone[reverts] == nil { undone[reverts] = event.command == .undo }
            case .tap, .add:
                let at = event.at.millisecondsSinceEpoch
                if let since, at < since { return true }
                if let until, at >= until { return true }
                if undone[event.group] != true { body(event) }
            case .reset:
                break
            }
            return true
        }
    }
}
