/// What `import` needs to know of the history it adds to: the ids it holds, its events that the
/// file names, the commands the file's undos and redos act on, and whether each command it ever
/// took back or made again stands undone now.
package struct ImportHistory: Sendable {
    /// Every event id the journal holds.
    package var ids: Set<EventID> = []
    /// The journal's events whose ids the file holds too, by id.
    package var held: [EventID: JournalEvent] = [:]
    /// The events of each command named by an undo or redo of the file, by the command's group,
    /// first change first.
    package var commands: [EventID: [JournalEvent]] = [:]
    /// For each command an undo or redo of the journal names (by its group here), whether the
    /// latest of them took it back: what `undo`, `redo` and the views go by.
    package var undone: [EventID: Bool] = [:]
    /// For each command an undo or redo of the journal names (by its group here), the largest id
    /// among them: the last recorded, as an id starts with the time it was made.
    package var lastReverted: [EventID: EventID] = [:]
    /// For each emotion, in `Emotion.allCases` order, the largest id among the journal's changes
    /// of it: the last recorded.
    package var lastChanged: [EventID?] = Array(repeating: nil, count: Emotion.allCases.count)

    /// The history of a journal with no events.
    package init() {}

    /// A history holding `events`, in the order they were recorded, of which the file `batch` names some.
    package init(_ events: [JournalEvent], for batch: ImportBatch) {
        let scope = Scope(batch)
        var collecting: EventID?
        for event in events { note(event, in: scope, collecting: &collecting) }
    }

    /// What a read of the journal looks for: the ids of the file's changes, and the commands its
    /// undos and redos name.
    struct Scope {
        let ids: Set<EventID>
        let targets: Set<EventID>

        init(_ batch: ImportBatch) {
            ids = Set(batch.commands.flatMap { $0.events.map(\.id) })
            targets = batch.revertedGroups
        }

        /// Whether an event with this id must be read whole.
        func wants(_ id: EventID) -> Bool { ids.contains(id) || targets.contains(id) }
    }

    /// Takes in that the event `id` changed `emotion`.
    mutating func noteChange(of emotion: Emotion, by id: EventID) {
        if lastChanged[emotion.index].map({ $0.value < id.value }) ?? true { lastChanged[emotion.index] = id }
    }

    /// Takes in the journal's next event, read whole; `collecting` is the group of a named command
    /// whose further changes are still to come.
    mutating func note(_ event: JournalEvent, in scope: Scope, collecting: inout EventID?) {
        ids.insert(event.id)
        noteChange(of: event.emotion, by: event.id)
        if scope.ids.contains(event.id) { held[event.id] = event }
        if let group = collecting, event.group == group, event.id != group {
            commands[group, default: []].append(event)
        } else {
            collecting = nil
        }
        if event.id == event.group, scope.targets.contains(event.id) {
            commands[event.id] = [event]
            collecting = event.id
        }
        if event.command.isReverting, let reverts = event.reverts {
            undone[reverts] = event.command == .undo
            if lastReverted[reverts].map({ $0.value < event.id.value }) ?? true { lastReverted[reverts] = event.id }
        }
    }
}
