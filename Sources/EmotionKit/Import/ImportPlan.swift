/// What importing a batch into a history does: which commands are new, the counts each of their
/// changes goes from and to here, and the counts after. Worked out under the store's lock (or, for
/// `--dry-run`, on a read), from what the journal holds (`ImportHistory`) and its counts; nothing
/// is written here.
///
/// A command is new if none of its ids are in the journal, and already there if some are (the
/// rest were left out when it was imported). Each new change keeps its id, times, command, note
/// and group, and is made on the counts here, in the batch's order: a tap or add adds the same
/// amount; a reset sets the count to zero, and is left out if it is zero already or if the history
/// changed that count after the reset was recorded (what was done last wins; an id starts with the
/// time it was made), and the command with it if that was its only change.
///
/// An undo or redo must name a tap, add or reset, in the file or the history, and mirror it: the
/// same emotions, and for a tap or add the same amounts, taken back or made again. It takes back or
/// makes again what that command did here (so an undo of a reset restores the count the reset
/// cleared here, not the one it cleared where it was made), and is left out where it would change
/// nothing (its command was left out here, or is undone here already for an undo, or stands for a
/// redo, as when two machines each undid the same command) or where the history took back or made
/// again its command after it was recorded: the one done last wins, so importing a file again
/// changes nothing. It comes after its command even where the file recorded it before (a clock set
/// back). A count that would go below zero or past the largest refuses the whole import.
package struct ImportPlan: Sendable {
    /// The new changes, in the order they are to be appended, with their counts here; numbered
    /// with sequence 1 until `events(after:)` places them.
    package private(set) var changes: [JournalEvent] = []
    /// How many of the file's changes the journal holds already.
    package private(set) var alreadyThere = 0
    /// How many of the file's changes are left out because they change nothing here (a reset of a
    /// zero count, an undo of a command undone already), or were left out when it was imported before.
    package private(set) var leftOut = 0
    /// The counts before.
    package let before: Tally
    /// The counts once the new changes are made.
    package private(set) var after: Tally

    /// Whether it is a union by id (`ImportUnion`): its changes are appended as those sync takes in,
    /// and the event model gives the counts after.
    package private(set) var isUnion = false

    /// What each command an undo or redo of the file names did here, by its group in the file: the
    /// group it goes by here and each change it made, or `nil` if it made none (all left out).
    private var madeHere: [EventID: (group: EventID, changes: [(emotion: Emotion, delta: Int)])?] = [:]
    /// The commands the file's undos and redos name, by their groups in the file.
    private let targets: Set<EventID>
    /// For each emotion, the last change of it the history recorded (`ImportHistory.lastChanged`).
    private let lastChanged: [EventID?]
    /// Whether each command taken back or made again stands undone, by its group here.
    private var undone: [EventID: Bool]

    /// The plan of a union (`ImportUnion`): its new changes, those already there and left out, on
    /// counts `before`; `after` is set once the model has counted them.
    init(union: ImportUnion, before: Tally) {
        self.before = before
        after = before
        changes = union.events
        alreadyThere = union.alreadyThere
        leftOut = union.leftOut
        targets = []
        lastChanged = []
        undone = [:]
        isUnion = true
    }

    /// Sets the counts after a union's changes, as the model gives them.
    mutating func setCountsAfter(_ tally: Tally) {
        after = tally
    }

    /// Plans importing `batch` into a history that holds `history` and the counts `tally`.
    ///
    /// - Throws: `ImportError.unlikeHistory`, `.unknownReverts`, `.revertsNoChange`,
    ///   `.unlikeReverted` or `.refusedCount`.
    package init(_ batch: ImportBatch, history: ImportHistory = ImportHistory(), tally: Tally) throws(ImportError) {
        before = tally
        after = tally
        undone = history.undone
        targets = batch.revertedGroups
        lastChanged = history.lastChanged
        var inFile: [EventID: ImportBatch.Command] = [:]
        for command in batch.commands { inFile[command.events[0].group] = command }
        // Undos and redos whose command comes later in the file, by that command's group.
        var waiting: [EventID: [ImportBatch.Command]] = [:]
        for command in batch.commands {
            let first = command.events[0]
            if first.command.isReverting, let target = first.reverts, inFile[target] != nil, madeHere[target] == nil,
                target != first.group
            {
                waiting[target, default: []].append(command)
                continue
            }
            try plan(command, inFile: inFile, history: history)
            for later in waiting.removeValue(forKey: first.group) ?? [] {
                try plan(later, inFile: inFile, history: history)
            }
        }
        if let stranded = waiting.values.flatMap({ $0 }).min(by: { $0.lines[0] < $1.lines[0] }) {
            // Its command never came: it waits for an undo or redo waiting in turn (two that name each other).
            throw .revertsNoChange(line: stranded.lines[0], reverts: stranded.events[0].reverts ?? stranded.events[0].group)
        }
    }

    /// Plans one command of the file.
    private mutating func plan(_ command: ImportBatch.Command, inFile: [EventID: ImportBatch.Command], history: ImportHistory) throws(ImportError) {
        let first = command.events[0]
        let present = command.events.filter { history.ids.contains($0.id) }
        guard present.isEmpty else {
            try takeAlreadyThere(command, present: present, history: history)
            return
        }
        guard first.command.isReverting, let target = first.reverts else {
            try make(command, reverts: nil, amounts: command.events.map(\.delta))
            return
        }
        // An undo or redo: what its command did here, and whether this one mirrors it.
        guard target != first.group else { throw .revertsNoChange(line: command.lines[0], reverts: target) }
        let (original, fromHistory) = try revertedCommand(target, by: command, inFile: inFile, history: history)
        guard !original[0].command.isReverting else { throw .revertsNoChange(line: command.lines[0], reverts: target) }
        let isUndo = first.command == .undo
        guard Self.mirrors(command.events, original, isUndo: isUndo, fromHistory: fromHistory) else {
            throw .unlikeReverted(line: command.lines[0], reverts: target)
        }
        guard let done = madeHere[target] ?? nil, (undone[done.group] ?? false) != isUndo,
            history.lastReverted[done.group].map({ $0.value < first.id.value }) ?? true
        else {
            // Its command made nothing here, or is already as this would leave it, or was taken back
            // or made again here after this was (its id, which starts with its time, is smaller):
            // what was done last wins, however often the file is imported.
            leftOut += command.events.count
            return
        }
        // Each change takes back or makes again what its command did here to that emotion, once.
        var remaining = done.changes
        let amounts = command.events.map { event in
            guard let index = remaining.firstIndex(where: { $0.emotion == event.emotion }) else { return 0 }
            let delta = remaining.remove(at: index).delta
            return isUndo ? -delta : delta
        }
        // Only one that changes something here changes whether its command stands.
        if try make(command, reverts: done.group, amounts: amounts) { undone[done.group] = isUndo }
    }

    /// Counts `command`, whose changes `present` the journal holds, as already there and the rest as
    /// left out when it was imported, and notes what it did here if an undo or redo of the file names it.
    private mutating func takeAlreadyThere(
        _ command: ImportBatch.Command, present: [JournalEvent], history: ImportHistory
    ) throws(ImportError) {
        let first = command.events[0]
        // Already there, the rest left out when it was imported: only if it is the same change,
        // as an id is never given to two.
        var groupHere: EventID?
        for (event, line) in zip(command.events, command.lines) {
            guard let mine = history.held[event.id] else { continue }
            guard mine.isSameChange(as: event) else { throw .unlikeHistory(line: line, id: event.id) }
            groupHere = groupHere ?? mine.group
        }
        // Only a reset, or an undo or redo of one, can have had changes left out when it was imported.
        if present.count < command.events.count, first.command == .tap || first.command == .add {
            throw .unlikeHistory(line: command.lines[0], id: first.id)
        }
        alreadyThere += present.count
        leftOut += command.events.count - present.count
        guard targets.contains(first.group) else { return }
        madeHere[first.group] = (groupHere ?? first.group, present.map { (history.held[$0.id]?.emotion ?? $0.emotion, history.held[$0.id]?.delta ?? 0) })
    }

    /// The changes of the command `target` that the undo or redo `command` names, as this history holds
    /// them where it does (a file's copy may say otherwise; what it did here is noted), else the file's;
    /// and whether they are the history's.
    private mutating func revertedCommand(
        _ target: EventID, by command: ImportBatch.Command, inFile: [EventID: ImportBatch.Command], history: ImportHistory
    ) throws(ImportError) -> (events: [JournalEvent], fromHistory: Bool) {
        if let events = history.commands[target], !events.isEmpty {
            if madeHere[target] == nil { madeHere[target] = (target, events.map { ($0.emotion, $0.delta) }) }
            return (events, true)
        }
        guard let there = inFile[target] else { throw .unknownReverts(line: command.lines[0], reverts: target) }
        return (there.events, false)
    }

    /// Makes `command`'s changes here, each by its amount (a reset's: to zero), leaving out those
    /// that change nothing, and records what it did; returns whether it kept any.
    @discardableResult
    private mutating func make(_ command: ImportBatch.Command, reverts: EventID?, amounts: [Int]) throws(ImportError) -> Bool {
        var kept: [(event: JournalEvent, old: Int, new: Int)] = []
        for ((event, line), amount) in zip(zip(command.events, command.lines), amounts) {
            if event.command == .reset, let last = lastChanged[event.emotion.index], last.value > event.id.value {
                leftOut += 1  // The history changed that count after the reset was made: the later change wins.
                continue
            }
            let old = after[event.emotion]
            let action: Action = event.command == .reset ? .reset(event.emotion) : .add(amount, to: event.emotion)
            do throws(TallyError) {
                _ = try after.apply(action)
            } catch {
                throw .refusedCount(line: line, error)
            }
            let new = after[event.emotion]
            if new == old {
                leftOut += 1
                continue
            }
            kept.append((event, old, new))
        }
        let groupInFile = command.events[0].group
        guard let head = kept.first else {
            if targets.contains(groupInFile) { madeHere[groupInFile] = .some(nil) }
            return false
        }
        // A command whose first change was left out goes by its next one's id.
        let group = head.event.id
        if targets.contains(groupInFile) { madeHere[groupInFile] = (group, kept.map { ($0.event.emotion, $0.new - $0.old) }) }
        for (index, item) in kept.enumerated() {
            do throws(JournalEventError) {
                changes.append(
                    try item.event.placed(
                        sequence: 1, old: item.old, new: item.new, group: group,
                        eventsInCommand: index == 0 && kept.count > 1 ? kept.count : nil, reverts: reverts, latest: nil))
            } catch {
                // Cannot happen: the values came from an event that was whole, with counts that differ.
                throw .badLine(line: command.lines[0], .invalidEvent(error))
            }
        }
        return true
    }

    /// Whether the undo or redo `events` mirrors its command `original`: for a tap or add the same
    /// emotions and amounts, negated for an undo; for a reset some of its emotions, each once (where
    /// the undo was made, the reset may have cleared only some of its counts, and its amounts are
    /// those of there). A reset from the history may have lost changes left out here, so only the
    /// undo's own emotions are checked against it.
    private static func mirrors(_ events: [JournalEvent], _ original: [JournalEvent], isUndo: Bool, fromHistory: Bool) -> Bool {
        if original[0].command == .reset {
            let mine = Set(events.map(\.emotion))
            return mine.count == events.count && (fromHistory || mine.isSubset(of: Set(original.map(\.emotion))))
        }
        func pairs(_ list: [JournalEvent], sign: Int) -> [[Int]] {
            list.map { [$0.emotion.index, sign * $0.delta] }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        return pairs(events, sign: 1) == pairs(original, sign: isUndo ? -1 : 1)
    }

    /// How much each emotion's count changes, in `Emotion.allCases` order, leaving out those that do not.
    package var netChanges: [(emotion: Emotion, delta: Int)] {
        // Cannot overflow: both counts are 0 or more.
        Emotion.allCases.compactMap { after[$0] != before[$0] ? ($0, after[$0] - before[$0]) : nil }
    }

    /// The new changes as the journal keeps them after the event at `start`: numbered on from its
    /// sequence, and carrying `latest` where an event before them, here or in the journal, was
    /// recorded later than they were (an import of older changes is the clock going back, as far as
    /// a backward reader can tell), with the start of their `block` where it holds.
    ///
    /// - Throws: `ImportError.sequenceAtLimit`.
    package func events(after start: JournalPosition) throws(ImportError) -> [JournalEvent] {
        do {
            return try JournalEvent.placing(changes, after: start)
        } catch {
            throw .sequenceAtLimit
        }
    }
}

extension JournalEvent {
    /// Whether `other`, with this one's id, is the same change: placed at the same time, by the same
    /// command, on the same emotion, with the same note, and for a tap or add by the same amount in a
    /// command of as many changes (an import makes a reset, undo or redo on the counts where it
    /// lands, so its amount and its command's changes may differ).
    fileprivate func isSameChange(as other: JournalEvent) -> Bool {
        at == other.at && command == other.command && emotion == other.emotion && note == other.note
            && (command == .reset || command.isReverting
                || (delta == other.delta && group == other.group && eventsInCommand == other.eventsInCommand))
    }
}
