extension JournalEvent {
    /// The longest line read, in bytes: a full note of escapes is about 6,000, the rest under 400.
    package static let lineLimit = 16 * 1024

    /// The newest line format read: a line with a larger `version` must not be read by guesswork.
    /// Lines of version 1 carry no `version`.
    package static let currentVersion = 2

    /// Reads one journal line (without its `\n`) through the strict JSON parser.
    ///
    /// Keys may come in any order; keys this version does not know are ignored, so that a newer
    /// version can add some, as the data file allows (a journal line is never rewritten, so
    /// nothing is lost). A key whose value is absent is left out, never `null`.
    ///
    /// - Throws: `JournalLineError` naming what is wrong: not JSON, a missing key, a wrong type, a
    ///   bad time or id, an unknown command or emotion, a number out of range, or an event
    ///   `init` refuses.
    package init(line: [UInt8]) throws(JournalLineError) {
        try self.init(members: try JournalEvent.fields(of: line), ofExport: false)
    }

    /// The event a line's members give: a journal line's, or for `ofExport` a `log --json` or
    /// `export` line's, which has no `seq`, `latest` or `block` (ignored if present: they belong to another
    /// journal; the event gets sequence 1 until placed) and no `group` on a command's first event.
    init(members fields: Fields, ofExport: Bool) throws(JournalLineError) {
        let sequence = ofExport ? 1 : try fields.wholeNumber("seq", as: UInt64.self, lowest: 1)
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
        let tags = try fields.tags()
        let group = ofExport
            ? try fields.optional("group") { key throws(JournalLineError) in try fields.id(key) } ?? id
            : try fields.id("group")
        let reverts = try fields.optional("reverts") { key throws(JournalLineError) in try fields.id(key) }
        let latest = ofExport ? nil : try fields.optional("latest") { key throws(JournalLineError) in try fields.timestamp(key) }
        let block = ofExport ? nil : try fields.optional("block") { key throws(JournalLineError) in
            try fields.wholeNumber(key, as: Int64.self, lowest: 0)
        }
        let eventsInCommand = try fields.optional("events") { key throws(JournalLineError) in
            try fields.wholeNumber(key, as: Int.self, lowest: 2)
        }
        let origin = ofExport ? try fields.exportedOrigin() : try fields.origin()
        do {
            try self.init(
                sequence: sequence, id: id, at: at, recorded: recorded, command: command, emotion: emotion,
                old: old, new: new, note: note, tags: tags, group: group, reverts: reverts, latest: latest,
                eventsInCommand: eventsInCommand, block: block, origin: origin)
        } catch {
            throw .invalidEvent(error)
        }
    }
}

/// The members of a journal or export line's object, read by key with the error a missing or wrong one gives.
struct Fields {
    /// The line's object.
    let json: JSONValue

    /// The value of `key`, which every event has.
    func value(_ key: String) throws(JournalLineError) -> JSONValue {
        guard let value = json[key] else { throw .missingKey(key) }
        return value
    }

    /// What `read` makes of `key`, or `nil` if the line has no `key`.
    func optional<Value>(
        _ key: String, _ read: (String) throws(JournalLineError) -> Value
    ) throws(JournalLineError) -> Value? {
        json[key] == nil ? nil : try read(key)
    }

    /// The string `key` holds.
    func string(_ key: String) throws(JournalLineError) -> String {
        let found = try value(key)
        guard case let .string(text) = found else {
            throw .wrongType(key: key, expected: "a string", found: found.describedForMessage)
        }
        return text
    }

    /// The whole number `key` holds, or an error saying it is not one from `lowest` to `Number.max`;
    /// whether it is at least `lowest` is the event's to check, as an invariant.
    func wholeNumber<Number: FixedWidthInteger>(
        _ key: String, as type: Number.Type, lowest: Number
    ) throws(JournalLineError) -> Number {
        let found = try value(key)
        guard case let .number(text) = found else {
            throw .wrongType(key: key, expected: "a whole number", found: found.describedForMessage)
        }
        // Any text a JSON number may be that is not a whole number in range: 1.0, 1e3, 2^64.
        guard let number = Number(text) else {
            throw .numberOutOfRange(key: key, text: text, range: String(lowest) + " to " + String(Number.max))
        }
        return number
    }

    /// The tags `tags` holds, an array of words a tag may be, in any order; none without `tags`.
    func tags() throws(JournalLineError) -> [Tag] {
        guard let found = json["tags"] else { return [] }
        guard case let .array(items) = found else {
            throw .wrongType(key: "tags", expected: "an array of tags", found: found.describedForMessage)
        }
        var tags: [Tag] = []
        for item in items {
            guard case let .string(text) = item else {
                throw .wrongType(key: "tags", expected: "an array of tags", found: item.describedForMessage)
            }
            do {
                tags.append(try Tag(text))
            } catch {
                throw .badTag(text, error)
            }
        }
        return tags
    }

    /// The event id `key` holds, as canonical text.
    func id(_ key: String) throws(JournalLineError) -> EventID {
        let text = try string(key)
        guard let id = EventID(parsing: text) else { throw .badID(key: key, text: text) }
        return id
    }

    /// Where an event taken in from another history was made: `from`, `hseq` and `after`; `nil` on a
    /// line without `from`.
    func origin() throws(JournalLineError) -> EventOrigin? {
        guard json["from"] != nil else { return nil }
        let history = try historyID("from")
        let sequence = try wholeNumber("hseq", as: UInt64.self, lowest: 1)
        return EventOrigin(history: history, sequence: sequence, after: try after() ?? [])
    }

    /// Where an exported event was made: `history`, `hseq` and `after`, as `export` writes them since
    /// the event model of issue 23; `nil` on a line without `history` (an export made before).
    func exportedOrigin() throws(JournalLineError) -> EventOrigin? {
        guard json["history"] != nil else { return nil }
        let history = try historyID("history")
        let sequence = try wholeNumber("hseq", as: UInt64.self, lowest: 1)
        return EventOrigin(history: history, sequence: sequence, after: try after() ?? [])
    }

    /// The marks `after` holds, an object of history ids and whole numbers; `nil` without `after`.
    func after() throws(JournalLineError) -> [HistoryMark]? {
        guard let found = json["after"] else { return nil }
        guard case let .object(members) = found else {
            throw .wrongType(key: "after", expected: "an object", found: found.describedForMessage)
        }
        var marks: [HistoryMark] = []
        for (key, value) in members {
            guard let history = HistoryID(text: key) else { throw .badID(key: "after", text: key) }
            guard case let .number(text) = value, let sequence = UInt64(text), sequence >= 1 else {
                throw .numberOutOfRange(key: "after", text: value.describedForMessage, range: "1 to " + String(UInt64.max))
            }
            marks.append(HistoryMark(history, sequence))
        }
        return marks
    }

    /// The history id `key` holds, as canonical text.
    func historyID(_ key: String) throws(JournalLineError) -> HistoryID {
        HistoryID(try id(key))
    }

    /// The RFC 3339 time `key` holds.
    func timestamp(_ key: String) throws(JournalLineError) -> Timestamp {
        let text = try string(key)
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw .badTime(key: key, error)
        }
    }
}

extension JournalEvent {
    /// The members of a line of one event, a journal's or an export's: refused if too long, holding
    /// a line break, not a JSON object, or of a newer `version`.
    static func fields(of line: [UInt8]) throws(JournalLineError) -> Fields {
        guard line.count <= JournalEvent.lineLimit else { throw .tooLong(bytes: line.count) }
        guard !line.contains(0x0A) else { throw .holdsNewline }
        let json: JSONValue
        do {
            json = try JSONParser.parse(line)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .object = json else { throw .notAnObject(found: json.kindDescription) }
        let fields = Fields(json: json)
        if let version = json["version"] {
            guard case let .number(text) = version, text == "1" || text == "2" else {
                throw .unknownVersion(found: version.describedForMessage)
            }
        }
        return fields
    }
}

extension JournalEvent {
    /// Reads a line of a history's file in a sync folder (without its `\n`): the event `history` made,
    /// its `seq` its place there, with `after` (see `publishedLine`); it comes back with that origin
    /// and sequence 1 until it is placed in a journal.
    ///
    /// - Throws: `JournalLineError` naming what is wrong, as for a journal line.
    package init(publishedLine line: [UInt8], history: HistoryID) throws(JournalLineError) {
        if let event = JournalEvent.fastParse(publishedLine: line, history: history) {
            self = event
            return
        }
        let fields = try JournalEvent.fields(of: line)
        let event = try JournalEvent(members: fields, ofExport: false)
        let origin = EventOrigin(history: history, sequence: event.sequence, after: try fields.after() ?? [])
        do {
            self = try event.placed(
                sequence: 1, old: event.old, new: event.new, group: event.group, eventsInCommand: event.eventsInCommand,
                reverts: event.reverts, latest: nil, block: nil, origin: origin)
        } catch {
            throw .invalidEvent(error)
        }
    }
}
