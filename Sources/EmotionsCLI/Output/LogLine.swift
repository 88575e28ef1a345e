import EmotionKit

/// How `log` shows one change.
enum LogLine {
    /// `2026-11-23 21:04  sad: 3 → 4  "rough meeting"`: the local date and time where it was made,
    /// the change as `tap` prints it, what made it if not a tap or add (`(reset)`, `(undo)`,
    /// `(redo)`), when a backdated change was recorded, and the note.
    static func text(for event: JournalEvent, style: OutputStyle) -> String {
        var line = event.at.minuteText + "  " + event.change.description(labelled: style.label(for: event.emotion))
        switch event.command {
        case .tap, .add: break
        case .reset, .undo, .redo: line += "  (" + event.command.name + ")"
        }
        if let recorded = event.recorded { line += "  (recorded " + recorded.minuteText + ")" }
        if let note = event.note { line += "  " + ControlCharacters.quoted(note) }
        return line
    }

    /// `{"id": "01K…", "at": "2026-11-23T21:04:05.123+09:00", "command": "tap", "emotion": "sad", "old": 3,
    /// "new": 4}`, then `note`, `group`, `events`, `reverts` and `recorded` where the event has them.
    ///
    /// `group` (the id of the command's first event) is on the second and later events of a command
    /// of several, and `events` (how many it has) on its first, as the journal keeps them: so that
    /// `import` can tell a whole command from part of one, and make it again as one.
    ///
    /// Written by appending, as `JournalEvent.jsonLine` is, in `JSONValue`'s one-line layout (a space
    /// after each `:` and `,`): `export` writes one for each of 100,000 changes. Every value but the
    /// note is ASCII with nothing to escape, so only the note goes through the JSON writer and
    /// `ControlCharacters`.
    static func json(for event: JournalEvent) -> String {
        var line = "{\"id\": \""
        line += event.id.description
        line += "\", \"at\": \""
        line += event.at.rfc3339
        line += "\", \"command\": \""
        line += event.command.name
        line += "\", \"emotion\": \""
        line += event.emotion.name
        line += "\", \"old\": "
        line += String(event.old)
        line += ", \"new\": "
        line += String(event.new)
        if let note = event.note {
            line += ", \"note\": "
            line += ControlCharacters.escaped(inJSON: JSONValue.string(note).serialized(pretty: false))
        }
        if event.group != event.id {
            line += ", \"group\": \""
            line += event.group.description
            line += "\""
        }
        if let events = event.eventsInCommand {
            line += ", \"events\": "
            line += String(events)
        }
        if let reverts = event.reverts {
            line += ", \"reverts\": \""
            line += reverts.description
            line += "\""
        }
        if let recorded = event.recorded {
            line += ", \"recorded\": \""
            line += recorded.rfc3339
            line += "\""
        }
        line += "}"
        return line
    }
}
