/// Which commands stand undone, as the undos and redos read so far say: a tap, add or reset stands
/// undone when the latest undo or redo naming it, in the order the journal recorded them, is an undo.
///
/// That is the rule `undo`, `redo` (`RevertSearch`) and the views (`FeltReader`) go by; `log` and
/// `export` read it from here.
struct UndoneCommands {
    /// For each command an undo or redo read names, whether the latest of them is an undo.
    private var latest: [EventID: Bool] = [:]

    /// Takes in `event`, recorded after every event taken in so far (a forward read).
    mutating func noteLater(_ event: JournalEvent) {
        guard let reverts = event.reverts else { return }
        latest[reverts] = event.command == .undo
    }

    /// Takes in `event`, recorded before every event taken in so far (a backward read).
    mutating func noteEarlier(_ event: JournalEvent) {
        guard let reverts = event.reverts, latest[reverts] == nil else { return }
        latest[reverts] = event.command == .undo
    }

    /// Whether the command `group` stands undone, by what was taken in.
    func isUndone(_ group: EventID) -> Bool { latest[group] ?? false }

    /// `event` with whether its command stands undone, by what was taken in.
    func entry(for event: JournalEvent) -> HistoryEntry {
        HistoryEntry(event: event, isUndone: isUndone(event.group))
    }
}
