extension JournalEvent {
    /// Reads a line in the exact form `jsonLine` writes (keys in that order, compact; a note with or
    /// without escapes) with `JournalLineCursor`, and anything else through the strict JSON parser
    /// (`init(line:)`): the same events either way, at a tenth of the cost for the lines `log` reads
    /// by the hundred.
    ///
    /// - Throws: what `init(line:)` throws, for a line not in that form that is not an event either.
    package init(journalLine line: [UInt8]) throws(JournalLineError) {
        if let event = line.withUnsafeBufferPointer({ JournalEvent.fastParse($0) }) {
            self = event
        } else {
            try self.init(line: line)
        }
    }

    /// The event on a line in `jsonLine`'s exact form, or `nil` for any other line.
    private static func fastParse(_ line: UnsafeBufferPointer<UInt8>) -> JournalEvent? {
        guard line.count <= lineLimit else { return nil }
        var cursor = JournalLineCursor(bytes: line)
        guard let fields = cursor.fieldsUpToRecorded() else { return nil }
        var latest: Timestamp?
        if cursor.skip(",\"latest\":\"") {
            guard let time = cursor.timestamp(), cursor.skip("\"") else { return nil }
            latest = time
        }
        var block: Int64?
        if cursor.skip(",\"block\":") {
            guard let offset = cursor.wholeNumber() else { return nil }
            block = Int64(offset)
        }
        var origin: EventOrigin?
        if cursor.skip(",\"version\":2,\"from\":\"") {
            guard let from = cursor.id(), cursor.skip("\",\"hseq\":"), let place = cursor.wholeNumber(), place >= 1,
                let after = cursor.after()
            else { return nil }
            origin = EventOrigin(history: HistoryID(from), sequence: UInt64(place), after: after)
        }
        guard cursor.skip("}"), cursor.isAtEnd else { return nil }
        return fields.event(sequence: UInt64(fields.sequence), latest: latest, block: block, origin: origin)
    }

    /// The event on a line of a history's file in a sync folder in `publishedLine`'s exact form (its
    /// journal line's keys up to `recorded`, then `after`), with `history`'s origin and sequence 1;
    /// `nil` for any other line, which `init(publishedLine:history:)` reads through the strict parser.
    static func fastParse(publishedLine line: [UInt8], history: HistoryID) -> JournalEvent? {
        guard line.count <= lineLimit else { return nil }
        return line.withUnsafeBufferPointer { buffer in
            var cursor = JournalLineCursor(bytes: buffer)
            guard let fields = cursor.fieldsUpToRecorded(), let after = cursor.after(), cursor.skip("}"), cursor.isAtEnd
            else { return nil }
            let origin = EventOrigin(history: history, sequence: UInt64(fields.sequence), after: after)
            return fields.event(sequence: 1, latest: nil, block: nil, origin: origin)
        }
    }
}

/// The keys a journal line and a published line share, from `id` to `recorded`, as `commonLine` writes them.
private struct CommonFields {
    var id: EventID
    var at: Timestamp
    var command: JournalCommand
    var emotion: Emotion
    var old: Int
    var new: Int
    var note: String?
    var tags: [Tag] = []
    /// The `seq` written: the journal's sequence, or a published line's place in its history; 1 or more.
    var sequence: Int
    var group: EventID
    var eventsInCommand: Int?
    var reverts: EventID?
    var recorded: Timestamp?

    /// The event of these fields and the rest, `nil` if they break its invariants.
    func event(sequence: UInt64, latest: Timestamp?, block: Int64?, origin: EventOrigin?) -> JournalEvent? {
        try? JournalEvent(
            sequence: sequence, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old,
            new: new, note: note, tags: tags, group: group, reverts: reverts, latest: latest, eventsInCommand: eventsInCommand,
            block: block, origin: origin)
    }
}

extension JournalLineCursor {
    /// The keys from `id` to `recorded` in `commonLine`'s exact form, up to where a journal line
    /// goes on with `latest` and a published line with `after`.
    fileprivate mutating func fieldsUpToRecorded() -> CommonFields? {
        guard skip("{\"id\":\""), let eventID = id(), skip("\",\"at\":\""), let at = timestamp(),
            skip("\",\"command\":\""), let command = command(), skip("\",\"emotion\":\""), let emotion = emotion(),
            skip("\",\"old\":"), let old = wholeNumber(), skip(",\"new\":"), let new = wholeNumber()
        else { return nil }
        var fields = CommonFields(
            id: eventID, at: at, command: command, emotion: emotion, old: old, new: new, sequence: 0, group: eventID)
        if skip(",\"note\":\"") {
            guard let text = note() else { return nil }
            fields.note = text
        }
        guard let tags = tags() else { return nil }
        fields.tags = tags
        guard skip(",\"seq\":"), let sequence = wholeNumber(), sequence >= 1, skip(",\"group\":\""), let group = id(), skip("\"")
        else { return nil }
        (fields.sequence, fields.group) = (sequence, group)
        if skip(",\"events\":") {
            guard let count = wholeNumber() else { return nil }
            fields.eventsInCommand = count
        }
        if skip(",\"reverts\":\"") {
            guard let reverts = id(), skip("\"") else { return nil }
            fields.reverts = reverts
        }
        if skip(",\"recorded\":\"") {
            guard let time = timestamp(), skip("\"") else { return nil }
            fields.recorded = time
        }
        return fields
    }

    /// The marks of `,"after":{"<history>":<seq>,…}` as `appendAfter` writes it (histories in increasing
    /// order, each place at least 1); none if the line does not go on with `,"after":`; `nil` if it does
    /// in any other form. `export` writes it with a space after each `:` and `,` (`spaced`).
    mutating func after(spaced: Bool = false) -> [HistoryMark]? {
        guard spaced ? skip(", \"after\": {") : skip(",\"after\":{") else { return [] }
        var marks: [HistoryMark] = []
        repeat {
            guard skip("\""), let id = id(), spaced ? skip("\": ") : skip("\":"), let place = wholeNumber(), place >= 1 else { return nil }
            let history = HistoryID(id)
            if let last = marks.last, !(last.history < history) { return nil }
            marks.append(HistoryMark(history, UInt64(place)))
        } while spaced ? skip(", ") : skip(",")
        guard skip("}") else { return nil }
        return marks
    }
}
