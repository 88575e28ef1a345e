/// Which commands stand undone, as the undos and redos read so far say, by the model's rule
/// (`CommandStanding`): a tap, add or reset stands undone while the distinct undo commands naming it
/// outnumber the distinct redo commands naming it.
///
/// Counting, not "the latest in journal order wins": two histories that hold the same lines in
/// different orders (each took the other's in after its own) agree. For one history the two rules
/// agree, since an undo and a redo of one command alternate there. That is the rule `undo`, `redo`
/// (`RevertSearch`) and the views (`FeltReader`) go by; `log` and `export` read it from here.
struct UndoneCommands {
    /// For each command an undo or redo read names, the groups of the undos and of the redos naming it.
    private var reverters: [EventID: (undos: Set<EventID>, redos: Set<EventID>)] = [:]

    /// Takes in `event`, recorded after every event taken in so far (a forward read).
    mutating func noteLater(_ event: JournalEvent) { note(event) }

    /// Takes in `event`, recorded before every event taken in so far (a backward read).
    mutating func noteEarlier(_ event: JournalEvent) { note(event) }

    /// Takes in an undo or redo event, in whatever order; others are ignored.
    private mutating func note(_ event: JournalEvent) {
        guard let reverts = event.reverts else { return }
        if event.command == .undo {
            reverters[reverts, default: ([], [])].undos.insert(event.group)
        } else {
            reverters[reverts, default: ([], [])].redos.insert(event.group)
        }
    }

    /// Whether the command `group` stands undone, by what was taken in.
    func isUndone(_ group: EventID) -> Bool {
        guard let entry = reverters[group] else { return false }
        return entry.undos.count > entry.redos.count
    }

    /// `event` with whether its command stands undone, by what was taken in.
    func entry(for event: JournalEvent) -> HistoryEntry {
        HistoryEntry(event: event, isUndone: isUndone(event.group))
    }
}
