extension JournalEvent {
    /// Reads a line in the exact form `jsonLine` writes (keys in that order, compact, a note without
    /// escapes) byte by byte, and anything else through the strict JSON parser (`init(line:)`): the
    /// same events either way, at a tenth of the cost for the lines `log` reads by the hundred.
    ///
    /// - Throws: what `init(line:)` throws, for a line not in that form that is not an event either.
    package init(journalLine line: [UInt8]) throws(JournalLineError) {
        if let event = JournalEvent.fastParse(line) {
            self = event
        } else {
            try self.init(line: line)
        }
    }

    /// The event on a line in `jsonLine`'s exact form, or `nil` for any other line.
    private static func fastParse(_ line: [UInt8]) -> JournalEvent? {
        guard line.count <= lineLimit else { return nil }
        var cursor = LineCursor(bytes: line)
        guard cursor.skip("{\"id\":\""), let id = cursor.id(), cursor.skip("\",\"at\":\""), let at = cursor.timestamp(),
            cursor.skip("\",\"command\":\""), let commandName = cursor.plainString(),
            let command = JournalCommand(rawValue: commandName), cursor.skip(",\"emotion\":\""),
            let emotionName = cursor.plainString(), let emotion = Emotion(rawValue: emotionName),
            cursor.skip(",\"old\":"), let old = cursor.wholeNumber(), cursor.skip(",\"new\":"), let new = cursor.wholeNumber()
        else { return nil }
        var note: String?
        if cursor.skip(",\"note\":\"") {
            guard let text = cursor.plainString() else { return nil }
            note = text
        }
        guard cursor.skip(",\"seq\":"), let sequenceNumber = cursor.wholeNumber(), sequenceNumber >= 1,
            cursor.skip(",\"group\":\""), let group = cursor.id(), cursor.skip("\"")
        else { return nil }
        var eventsInCommand: Int?
        if cursor.skip(",\"events\":") {
            guard let count = cursor.wholeNumber() else { return nil }
            eventsInCommand = count
        }
        var reverts: EventID?
        var recorded: Timestamp?
        var latest: Timestamp?
        if cursor.skip(",\"reverts\":\"") {
            guard let id = cursor.id(), cursor.skip("\"") else { return nil }
            reverts = id
        }
        if cursor.skip(",\"recorded\":\"") {
            guard let time = cursor.timestamp(), cursor.skip("\"") else { return nil }
            recorded = time
        }
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
        return try? JournalEvent(
            sequence: UInt64(sequenceNumber), id: id, at: at, recorded: recorded, command: command, emotion: emotion,
            old: old, new: new, note: note, group: group, reverts: reverts, latest: latest, eventsInCommand: eventsInCommand,
            block: block, origin: origin)
    }

    /// The event on a line of a history's file in a sync folder in `publishedLine`'s exact form (its
    /// journal line's keys up to `recorded`, then `after`), with `history`'s origin and sequence 1;
    /// `nil` for any other line, which `init(publishedLine:history:)` reads through the strict parser.
    static func fastParse(publishedLine line: [UInt8], history: HistoryID) -> JournalEvent? {
        guard line.count <= lineLimit else { return nil }
        var cursor = LineCursor(bytes: line)
        guard cursor.skip("{\"id\":\""), let id = cursor.id(), cursor.skip("\",\"at\":\""), let at = cursor.timestamp(),
            cursor.skip("\",\"command\":\""), let commandName = cursor.plainString(),
            let command = JournalCommand(rawValue: commandName), cursor.skip(",\"emotion\":\""),
            let emotionName = cursor.plainString(), let emotion = Emotion(rawValue: emotionName),
            cursor.skip(",\"old\":"), let old = cursor.wholeNumber(), cursor.skip(",\"new\":"), let new = cursor.wholeNumber()
        else { return nil }
        var note: String?
        if cursor.skip(",\"note\":\"") {
            guard let text = cursor.plainString() else { return nil }
            note = text
        }
        guard cursor.skip(",\"seq\":"), let place = cursor.wholeNumber(), place >= 1,
            cursor.skip(",\"group\":\""), let group = cursor.id(), cursor.skip("\"")
        else { return nil }
        var eventsInCommand: Int?
        if cursor.skip(",\"events\":") {
            guard let count = cursor.wholeNumber() else { return nil }
            eventsInCommand = count
        }
        var reverts: EventID?
        var recorded: Timestamp?
        if cursor.skip(",\"reverts\":\"") {
            guard let id = cursor.id(), cursor.skip("\"") else { return nil }
            reverts = id
        }
        if cursor.skip(",\"recorded\":\"") {
            guard let time = cursor.timestamp(), cursor.skip("\"") else { return nil }
            recorded = time
        }
        guard let after = cursor.after(), cursor.skip("}"), cursor.isAtEnd else { return nil }
        return try? JournalEvent(
            sequence: 1, id: id, at: at, recorded: recorded, command: command, emotion: emotion, old: old, new: new,
            note: note, group: group, reverts: reverts, eventsInCommand: eventsInCommand,
            origin: EventOrigin(history: history, sequence: UInt64(place), after: after))
    }
}

/// A reader of a journal line's bytes in `jsonLine`'s form.
private struct LineCursor {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// Steps over `literal` if the bytes go on with it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            var offset = 0
            while offset < count {
                if bytes[index + offset] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
        if matches { index += count }
        return matches
    }

    /// The 26 characters of an id.
    mutating func id() -> EventID? {
        guard bytes.count - index >= 26, let id = EventID(parsing: String(decoding: bytes[index..<(index + 26)], as: UTF8.self))
        else { return nil }
        index += 26
        return id
    }

    /// The 29 characters of a timestamp, as `Timestamp.rfc3339` writes them.
    mutating func timestamp() -> Timestamp? {
        guard bytes.count - index >= 29,
            let time = try? Timestamp(rfc3339: String(decoding: bytes[index..<(index + 29)], as: UTF8.self))
        else { return nil }
        index += 29
        return time
    }

    /// A string up to its closing quote, which it steps over: `nil` if it holds a backslash or a
    /// control character (for the strict parser to read), or is not UTF-8.
    mutating func plainString() -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The marks of `,"after":{"<history>":<seq>,…}` as `appendAfter` writes it (histories in increasing
    /// order, each place at least 1); none if the line does not go on with `,"after":`; `nil` if it does
    /// in any other form.
    mutating func after() -> [HistoryMark]? {
        guard skip(",\"after\":{") else { return [] }
        var marks: [HistoryMark] = []
        repeat {
            guard skip("\""), let id = id(), skip("\":"), let place = wholeNumber(), place >= 1 else { return nil }
            let history = HistoryID(id)
            if let last = marks.last, !(last.history < history) { return nil }
            marks.append(HistoryMark(history, UInt64(place)))
        } while skip(",")
        guard skip("}") else { return nil }
        return marks
    }

    /// A whole number of 1 to 19 digits, no sign, no leading zero but 0 itself, that fits in an `Int`.
    mutating func wholeNumber() -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return value
    }
}
