/// Finds what `undo` and `redo` act on, by reading the journal backwards from its end: the cost is
/// what was undone and redone since, never the whole history.
///
/// Commands form an editor's two stacks. A tap, add or reset is pushed on the done stack and
/// empties the undone stack; an undo moves the top done command to the undone stack; a redo moves
/// it back. Whether a command stands undone is counted as the views count it (`UndoneCommands`: more
/// distinct undos than redos naming it), so histories holding the same lines in other orders agree: `undo` takes back the latest recorded tap, add or reset that stands,
/// and `redo` makes again the command of the latest undo that no redo followed, unless a tap, add
/// or reset was made since. In a history made on one machine that is the top of each stack; it
/// stays right where `import` has put another machine's undos and redos among this one's commands.
enum RevertSearch {
    /// A command to take back or make again: its events as first recorded, and the changes to
    /// reverse, last first: those of the latest undo or redo of it, or its own where there is none.
    ///
    /// In a history made on one machine the two agree; where `import` brought in an undo that took
    /// back only part of a command here (a reset that found a count at zero), making it again makes
    /// again that part.
    struct Reversible {
        /// The command, its events as first recorded.
        let original: [JournalEvent]
        /// The events whose changes are to be reversed: the latest undo's, redo's, or `original`.
        let last: [JournalEvent]
    }

    /// What `redo` found.
    enum RedoFinding {
        /// The command to make again.
        case found(Reversible)
        /// Nothing was ever undone.
        case nothingUndone
        /// This command, the latest change, was made after every undo still standing.
        case chainEnded(by: [JournalEvent])
        /// Every undo since the latest change was redone.
        case allRedone
    }

    /// The command `undo` takes back; `nil` if every command is undone.
    static func forUndo(in journal: JournalFile, end: Int64, floor: Int64) throws(StoreError) -> Reversible? {
        var search = Search()
        var latest: [EventID: [JournalEvent]] = [:]  // The latest undo or redo naming each command.
        var undone = UndoneCommands()  // Whether each command stands undone, by counting (see `UndoneCommands`).
        try search.run(in: journal, end: end, floor: floor) { group, first throws(StoreError) in
            switch first.command {
            case .undo, .redo:
                if let reverts = first.reverts, latest[reverts] == nil { latest[reverts] = group }
                undone.noteEarlier(first)
                return nil
            case .tap, .add, .reset:
                // `undo` takes back this history's own commands only, never one from elsewhere.
                guard first.origin == nil else { return nil }
                return undone.isUndone(first.group) ? nil : .done(group)
            }
        }
        guard let original = search.result, let first = original.first else { return nil }
        return Reversible(original: original, last: latest[first.group] ?? original)
    }

    /// The command `redo` makes again, or why there is none.
    static func forRedo(in journal: JournalFile, end: Int64, floor: Int64) throws(StoreError) -> RedoFinding {
        var search = Search()
        var named: Set<EventID> = []  // The commands a later undo or redo named.
        var undo: [JournalEvent] = []  // The latest undo no redo followed.
        var ender: [JournalEvent]?
        var sawRevert = false
        try search.run(in: journal, end: end, floor: floor) { group, first throws(StoreError) in
            switch first.command {
            case .undo, .redo:
                sawRevert = true
                guard first.origin == nil else { return nil }  // An undo or redo made elsewhere is not this history's to redo.
                guard let reverts = first.reverts, named.insert(reverts).inserted, first.command == .undo else { return nil }
                undo = group
                return .find(reverts)
            case .tap, .add, .reset:
                guard first.origin == nil else { return nil }  // Only a change made here ends the chain.
                ender = group
                return .stop
            }
        }
        if let result = search.result { return .found(Reversible(original: result, last: undo)) }
        if sawRevert { return .allRedone }
        if let ender { return .chainEnded(by: ender) }
        return .nothingUndone
    }

    /// What `undo ID` takes back (`.undo`) or makes again (`.redo`: the ID named an undo, and undoing
    /// an undo makes its command again; an ID naming a redo undoes its command), found by the id of
    /// any of the commands' events, or its start.
    ///
    /// - Throws: `HistoryError` if no command or more than one has such an id, or if the command
    ///   stands undone already (or, for an undo named, stands again already); `StoreError` for a
    ///   damaged line.
    static func forCommand(
        matching prefix: EventIDPrefix, in journal: JournalFile, end: Int64, floor: Int64
    ) throws -> (command: JournalCommand, found: Reversible) {
        let named = try commands(matching: prefix, in: journal, end: end, floor: floor)
        guard let events = named.first, let first = events.first else { throw HistoryError.unknownCommand(prefix.description) }
        guard named.count == 1 else {
            throw HistoryError.ambiguousCommand(
                prefix.description, candidates: named.compactMap { $0.first.map { "\($0.group) ('\(commandLine(of: [$0]))' of \($0.at.minuteText))" } })
        }
        let target = first.reverts ?? first.group
        let command: JournalCommand = first.command == .undo ? .redo : .undo
        var search = Search()
        var latest: [JournalEvent]?  // The latest undo or redo of the target.
        var undone = UndoneCommands()  // Whether the target stands undone, by counting.
        try search.run(in: journal, end: end, floor: floor) { group, found throws(StoreError) in
            if found.id == target { return .done(group) }
            guard found.reverts == target else { return nil }
            if latest == nil { latest = group }
            undone.noteEarlier(found)
            return .find(target)
        }
        guard let original = search.result else { throw HistoryError.unknownCommand(prefix.description) }
        let isUndone = undone.isUndone(target)
        if command == .undo, isUndone {
            throw HistoryError.alreadyUndone(command: commandLine(of: original), at: original.first?.at.minuteText ?? "", id: target.short)
        }
        if command == .redo, !isUndone {
            throw HistoryError.undoneUndo(undo: first.group.short, command: commandLine(of: original), at: original.first?.at.minuteText ?? "")
        }
        return (command, Reversible(original: original, last: latest ?? original))
    }

    /// The commands one of whose events' ids starts with `prefix`, each its events in order, in one
    /// forward read of the whole journal.
    private static func commands(
        matching prefix: EventIDPrefix, in journal: JournalFile, end: Int64, floor: Int64
    ) throws(StoreError) -> [[JournalEvent]] {
        var named: [[JournalEvent]] = []
        var current: [JournalEvent] = []  // The events of the command being read.
        var matched = false
        try journal.forEachLine(from: floor, to: end) { line, _ throws(StoreError) in
            let event: JournalEvent
            do throws(JournalLineError) {
                event = try JournalEvent(journalLine: Array(line))
            } catch {
                throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
            }
            if current.first?.group != event.group {
                if matched, !named.contains(where: { $0.first?.group == event.group }) { named.append(current) }
                (current, matched) = ([], false)
            }
            current.append(event)
            matched = matched || prefix.matches(event.id)
            return true
        }
        if matched, !named.contains(where: { $0.first?.group == current.first?.group }) { named.append(current) }
        return named
    }

    /// One backward read, command by command.
    private struct Search {
        enum Step {
            /// The answer is this command.
            case done([JournalEvent])
            /// The answer is the command with this group, further back.
            case find(EventID)
            /// There is no answer.
            case stop
        }

        var result: [JournalEvent]?

        /// Hands `decide` each whole command, last first (its events in order, and its first event),
        /// until it answers.
        mutating func run(
            in journal: JournalFile, end: Int64, floor: Int64,
            _ decide: (_ group: [JournalEvent], _ first: JournalEvent) throws(StoreError) -> Step?
        ) throws(StoreError) {
            var buffer: [JournalEvent] = []  // The current command's events, last first.
            var target: EventID?
            var found: [JournalEvent]?
            try journal.forEachLineBackward(from: end, downTo: floor) { line, _ throws(StoreError) in
                let event: JournalEvent
                do throws(JournalLineError) {
                    event = try JournalEvent(journalLine: Array(line))
                } catch {
                    throw .unreadableJournal(path: journal.file.path, .badLine(number: 0, reason: error.description))
                }
                if let wanted = target {
                    if event.group == wanted { buffer.append(event) }
                    if event.id == wanted {
                        found = buffer.reversed()
                        return false
                    }
                    return true
                }
                if let last = buffer.last, last.group != event.group { buffer.removeAll() }
                buffer.append(event)
                guard event.id == event.group else { return true }  // Not yet the command's first event.
                let group = Array(buffer.reversed())
                buffer.removeAll()
                switch try decide(group, event) {
                case nil: return true
                case let .done(events):
                    found = events
                    return false
                case let .find(id):
                    target = id
                    return true
                case .stop:
                    return false
                }
            }
            result = found
        }
    }

    /// How the command made of `events` was typed, near enough: `tap happy smile`, `add sad 3`,
    /// `reset happy`.
    static func commandLine(of events: [JournalEvent]) -> String {
        guard let first = events.first else { return "" }
        var words = [first.command.name]
        for event in events {
            words.append(event.emotion.name)
            if event.command == .add { words.append(String(event.delta)) }
        }
        return words.joined(separator: " ")
    }
}
