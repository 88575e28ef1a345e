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
        if let event = line.withUnsafeBufferPointer({ JournalEvent.fastParse(exportLine: $0) }) {
            self = event
            return
        }
        try self.init(members: try JournalEvent.fields(of: line), ofExport: true)
    }

    /// The event on a line in the exact form `export` writes it (`LogLine.json(for:address:)`: keys
    /// in its order, a space after each `:` and `,`), read with `JournalLineCursor`; `nil` for any
    /// other line, which the strict parser reads: the same events either way, at a fraction of the
    /// cost for the 100,000 lines of an export of ten years, which `import` reads twice.
    static func fastParse(exportLine line: UnsafeBufferPointer<UInt8>) -> JournalEvent? {
        guard line.count <= lineLimit else { return nil }
        var cursor = JournalLineCursor(bytes: line)
        guard cursor.skip("{\"id\": \""), let id = cursor.id(), cursor.skip("\", \"at\": \""), let at = cursor.timestamp(),
            cursor.skip("\", \"command\": \""), let command = cursor.command(), cursor.skip("\", \"emotion\": \""),
            let emotion = cursor.emotion(), cursor.skip("\", \"old\": "), let old = cursor.wholeNumber(), cursor.skip(", \"new\": "),
            let new = cursor.wholeNumber()
        else { return nil }
        var note: String?
        if cursor.skip(", \"note\": \"") {
            guard let text = cursor.note() else { return nil }
            note = text
        }
        guard let tags = cursor.tags(spaced: true) else { return nil }
        var group = id
        if cursor.skip(", \"group\": \"") {
            guard let found = cursor.id(), cursor.skip("\"") else { return nil }
            group = found
        }
        var eventsInCommand: Int?
        if cursor.skip(", \"events\": ") {
            guard let count = cursor.wholeNumber() else { return nil }
            eventsInCommand = count
        }
        var reverts: EventID?
        if cursor.skip(", \"reverts\": \"") {
            guard let found = cursor.id(), cursor.skip("\"") else { return nil }
            reverts = found
        }
        var recorded: Timestamp?
        if cursor.skip(", \"recorded\": \"") {
            guard let time = cursor.timestamp(), cursor.skip("\"") else { return nil }
            recorded = time
        }
        var origin: EventOrigin?
        if cursor.skip(", \"history\": \"") {
            guard let history = cursor.id(), cursor.skip("\", \"hseq\": "), let place = cursor.wholeNumber(), place >= 1,
                let after = cursor.after(spaced: true)
            else { return nil }
            origin = EventOrigin(history: HistoryID(history), sequence: UInt64(place), after: after)
        }
        guard cursor.skip("}"), cursor.isAtEnd else { return nil }
        return try? JournalEvent(
            sequence: 1, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old, new: new, note: note,
            tags: tags, group: group, reverts: reverts, eventsInCommand: eventsInCommand, origin: origin)
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
            note: note, tags: tags, group: group, reverts: reverts, latest: latest, eventsInCommand: eventsInCommand, block: block,
            origin: origin)
    }
}
