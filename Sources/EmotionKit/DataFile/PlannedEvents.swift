/// The changes one update makes, with what the journal records of each, before they are events.
struct PlannedEvents {
    /// The note every event of the command carries.
    var note: String?
    /// The tags every tap and add of the command carries.
    var tags: [Tag] = []
    /// When the command is placed, if in the past; `nil` for now.
    var placedAt: Instant?
    /// One change to record: a struct, not a tuple, whose array's metadata a tap would pay to build.
    private struct Item {
        let command: JournalCommand
        let change: Change
        let reverts: EventID?
    }

    private var items: [Item] = []

    /// Whether there is no change to record.
    var isEmpty: Bool { items.isEmpty }

    /// Adds a change made by `command`, taking back or making again `reverts`.
    mutating func append(_ command: JournalCommand, _ change: Change, reverts: EventID? = nil) {
        items.append(Item(command: command, change: change, reverts: reverts))
    }

    /// Adds, by `command` (undo or redo), the changes that reverse `found`'s last ones, last first,
    /// applying them to `tally`.
    ///
    /// - Throws: `TallyError` if one would take a count below zero or past the largest.
    mutating func reverse(_ found: RevertSearch.Reversible, by command: JournalCommand, on tally: inout Tally) throws {
        guard let group = found.original.first?.group else { return }
        for event in found.last.reversed() {
            if let change = try tally.apply(.add(-event.delta, to: event.emotion)) { append(command, change, reverts: group) }
        }
    }

    /// The events, numbered after `start`, recorded `now` at `zone`'s offset, one group: the first
    /// event's id.
    ///
    /// - Throws: `HistoryError.timeOutOfRange` for a time a timestamp cannot hold; a
    ///   `JournalEventError` only for a bug, since the store checked note and time first.
    func events(after start: JournalPosition, now: Instant, zone: TimeZoneRules) throws -> [JournalEvent] {
        guard start.sequence < JournalPosition.sequenceLimit - UInt64(items.count) else {
            throw JournalProblem.sequenceAtLimit
        }
        let recorded = try Timestamp(now, in: zone)
        var at = recorded
        var backdated = false
        if let placedAt, placedAt < now {
            at = try Timestamp(placedAt, in: zone)
            backdated = true
        }
        // The clock was set back since an earlier event was recorded: say so, for backwards scans.
        let latest =
            start.latest > (backdated ? recorded : at).millisecondsSinceEpoch
            ? try? Timestamp(millisecondsSinceEpoch: start.latest, offsetSeconds: 0) : nil
        var events: [JournalEvent] = []
        var group: EventID?
        events.reserveCapacity(items.count)
        for index in items.indices {
            let item = items[index]
            let id = EventID(recordedAt: now.millisecondsSinceEpoch)
            events.append(
                try JournalEvent(
                    sequence: start.sequence + UInt64(index) + 1, id: id, at: at, recorded: backdated ? recorded : nil,
                    command: item.command, emotion: item.change.emotion, old: item.change.old, new: item.change.new,
                    note: note, tags: item.command == .tap || item.command == .add ? tags : [], group: group ?? id, reverts: item.reverts, latest: latest,
                    eventsInCommand: group == nil && items.count > 1 ? items.count : nil))
            if group == nil { group = id }
        }
        return events
    }
}
