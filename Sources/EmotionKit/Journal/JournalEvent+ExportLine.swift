extension JournalEvent {
    /// Reads one line of `log --json` or `export` (without its `\n`): an event as another journal
    /// held it, for `import`, checked exactly as a journal line is.
    ///
    /// The keys are `log --json`'s: `id`, `at`, `command`, `emotion`, `old`, `new`, and where there
    /// are `note`, `group` (absent: the event's own id), `events`, `reverts` and `recorded`. The
    /// journal's own `seq` and `latest`, if a line has them, are ignored: they say where the event
    /// stood in another journal, and the importing one gives its own. The event comes back with
    /// sequence 1 until it is placed.
    ///
    /// - Throws: `JournalLineError` naming what is wrong, as for a journal line.
    package init(exportLine line: [UInt8]) throws(JournalLineError) {
        let fields = try JournalEvent.fields(of: line)
        let id = try fields.id("id")
        let at = try fields.timestamp("at")
        let recorded = try fields.optional("recorded") { key throws(JournalLineError) in try fields.timestamp(key) }
        let commandName = try fields.string("command")
        guard let command = JournalCommand(rawValue: commandName) else { throw .unknownCommand(commandName) }
        let emotionName = try fields.string("emotion")
        guard let emotion = Emotion(rawValue: emotionName) else { throw .unknownEmotion(emotionName) }
        let old = try fields.wholeNumber("old", as: Int.self, lowest: 0)
        let new = try fields.wholeNumber("new", as: Int.self, lowest: 0)
        let note = try fields.optional("note") { key throws(JournalLineError) in try fields.string(key) }
        let group = try fields.optional("group") { key throws(JournalLineError) in try fields.id(key) } ?? id
        let reverts = try fields.optional("reverts") { key throws(JournalLineError) in try fields.id(key) }
        let eventsInCommand = try fields.optional("events") { key throws(JournalLineError) in
            try fields.wholeNumber(key, as: Int.self, lowest: 2)
        }
        do {
            try self.init(
                sequence: 1, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old, new: new,
                note: note, group: group, reverts: reverts, eventsInCommand: eventsInCommand)
        } catch {
            throw .invalidEvent(error)
        }
    }

    /// This event as the journal at `sequence` keeps it, with counts `old` to `new`, in the command
    /// `group` of `eventsInCommand` events, and `latest` when an earlier event was recorded later.
    ///
    /// - Throws: `JournalEventError` if the values break an invariant.
    package func placed(
        sequence: UInt64, old: Int, new: Int, group: EventID, eventsInCommand: Int?, reverts: EventID?, latest: Timestamp?
    ) throws(JournalEventError) -> JournalEvent {
        try JournalEvent(
            sequence: sequence, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old, new: new,
            note: note, group: group, reverts: reverts, latest: latest, eventsInCommand: eventsInCommand)
    }
}
