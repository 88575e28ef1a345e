extension JournalEvent {
    /// Reads one line of `log --json` or `export` (without its `\n`): an event as another journal
    /// held it, for `import`, checked exactly as a journal line is.
    ///
    /// The keys are `log --json`'s: `id`, `at`, `command`, `emotion`, `old`, `new`, and where there
    /// are `note`, `group` (absent: the event's own id), `events`, `reverts` and `recorded`. The
    /// journal's own `seq`, `latest` and `block`, if a line has them, are ignored: they say where the event
    /// stood in another journal, and the importing one gives its own. The event comes back with
    /// sequence 1 until it is placed.
    ///
    /// - Throws: `JournalLineError` naming what is wrong, as for a journal line.
    package init(exportLine line: [UInt8]) throws(JournalLineError) {
        try self.init(members: try JournalEvent.fields(of: line), ofExport: true)
    }

    /// This event as the journal at `sequence` keeps it, with counts `old` to `new`, in the command
    /// `group` of `eventsInCommand` events, `latest` when an earlier event was recorded later, and
    /// the start of its `block`, if any.
    ///
    /// - Throws: `JournalEventError` if the values break an invariant.
    package func placed(
        sequence: UInt64, old: Int, new: Int, group: EventID, eventsInCommand: Int?, reverts: EventID?, latest: Timestamp?,
        block: Int64? = nil, origin: EventOrigin? = nil
    ) throws(JournalEventError) -> JournalEvent {
        try JournalEvent(
            sequence: sequence, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old, new: new,
            note: note, group: group, reverts: reverts, latest: latest, eventsInCommand: eventsInCommand, block: block, origin: origin)
    }
}
